import Testing

@testable import edujam_bench

/// The bridge row's reference is the bench's host function written in C (`bench_quantity`): it
/// must take the same arguments, see the same values and refuse the same wrong ones, or the row
/// would compare two different jobs. Serialized: the C function records what it saw in one
/// process-wide place, which another test's calls would overwrite.
@Suite(.serialized) struct BridgeReferenceTests {
    @Test func everyLoopSeesItsArguments() throws {
        let loops = try BridgeLoops()
        for callee in BridgeLoops.Callee.allCases { try loops.run(callee, 1_000) }
        try loops.checkArguments(1_000)
    }

    /// The C function's type checks give the host function's messages, located at the same line.
    @Test(arguments: [
        "quantity(12, 1)", "quantity(nil, 1)", "quantity('score', '10')", "quantity('score')",
        "quantity('score', {})",
    ])
    func theCFunctionRefusesWhatTheHostFunctionRefuses(_ call: String) throws {
        let loops = try BridgeLoops()
        let hostMessage: String
        do {
            try loops.sandbox.run("local quantity = activity.quantity\n" + call, name: "bridge.lua")
            Issue.record("the host function took \(call)")
            return
        } catch {
            hostMessage = "\(error)"
        }
        var cMessage = ""
        do {
            try BridgeLoops.bareState().run("local quantity = quantity\n" + call, name: "bridge.lua")
            Issue.record("the C function took \(call)")
        } catch BenchError.rawLua(let message) {
            cMessage = message
        }
        #expect(cMessage.hasPrefix("bridge.lua:2: bad argument #"), "\(cMessage)")
        #expect(hostMessage.contains(cMessage), "\(hostMessage) against \(cMessage)")
    }
}
