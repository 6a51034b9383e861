import Foundation
import Sandbox

/// Row 3: one call from Lua into a Swift host function, against one call into
/// a C function of the standard library, in the same loop shape.
///
/// The host function is shaped like the runtime's `activity.quantity(id,
/// value)`: it reads a string (in place, comparing it with the id it knows)
/// and a number with the `HostCall` readers, stores them on the Swift side
/// and returns nothing. The note gives the same call reading the id into a
/// Swift `String` (allocation and UTF-8 validation: the host function's own cost). The C function is
/// `math.abs(i)`. Both loops run in the same sandbox, so the only difference
/// is the callee. Times are per call and include the loop's own few ns.
extension Row {
    static let bridgeCall = Row(name: "bridge") { context in
        let loops = try BridgeLoops()
        let n = context.options.quick ? 50_000 : 100_000  // a few ms per round: short rounds, many of them (Harness)
        try loops.run(.host, n)  // warm up both paths
        try loops.run(.c, n)
        guard loops.recorder.value == Double(n), loops.recorder.isScore else {
            throw BenchError.mismatch("the host function did not see its arguments")
        }
        let samples = try interleaveUntilSteady(
            context.cpuRounds, pair: (1, 0),
            [
                { try cpuSeconds { try loops.run(.c, n) } / Double(n) },
                { try cpuSeconds { try loops.run(.host, n) } / Double(n) },
                { try cpuSeconds { try loops.run(.hostString, n) } / Double(n) },
            ])
        return [
            Measurement(
                name: "bridge", reference: samples.median(of: 0) * 1e9, edujam: samples.median(of: 1) * 1e9,
                unit: "ns/call", paired: samples.paired(1, to: 0), target: Target(maxRatio: 1.3),
                note: String(
                    format: "activity.quantity(\"score\", i) into Swift (the id read in place with HostCall.withBytes) "
                        + "vs math.abs(i) into C, n=%d; reading the id as a Swift String instead: %@ ns (ratio %.2f)",
                    n, format(samples.median(of: 2) * 1e9), samples.ratio(2, to: 0)))
        ]
    }
}

/// The three loops of the bridge row, in one sandbox: only the callee differs.
final class BridgeLoops {
    /// Which callee a loop calls.
    enum Callee: String, CaseIterable {
        /// `activity.quantity("score", i)`, the id read in place.
        case host
        /// `math.abs(i)`, a C function of the standard library.
        case c
        /// The host function again, reading the id into a Swift `String`.
        case hostString = "host-string"
    }

    let sandbox: Sandbox
    let recorder = QuantityRecorder()
    private var loops: [Callee: LuaFunction] = [:]

    init() throws {
        sandbox = try Sandbox()
        let recorder = recorder
        sandbox.register("quantity", in: "activity") { call in
            recorder.isScore = try call.withBytes(1) { $0.count == 5 && memcmp($0.baseAddress!, "score", 5) == 0 }
            recorder.value = try call.number(2)
        }
        sandbox.register("quantityString", in: "activity") { call in
            recorder.isScore = try call.string(1) == "score"
            recorder.value = try call.number(2)
        }
        let functions = try sandbox.run(
            """
            local quantity, quantityString, abs = activity.quantity, activity.quantityString, math.abs
            return function(n) for i = 1, n do quantity("score", i) end end,
                   function(n) for i = 1, n do abs(i) end end,
                   function(n) for i = 1, n do quantityString("score", i) end end
            """, name: "bridge.lua")
        guard functions.count == 3, let host = functions[0].functionValue, let c = functions[1].functionValue,
            let hostString = functions[2].functionValue
        else {
            throw BenchError.mismatch("bridge.lua did not return three functions")
        }
        loops = [.host: host, .c: c, .hostString: hostString]
    }

    /// One loop of `n` calls to `callee`.
    func run(_ callee: Callee, _ n: Int) throws {
        try sandbox.call(loops[callee]!, [.integer(n)])
    }
}

/// Where the host function puts its arguments, so the work cannot be optimized away.
final class QuantityRecorder {
    var isScore = false
    var value = 0.0
}

/// `count` calls to one callee of the bridge row and nothing else, for a profiler
/// (`--profile-bridge host|c|host-string COUNT`): the instructions of two counts, subtracted
/// and divided by their difference, are one call's.
func profileBridge(_ callee: BridgeLoops.Callee, count: Int) throws {
    try BridgeLoops().run(callee, count)
}
