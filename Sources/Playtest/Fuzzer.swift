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
    /// How many runs ended each way.
    public var outcomes: [RunOutcome: Int] = [:]
    /// One finding per distinct failure (same outcome and script line).
    public var findings: [FuzzFinding] = []
    /// Wall-clock seconds, shrinking included.
    public var seconds = 0.0
}

/// Plays a game many times with a ``MonkeyChannel`` and shrinks what breaks it.
public enum Fuzzer {
    /// Plays `runs` runs with seeds `seed`, `seed + 1`, ...
    /// - Parameters:
    ///   - game: the game.
    ///   - runs: how many runs.
    ///   - seed: the first run's seed.
    ///   - progress: called after each run with the runs done and the findings so far.
    /// - Returns: the summary; each distinct failure is shrunk once.
    public static func fuzz(_ game: GameUnderTest, runs: Int, seed: Int,
                            progress: (Int, Int) -> Void = { _, _ in }) -> FuzzSummary {
        let started = ContinuousClock.now
        var summary = FuzzSummary()
        var signatures: Set<String> = []
        for offset in 0..<runs {
            let runSeed = seed &+ offset
            let level = self.level(for: runSeed, in: game)
            let monkey = MonkeyChannel(seed: runSeed)
            guard let report = try? game.play(channel: monkey, seed: runSeed, level: level) else { continue }
            summary.runs += 1
            summary.outcomes[report.outcome, default: 0] += 1
            if let signature = signature(of: report), signatures.insert(signature).inserted {
                summary.findings.append(finding(game, seed: runSeed, level: level, report: report, inputs: monkey.replies))
            }
            progress(offset + 1, summary.findings.count)
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

    private static func finding(_ game: GameUnderTest, seed: Int, level: String?, report: RunReport, inputs: [Reply]) -> FuzzFinding {
        let wanted = signature(of: report)
        let shrunk = Shrinker.shrink(inputs) { candidate in
            let replay = ScriptedChannel(replies: candidate)
            guard let again = try? game.play(channel: replay, seed: seed, level: level) else { return false }
            return signature(of: again) == wanted
        }
        let text = TranscriptWriter.testCase(
            name: "fuzz finding: seed \(seed)", seed: seed, level: level, replies: shrunk, segments: [], record: nil,
            reportLines: ["report: outcome != \(report.outcome.rawValue)"])
        return FuzzFinding(seed: seed, level: level, outcome: report.outcome, failure: report.failure,
                           inputs: inputs, shrunk: shrunk, transcript: text)
    }
}
