import Foundation
import Playtest

/// Row: `edujam fuzz` on every core. 2,500 fuzz runs of Math Jam (seeds 1...2,500, 1,000
/// with `--quick`) with one thread, then with one per core (`Fuzzer.fuzz(..., jobs:)`, what
/// `--jobs N` runs), timed by the wall clock: what a person waits for, in 9 to 31 alternated pairs
/// (``ScalingPairs``). Every run must give the warm-up's summary, or the row fails.
///
/// Reference: one job; EduJam: one job per core; the ratio is the median of the pairs' (their
/// time), so the speed-up is its inverse. Target: a speed-up of at least 0.9 per core, 1.8 on 2 cores (ratio <= 0.556);
/// none on one core. The caller's thread only merges results in seed order and sleeps meanwhile.
extension Row {
    static let fuzzScaling = Row(name: "fuzz/scaling") { context in
        let game = try GameUnderTest(folder: try context.file("games/math-jam").path)
        let runs = context.options.quick ? 1_000 : 2_500
        let first = Fuzzer.fuzz(game, runs: runs, seed: 1, jobs: 1)  // warm-up: the game compiled once
        let pairs = try ScalingPairs(pairs: context.options.quick ? 1...1 : 9...31) { jobs in
            var summary: FuzzSummary?
            let timed = secondsAndProcessCPU { summary = Fuzzer.fuzz(game, runs: runs, seed: 1, jobs: jobs) }
            guard summary!.outcomes == first.outcomes, summary!.findings.map(\.seed) == first.findings.map(\.seed)
            else { throw BenchError.mismatch("fuzz with 1 and \(jobs) jobs") }
            return timed
        }
        return [pairs.measurement(name: "fuzz/scaling", work: "\(runs) Math Jam fuzz runs", beside: "the runs")]
    }
}
