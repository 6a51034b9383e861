import BenchLuaC
import CLua
import Foundation
import Sandbox

/// Row 3: one call from Lua into a Swift host function, against one call into
/// the same function written in C, in the same loop shape.
///
/// The host function is shaped like the runtime's `activity.quantity(id,
/// value)`: it reads a string (in place, comparing it with the id it knows)
/// and a number with the `HostCall` readers, stores them on the Swift side
/// and returns nothing. The reference is that function written in C
/// (`bench_quantity`, `Sources/BenchLuaC`): the same arguments, read with the
/// Lua API calls the host function's readers make, registered in a bare state
/// as a library's C function is. The note gives `math.abs(i)`, an earlier
/// reference (a C function with one argument that reads one), and the
/// host call reading the id into a Swift `String` (allocation and UTF-8
/// validation: the host function's own cost). Times are per call and include
/// the loop's own few ns.
extension Row {
    static let bridgeCall = Row(name: "bridge") { context in
        let loops = try BridgeLoops()
        let n = context.options.quick ? 50_000 : 100_000  // a few ms per round: short rounds, many of them (Harness)
        for callee in BridgeLoops.Callee.allCases { try loops.run(callee, n) }  // warm up every path
        try loops.checkArguments(n)
        let samples = try interleaveUntilSteady(
            context.cpuRounds, pair: (1, 0),
            BridgeLoops.Callee.allCases.map { callee in
                { try cpuSeconds { try loops.run(callee, n) } / Double(n) }
            })
        return [
            Measurement(
                name: "bridge", reference: samples.median(of: 0) * 1e9, edujam: samples.median(of: 1) * 1e9,
                unit: "ns/call", paired: samples.paired(1, to: 0), target: Target(maxRatio: 1.3),
                note: String(
                    format: "activity.quantity(\"score\", i) into Swift (the id read in place with HostCall.withBytes) "
                        + "vs the same function in C (bench_quantity, the same Lua API reads), n=%d; "
                        + "against math.abs(i), a C library call of one argument: %@ ns (ratio %.2f); "
                        + "reading the id as a Swift String instead: %@ ns (ratio %.2f)",
                    n, format(samples.median(of: 2) * 1e9), samples.ratio(1, to: 2),
                    format(samples.median(of: 3) * 1e9), samples.ratio(3, to: 0)))
        ]
    }
}

/// The loops of the bridge row: the host function's two in one sandbox, with `math.abs`,
/// and the C function's in a bare state. Only the callee differs.
final class BridgeLoops {
    /// Which callee a loop calls, in the order the row measures them.
    enum Callee: String, CaseIterable {
        /// `quantity("score", i)` written in C (`bench_quantity`), in a bare state: the reference.
        case c
        /// `activity.quantity("score", i)`, the id read in place.
        case host
        /// `math.abs(i)`, a C function of the standard library that reads one argument.
        case abs
        /// The host function again, reading the id into a Swift `String`.
        case hostString = "host-string"
    }

    let sandbox: Sandbox
    /// The bare state the C function is registered in; its loop is on its stack at `cLoop`.
    let bare: RawLua
    let recorder = QuantityRecorder()
    private var loops: [Callee: LuaFunction] = [:]
    private let cLoop: Int32

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
        guard functions.count == 3, let host = functions[0].functionValue, let abs = functions[1].functionValue,
            let hostString = functions[2].functionValue
        else {
            throw BenchError.mismatch("bridge.lua did not return three functions")
        }
        loops = [.host: host, .abs: abs, .hostString: hostString]
        bare = try Self.bareState()
        try bare.run(
            "local quantity = quantity return function(n) for i = 1, n do quantity('score', i) end end",
            name: "bridge-c.lua")
        cLoop = lua_gettop(bare.state)
    }

    /// A bare state with the C function as the global `quantity`, registered as a library
    /// registers its C functions.
    static func bareState() throws -> RawLua {
        let bare = try RawLua()
        lua_pushcclosure(bare.state, bench_quantity, 0)
        lua_setglobal(bare.state, "quantity")
        return bare
    }

    /// One loop of `n` calls to `callee`.
    func run(_ callee: Callee, _ n: Int) throws {
        if callee == .c {
            try bare.call(at: cLoop, n)
        } else {
            try sandbox.call(loops[callee]!, [.integer(n)])
        }
    }

    /// Throws unless the last loop of each function, `n` calls, saw its arguments.
    func checkArguments(_ n: Int) throws {
        let seen = bench_quantity_last()
        guard recorder.value == Double(n), recorder.isScore, seen.value == Double(n), seen.is_score != 0 else {
            throw BenchError.mismatch("the host function or its C twin did not see its arguments")
        }
    }
}

/// Where the host function puts its arguments, so the work cannot be optimized away.
final class QuantityRecorder {
    var isScore = false
    var value = 0.0
}

/// `count` calls to one callee of the bridge row and nothing else, for a profiler
/// (`--profile-bridge host|c|abs|host-string COUNT`): the instructions of two counts,
/// subtracted and divided by their difference, are one call's.
func profileBridge(_ callee: BridgeLoops.Callee, count: Int) throws {
    try BridgeLoops().run(callee, count)
}
