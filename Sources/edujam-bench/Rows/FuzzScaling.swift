import Foundation
import Playtest

/// Row: `edujam fuzz` on every core. 10,000 fuzz runs of Math Jam (seeds 1...10,000, 1,000
/// with `--quick`) with one thread, then with one per core (`Fuzzer.fuzz(..., jobs:)`, what
/// `--jobs N` runs), timed by the wall clock: what a person waits for. Both must give the
/// same summary, or the row fails.
///
/// Reference: one job; EduJam: one job per core; the ratio is their time, so the speed-up is
/// its inverse. Target: a speed-up of at least 0.9 per core, 1.8 on 2 cores (ratio <= 0.556);
/// none on one core. The caller's thread only merges results in seed order and sleeps meanwhile.
extension Row {
    static let fuzzScaling = Row(name: "fuzz/scaling") { context in
        let game = try GameUnderTest(folder: try context.file("games/math-jam").path)
        let runs = context.options.quick ? 1_000 : 10_000
        let cores = Jobs.cores
        func fuzz(jobs: Int) -> (seconds: Double, cpu: Double, summary: FuzzSummary) {
            var summary: FuzzSummary?
            let (time, cpu) = secondsAndProcessCPU { summary = Fuzzer.fuzz(game, runs: runs, seed: 1, jobs: jobs) }
            return (time, cpu, summary!)
        }
        _ = fuzz(jobs: 1)  // warm-up: the game compiled and its declaration read once per process
        var single: [Double] = []
        var parallel: [Double] = []
        var cpu: (single: Double, parallel: Double) = (0, 0)
        for _ in 0..<(context.options.quick ? 1 : 2) {  // alternated, so both see the same machine
            let one = fuzz(jobs: 1)
            let many = fuzz(jobs: cores)
            guard one.summary.outcomes == many.summary.outcomes,
                one.summary.findings.map(\.seed) == many.summary.findings.map(\.seed)
            else { throw BenchError.mismatch("fuzz with 1 and \(cores) jobs") }
            single.append(one.seconds)
            parallel.append(many.seconds)
            cpu = (cpu.single + one.cpu, cpu.parallel + many.cpu)
        }
        let (reference, edujam) = (single.min()!, parallel.min()!)
        let target = 0.9 * Double(cores)
        return [
            Measurement(
                name: "fuzz/scaling", reference: reference, edujam: edujam, unit: "s",
                target: cores > 1 ? Target(maxRatio: 1 / target) : Target(),
                note: String(
                    format: "%d Math Jam fuzz runs: speed-up %.2f with %d jobs (target >= %.2f, 0.9 per core); "
                        + "reference: --jobs 1; best of %d (wall time); process CPU time %.2f s with %d jobs for "
                        + "%.2f s with one (%.2f: what the threads cost beside the runs)",
                    runs, reference / edujam, cores, cores > 1 ? target : 1, single.count, cpu.parallel, cores,
                    cpu.single, cpu.parallel / cpu.single))
        ]
    }
}
