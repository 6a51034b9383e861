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
        let sandbox = try Sandbox()
        let recorder = QuantityRecorder()
        sandbox.register("quantity", in: "activity") { call in
            recorder.isScore = try call.withBytes(1) { $0.count == 5 && memcmp($0.baseAddress!, "score", 5) == 0 }
            recorder.value = try call.number(2)
            return []
        }
        sandbox.register("quantityString", in: "activity") { call in
            recorder.isScore = try call.string(1) == "score"
            recorder.value = try call.number(2)
            return []
        }
        let loops = try sandbox.run(
            """
            local quantity, quantityString, abs = activity.quantity, activity.quantityString, math.abs
            return function(n) for i = 1, n do quantity("score", i) end end,
                   function(n) for i = 1, n do abs(i) end end,
                   function(n) for i = 1, n do quantityString("score", i) end end
            """, name: "bridge.lua")
        guard loops.count == 3, let host = loops[0].functionValue, let c = loops[1].functionValue,
            let hostString = loops[2].functionValue
        else {
            throw BenchError.mismatch("bridge.lua did not return three functions")
        }
        let n = context.options.quick ? 50_000 : 100_000  // a few ms per round: short rounds, many of them (Harness)
        try sandbox.call(host, [.integer(n)])  // warm up both paths
        try sandbox.call(c, [.integer(n)])
        guard recorder.value == Double(n), recorder.isScore else {
            throw BenchError.mismatch("the host function did not see its arguments")
        }
        let samples = try interleaveUntilSteady(
            context.cpuRounds, pair: (1, 0),
            [
                { try cpuSeconds { try sandbox.call(c, [.integer(n)]) } / Double(n) },
                { try cpuSeconds { try sandbox.call(host, [.integer(n)]) } / Double(n) },
                { try cpuSeconds { try sandbox.call(hostString, [.integer(n)]) } / Double(n) },
            ])
        return [
            Measurement(
                name: "bridge", reference: samples.median(of: 0) * 1e9, edujam: samples.median(of: 1) * 1e9,
                unit: "ns/call", paired: samples.paired(1, to: 0), target: Target(maxRatio: 2),
                note: String(
                    format: "activity.quantity(\"score\", i) into Swift (the id read in place with HostCall.withBytes) "
                        + "vs math.abs(i) into C, n=%d; reading the id as a Swift String instead: %@ ns (ratio %.2f)",
                    n, format(samples.median(of: 2) * 1e9), samples.ratio(2, to: 0)))
        ]
    }
}

/// Where the host function puts its arguments, so the work cannot be optimized away.
private final class QuantityRecorder {
    var isScore = false
    var value = 0.0
}
