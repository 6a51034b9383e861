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
    ///   - progress: called after each run with the runs done and the findings so far.
    /// - Returns: the summary; each distinct failure is shrunk once.
    public static func fuzz(
        _ game: GameUnderTest, runs: Int, seed: Int, timeLimit: Duration? = nil,
        progress: (Int, Int) -> Void = { _, _ in }
    ) -> FuzzSummary {
        let started = ContinuousClock.now
        let runDeadline = timeLimit.map { started + $0 * runShare }
        let deadline = timeLimit.map { started + $0 }
        var summary = FuzzSummary()
        summary.plannedRuns = runs
        var failing: [(seed: Int, level: String?, report: RunReport, inputs: [Reply])] = []
        var signatures: Set<String> = []
        for offset in 0..<runs {
            if let runDeadline, ContinuousClock.now >= runDeadline {
                summary.ranOutOfTime = true
                break
            }
            let runSeed = seed &+ offset
            let level = self.level(for: runSeed, in: game)
            let monkey = MonkeyChannel(seed: runSeed)
            guard let report = try? game.play(channel: monkey, seed: runSeed, level: level) else { continue }
            summary.runs += 1
            summary.outcomes[report.outcome, default: 0] += 1
            if let signature = signature(of: report), signatures.insert(signature).inserted {
                failing.append((runSeed, level, report, monkey.replies))
            }
            progress(offset + 1, failing.count)
        }
        for run in failing {
            let (found, complete) = finding(
                game, seed: run.seed, level: run.level, report: run.report,
                inputs: run.inputs, deadline: deadline)
            summary.findings.append(found)
            if !complete { summary.ranOutOfTime = true }
        }
        let elapsed = ContinuousClock.now - started
        summary.seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return summary
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
        _ game: GameUnderTest, seed: Int, level: String?, report: RunReport, inputs: [Reply],
        deadline: ContinuousClock.Instant?
    ) -> (FuzzFinding, Bool) {
        let wanted = signature(of: report)
        var cutShort = false
        let shrunk = Shrinker.shrink(inputs) { candidate in
            if let deadline, ContinuousClock.now >= deadline {
                cutShort = true
                return false
            }
            let replay = ScriptedChannel(replies: candidate)
            guard let again = try? game.play(channel: replay, seed: seed, level: level) else { return false }
            return signature(of: again) == wanted
        }
        let text = TranscriptWriter.testCase(
            name: "fuzz finding: seed \(seed)", seed: seed, level: level, replies: shrunk, segments: [], record: nil,
            reportLines: ["report: outcome != \(report.outcome.rawValue)"])
        return (
            FuzzFinding(
                seed: seed, level: level, outcome: report.outcome, failure: report.failure,
                inputs: inputs, shrunk: shrunk, transcript: text), !cutShort
        )
    }
}
