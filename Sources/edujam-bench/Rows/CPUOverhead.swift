import Foundation
import Sandbox

/// Row 1: what the sandbox costs pure-Lua code, one line per workload in
/// `bench/workloads/`.
///
/// Each workload is a chunk returning `run(n)`. The reference is the stock
/// `lua5.4` interpreter timing `run(n)` with `os.clock` (bench/stock-runner.lua);
/// EduJam is `sandbox.call(run, [n])` in a sandbox with the default limits.
/// Both are compared in CPU time (`os.clock` there, the process CPU clock
/// here); wall time (`ContinuousClock`) is kept as a cross-check in the note. A bare in-process state (same liblua5.4, no
/// sandbox) runs alongside, so the note can tell the sandbox's cost from the
/// cost of calling Lua as a shared library.
extension Row {
    static func cpuOverhead(_ context: Context) -> [Row] {
        let directory = context.root.appendingPathComponent("bench/workloads")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".lua") }.sorted().map { file in
            let name = "cpu/" + file.dropLast(4)
            return Row(name: name) { context in
                [try measureWorkload(name: name, path: "bench/workloads/" + file, context: context)]
            }
        }
    }
}

private let cpuTarget = Target(maxRatio: 1.00)  // no slower than stock: bench/README.md, "The targets"

private func measureWorkload(name: String, path: String, context: Context) throws -> Measurement {
    let source = try context.text(path)
    let sandbox = try Sandbox()
    let run: LuaFunction
    do {
        guard let function = try sandbox.run(source, name: path).first?.functionValue else {
            throw BenchError.mismatch("\(path) does not return a function")
        }
        run = function
        let n = try calibrate(sandbox, run, seconds: context.repetitionSeconds)

        let raw = try RawLua()
        try raw.run(source, name: path)
        let stock = try StockLua(context: context, workload: context.file(path), n: n)
        let expected = try sandbox.call(run, [.integer(n)]).first?.description ?? "nil"
        guard stock.checksum == expected, try raw.call(at: -1, n) == expected else {
            throw BenchError.mismatch("\(path): stock \(stock.checksum), sandbox \(expected)")
        }

        var wall: [[Double]] = [[], []]  // stock, sandbox
        let samples = try interleaveUntilSteady(
            context.cpuRounds, pair: (1, 0),
            [
                {
                    let time = try stock.repetition()
                    wall[0].append(time.wall)
                    return time.cpu
                },
                {
                    var cpu = 0.0
                    wall[1].append(try seconds { cpu = try cpuSeconds { try sandbox.call(run, [.integer(n)]) } })
                    return cpu
                },
                { try cpuSeconds { try raw.call(at: -1, n) } },
            ])
        let bare = samples.median(of: 2)
        let wallRatio = Interleaved(samples: wall).ratio(1, to: 0)
        return Measurement(
            name: name, reference: samples.median(of: 0) * 1e3, edujam: samples.median(of: 1) * 1e3,
            unit: "ms", paired: samples.paired(1, to: 0), target: cpuTarget,
            note: String(
                format: "n=%d; bare in-process liblua5.4 %@ ms (ratio to stock %.2f, sandbox to bare %.2f); "
                    + "wall-clock ratio %.2f; %@",
                n, format(bare * 1e3), samples.ratio(2, to: 0), samples.ratio(1, to: 2), wallRatio,
                samples.paired(1, to: 0).roundsNote))
    } catch let error as SandboxError {
        // A workload the sandbox cannot run is a result too: report it, do not stop the run.
        return Measurement(name: name, unit: "ms", target: cpuTarget, note: "sandbox failed: \(error)")
    }
}

/// The `n` that makes one repetition take about `seconds`, from the fastest of
/// a few `run(1)` calls (which also warm the sandbox up).
private func calibrate(_ sandbox: Sandbox, _ run: LuaFunction, seconds target: Double) throws -> Int {
    var fastest = Double.infinity
    for _ in 0..<3 {
        // not wall time: a busy machine's waits are not the workload's
        fastest = min(fastest, try cpuSeconds { try sandbox.call(run, [.integer(1)]) })
    }
    return max(1, Int((target / fastest).rounded()))
}

/// One workload's `run(n)`, five times in a sandbox, then five times in a bare state: what a
/// profiler should compare (`--profile-workload NAME`, or `NAME:N` for a fixed n, so that the
/// counts of two builds compare). No stock process, whose start valgrind cannot follow.
func profileWorkload(_ context: Context, name: String) throws {
    let parts = name.split(separator: ":", maxSplits: 1)
    let path = "bench/workloads/\(parts[0]).lua"
    let source = try context.text(path)
    let sandbox = try Sandbox()
    guard let run = try sandbox.run(source, name: path).first?.functionValue else {
        throw BenchError.mismatch("\(path) does not return a function")
    }
    let raw = try RawLua()
    try raw.run(source, name: path)
    // valgrind runs about 50 times slower than the calibration's 5 ms round
    let n = try parts.count == 2 ? Int(parts[1]) ?? 1 : calibrate(sandbox, run, seconds: 0.005) / 20 + 1
    for _ in 0..<5 { try sandbox.call(run, [.integer(n)]) }
    for _ in 0..<5 { try raw.call(at: -1, n) }
}
