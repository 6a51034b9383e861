import Classroom
import Foundation
import Playtest
import Runtime
import Tracking

/// Rows `verify` and `verify/scaling`: what `edujam verify` spends per attempt once its records'
/// text and game version are read: decoding each record (`AttemptInputs.decode(json:)`, the text
/// as the store keeps it), replaying the attempt from it in one throwaway store per thread and
/// comparing (``AttemptComparison/result(saved:replayed:divergence:)``), as `verify` does on each
/// thread.
/// The attempts are Math Jam LEVEL-1 rounds played by the bot that answers right (10 answers),
/// seeds 1...N, their records taken from the runs; every one must verify, or the row fails.
///
/// `verify`: CPU time per attempt on one thread, best of 3 (1 with `--quick`). Target: at least
/// 2,000 attempts verified per second on one core (<= 500 µs per attempt). No reference.
/// `verify/scaling`: wall time with one job against one per core, 15 to 61 alternated pairs
/// (``ScalingPairs``); the ratio is the median of the pairs' (their time), so the speed-up is its
/// inverse. Target: 0.9 per core (1.8 on 2 cores); none on one core.
extension Row {
    static let verify = Row(name: "verify") { context in
        let attempts = try PlayedAttempts(context, count: context.options.quick ? 200 : 1_000)
        try attempts.verify(jobs: 1)  // warm-up: the game compiled and its declaration read once
        let rounds = context.options.quick ? 1 : 3
        var best = Double.infinity
        for _ in 0..<rounds { best = min(best, try cpuSeconds { try attempts.verify(jobs: 1) }) }
        let perAttempt = best / Double(attempts.count)
        return [
            Measurement(
                name: "verify", reference: nil, edujam: perAttempt * 1e6, unit: "µs/attempt",
                target: Target(maxValue: 500, checks: "every attempt verified"),
                note: String(
                    format: "%.0f Math Jam attempts verified per second on one core (CPU time; target >= 2,000): "
                        + "each replayed from its record (LEVEL-1, 10 answers) and compared; %d attempts, best of %d",
                    1 / perAttempt, attempts.count, rounds))
        ]
    }

    static let verifyScaling = Row(name: "verify/scaling") { context in
        let attempts = try PlayedAttempts(context, count: context.options.quick ? 400 : 1_000)
        try attempts.verify(jobs: 1)
        let pairs = try ScalingPairs(pairs: context.options.quick ? 1...1 : 15...61) { jobs in
            try secondsAndProcessCPU { try attempts.verify(jobs: jobs) }
        }
        return [
            pairs.measurement(
                name: "verify/scaling", work: "\(attempts.count) Math Jam attempts verified", beside: "the replays",
                checks: "every attempt verified")
        ]
    }
}

/// Played attempts with their replay records, to verify.
private struct PlayedAttempts {
    let folder: String
    /// Each attempt as saved, and its replay record's JSON as the store keeps it.
    let saved: [(record: RunRecord, inputs: String)]
    var count: Int { saved.count }

    init(_ context: Context, count: Int) throws {
        let folder = try context.file("games/math-jam").path
        self.folder = folder
        let clock = RunClock.virtual()
        let store = try TrackingStore.inMemory(
            rootIdentifier: "org.edujam.games", rootTitle: "EduJam", clock: { clock.date() })
        saved = try (1...count).map { seed in
            let report = try play(folder: folder, seed: seed, store: store, clock: clock, channel: BotChannel())
            guard let inputs = report.inputs else { throw BenchError.mismatch("a bot run kept no replay record") }
            return (report.record, inputs.json())
        }
    }

    /// Decodes, replays and compares every attempt on `jobs` threads, as `verify --jobs` does with
    /// a chunk of attempts (`AttemptVerifier`).
    /// - Throws: ``BenchError/mismatch(_:)`` unless every attempt verifies.
    func verify(jobs: Int) throws {
        let (saved, folder) = (saved, folder)
        var failed: [String] = []
        OrderedWork.run(
            count: saved.count, jobs: jobs,
            worker: { try? TrackingStore.inMemory(rootIdentifier: "org.edujam.games", rootTitle: "EduJam") },
            task: { store, index -> String? in
                let (record, json) = saved[index]
                do {
                    let inputs = try AttemptInputs.decode(json: json)
                    let replay = try GamePlayer.replay(inputs, folder: folder, root: "org.edujam.games", store: store)
                    let result = AttemptComparison.result(
                        saved: record, replayed: replay.report.record, divergence: replay.divergence?.description)
                    return result.state == .verified ? nil : "\(result.state): \(result.difference ?? "")"
                } catch {
                    return "\(error)"
                }
            },
            deliver: { _, failure in if let failure { failed.append(failure) } })
        guard failed.isEmpty else { throw BenchError.mismatch("\(failed.count) attempts did not verify: \(failed[0])") }
    }
}
