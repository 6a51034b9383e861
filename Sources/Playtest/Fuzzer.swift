import Foundation
import Runtime
import Sandbox
import Tracking

/// A script error or a limit the fuzzer hit, with what reproduces it.
public struct FuzzFinding {
    /// The run's seed: `edujam fuzz <game> --seed <seed> --runs 1` replays it.
    public var seed: Int
    /// The level played.
    var level: String?
    /// error or limit.
    public var outcome: RunOutcome
    /// The script's failure, as the author reads it.
    public var failure: ScriptFailure?
    /// What the monkey typed.
    var inputs: [Reply]
    /// The smallest sequence found that fails the same way.
    var shrunk: [Reply]
    /// A `.play` case that replays `shrunk` and passes once the game is fixed.
    public var transcript: String
}

/// What a fuzz session found.
public struct FuzzSummary {
    /// Runs played.
    public var runs = 0
    /// Runs asked for; more than ``runs`` when the time limit stopped the session early.
    public var plannedRuns = 0
    /// How many runs ended each way.
    public var outcomes: [RunOutcome: Int] = [:]
    /// One finding per distinct failure (same outcome and script line).
    public var findings: [FuzzFinding] = []
    /// Wall-clock seconds, shrinking included.
    public var seconds = 0.0
    /// Whether the time limit ended the runs or the shrinking before they were done.
    public var ranOutOfTime = false

    /// Runs that reached `activity.finish()`: how much of the whole game the monkey saw.
    public var finished: Int { outcomes[.finished] ?? 0 }
}

/// Plays a game many times with a ``MonkeyChannel`` and shrinks what breaks it.
public enum Fuzzer {
    /// The share of a time limit the runs may use; shrinking the findings gets the rest
    /// (and whatever the runs left over).
    static let runShare = 0.75

    /// Plays `runs` runs with seeds `seed`, `seed + 1`, ...
    /// - Parameters:
    ///   - game: the game.
    ///   - runs: how many runs.
    ///   - seed: the first run's seed.
    ///   - timeLimit: the most wall-clock time for runs and shrinking together, or nil
    ///     for none. Runs stop after ``runShare`` of it; shrinking stops at the limit and
    ///     keeps the smallest failing input found so far (``FuzzSummary/ranOutOfTime``).
    ///     A run under way finishes first, so the limit can be passed by one run's time.
    ///   - jobs: how many threads play the runs, each with its own copy of the game and
    ///     store (``OrderedWork``). The runs' results are taken in seed order whatever the
    ///     number, so the summary and its findings are the same for 1 as for 16; only a time
    ///     limit, which cuts the runs wherever the clock says, can make them differ. Then
    ///     the runs counted are still seeds `seed...seed + runs - 1` with no gap.
    ///   - progress: called on the calling thread after each run with the runs done and the findings so far.
    /// - Returns: the summary; each distinct failure is shrunk once, one after the other, on the calling thread.
    public static func fuzz(
        _ game: GameUnderTest, runs: Int, seed: Int, timeLimit: Duration? = nil, jobs: Int = 1,
        progress: (Int, Int) -> Void = { _, _ in }
    ) -> FuzzSummary {
        let started = ContinuousClock.now
        let runDeadline = timeLimit.map { started + $0 * runShare }
        let deadline = timeLimit.map { started + $0 }
        var summary = FuzzSummary()
        summary.plannedRuns = runs
        var failing: [FailingRun] = []
        var signatures: Set<String> = []
        let blueprint = game.blueprint
        let played = OrderedWork.run(
            count: runs, jobs: jobs, batch: batchSize(runs: runs, jobs: jobs), deadline: runDeadline,
            worker: { FuzzWorker(game: GameUnderTest(blueprint)) },
            task: { worker, offset in worker.play(seed: seed &+ offset) },
            deliver: { offset, run in
                guard let outcome = run.outcome else { return }  // the game could not be played at all
                summary.runs += 1
                summary.outcomes[outcome, default: 0] += 1
                if let failure = run.failure, signatures.insert(failure.signature).inserted {
                    failing.append(failure)
                }
                progress(offset + 1, failing.count)
            })
        if played < runs { summary.ranOutOfTime = true }
        for run in failing {
            let (found, complete) = finding(game, run, deadline: deadline)
            summary.findings.append(found)
            if !complete { summary.ranOutOfTime = true }
        }
        let elapsed = ContinuousClock.now - started
        summary.seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return summary
    }

    /// Runs a thread claims at once: enough that claiming costs nothing beside a run of
    /// about 100 µs, few enough that the threads end together (8 batches each at least).
    static func batchSize(runs: Int, jobs: Int) -> Int {
        min(64, max(1, runs / (max(1, jobs) * 8)))
    }

    /// The level a run plays, picked by its seed so it replays; nil for a game without levels.
    static func level(for seed: Int, in game: GameUnderTest) -> String? {
        let levels = game.levels
        guard !levels.isEmpty else { return nil }
        var dice = Dice(seed: seed ^ 0x5EED)
        return dice.pick(levels)
    }

    /// What makes two failures the same: the outcome and where the script failed. Nil for a good run.
    static func signature(of report: RunReport) -> String? {
        guard [.error, .limit].contains(report.outcome) else { return nil }
        if report.outcome == .limit { return "limit" }
        return "error@\(report.failure?.chunk ?? "?"):\(report.failure?.line ?? 0)"
    }

    /// The finding for a failing run, its input shrunk until `deadline`; false when the
    /// deadline cut the shrinking short.
    private static func finding(
        _ game: GameUnderTest, _ run: FailingRun, deadline: ContinuousClock.Instant?
    ) -> (FuzzFinding, Bool) {
        var cutShort = false
        let shrunk = Shrinker.shrink(run.inputs) { candidate in
            if let deadline, ContinuousClock.now >= deadline {
                cutShort = true
                return false
            }
            let replay = ScriptedChannel(replies: candidate)
            guard let again = try? game.play(channel: replay, seed: run.seed, level: run.level) else { return false }
            return signature(of: again) == run.signature
        }
        let text = TranscriptWriter.testCase(
            name: "fuzz finding: seed \(run.seed)", seed: run.seed, level: run.level, replies: shrunk, segments: [],
            record: nil, reportLines: ["report: outcome != \(run.outcome.rawValue)"])
        return (
            FuzzFinding(
                seed: run.seed, level: run.level, outcome: run.outcome, failure: run.failure,
                inputs: run.inputs, shrunk: shrunk, transcript: text), !cutShort
        )
    }
}

/// One fuzz run as a thread hands it back: its outcome, and what replays it when it failed.
struct FuzzRun: Sendable {
    /// Nil when the game could not be played at all (such a run is not counted).
    var outcome: RunOutcome?
    /// Set for an error or a limit the thread had not yet seen; nil for a good run, and for a
    /// failure seen before by the same thread: that thread played a lower seed that failed
    /// the same way, so this run cannot be the first of its kind (``FuzzWorker``).
    var failure: FailingRun?
}

/// A failing run, with what reproduces it.
struct FailingRun: Sendable {
    var seed: Int
    var level: String?
    var outcome: RunOutcome
    var failure: ScriptFailure?
    /// What the monkey typed.
    var inputs: [Reply]
    /// ``Fuzzer/signature(of:)``.
    var signature: String
}

/// One thread's fuzzing: its own copy of the game, and the failures it has already seen.
struct FuzzWorker {
    let game: GameUnderTest
    /// Threads play seeds in increasing order, so a failure seen here before came from a
    /// lower seed, which wins over this one: keeping only the first of each kind per thread
    /// keeps every finding while the inputs held for merging stay a few per thread.
    var seen: Set<String> = []

    mutating func play(seed: Int) -> FuzzRun {
        let level = Fuzzer.level(for: seed, in: game)
        let monkey = MonkeyChannel(seed: seed)
        guard let report = try? game.play(channel: monkey, seed: seed, level: level) else { return FuzzRun() }
        guard let signature = Fuzzer.signature(of: report), seen.insert(signature).inserted else {
            return FuzzRun(outcome: report.outcome)
        }
        return FuzzRun(
            outcome: report.outcome,
            failure: FailingRun(
                seed: seed, level: level, outcome: report.outcome, failure: report.failure, inputs: monkey.replies,
                signature: signature))
    }
}
