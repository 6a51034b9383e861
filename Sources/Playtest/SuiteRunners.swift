import Foundation
import Runtime

/// One `.play` file for the suite: read once on the calling thread, its cases played one
/// per task (on any thread), then the rewrite under `--update` once all its cases are in.
struct TranscriptTests: Sendable {
    /// The `.play` file.
    var file: String
    /// Its text, as read, for `--update`.
    var text: String
    /// Its cases.
    var transcript: Transcript
    /// `rounds.play`.
    var label: String { (file as NSString).lastPathComponent }

    /// Reads and parses `file`; a file that does not parse is one failed outcome.
    static func load(_ file: String, game: String) -> Result<TranscriptTests, TestFailureOutcome> {
        do {
            // Decoded as game output is (bytes that are not UTF-8 become U+FFFD), so a
            // Latin-1 byte the game says and the same byte in its transcript match.
            let text = try SourceFile.text(file)
            return .success(
                TranscriptTests(file: file, text: text, transcript: try TranscriptParser.parse(text, file: file)))
        } catch {
            let label = (file as NSString).lastPathComponent
            return .failure(TestFailureOutcome(TestOutcome(game: game, name: label, failure: "\(error)", seconds: 0)))
        }
    }

    /// Plays one case on `game`: its line of results, and the result `--update` needs.
    static func run(_ testCase: TranscriptCase, file: String, on game: GameUnderTest) -> (TestOutcome, CaseResult) {
        let started = Date()
        let result = TranscriptRunner.run(testCase, file: file, on: game)
        let outcome = TestOutcome(
            game: game.name, name: "\((file as NSString).lastPathComponent): \(testCase.name)",
            failure: result.passed ? nil : result.explanation, seconds: Date().timeIntervalSince(started))
        return (outcome, result)
    }

    /// Under `--update`, rewrites the file from its cases' `results` when one failed:
    /// the notice with the diff, or nil when nothing changed.
    func update(_ results: [CaseResult], game: String) -> TestOutcome? {
        guard results.contains(where: { !$0.passed }) else { return nil }
        let rewrite = TranscriptUpdater.update(text, results: results)
        guard !rewrite.diff.isEmpty else { return nil }
        try? rewrite.text.write(toFile: file, atomically: true, encoding: .utf8)
        return TestOutcome(game: game, name: "\(label): updated", failure: nil, seconds: 0, diff: rewrite.diff)
    }
}

/// A failed ``TestOutcome`` as an error, for a `Result`.
struct TestFailureOutcome: Error {
    var outcome: TestOutcome
    init(_ outcome: TestOutcome) { self.outcome = outcome }
}

/// Runs one bot file for the suite: one result for all its playthroughs.
///
/// A bot's Lua state lives for the whole file (upvalues keep their values from one seed to
/// the next), so a file's playthroughs run in order, in one task.
enum BotTests {
    /// Failing seeds shown in full; the rest are counted.
    static let shownFailures = 5

    static func run(_ file: String, on game: GameUnderTest) -> TestOutcome {
        let label = (file as NSString).lastPathComponent
        let started = Date()
        let bot: BotScript
        do {
            bot = try BotScript(file: file)
        } catch {
            return TestOutcome(game: game.name, name: label, failure: "\(error)", seconds: 0)
        }
        let results = BotPlayer.run(bot, on: game)
        let failed = results.filter { !$0.passed }
        var failure: String?
        if !failed.isEmpty {
            failure =
                "\(failed.count) of \(results.count) playthroughs failed\n"
                + failed.prefix(shownFailures).map(\.explanation).joined(separator: "\n")
                + (failed.count > shownFailures ? "\n... and \(failed.count - shownFailures) more" : "")
        }
        return TestOutcome(
            game: game.name, name: "\(label) (\(results.count) playthroughs)", failure: failure,
            seconds: Date().timeIntervalSince(started))
    }
}

/// The smoke fuzz of one game for the suite: seeds 1...runs, findings as its failure.
enum SmokeFuzz {
    static func run(_ game: GameUnderTest, runs: Int) -> TestOutcome {
        let started = Date()
        let summary = Fuzzer.fuzz(game, runs: runs, seed: 1)
        let failure =
            summary.findings.isEmpty ? nil : summary.findings.map(FuzzReport.describe).joined(separator: "\n")
        return TestOutcome(
            game: game.name, name: "fuzz (\(runs) runs)", failure: failure, seconds: Date().timeIntervalSince(started))
    }
}

/// A fuzz session as text: what failed, the seed, and the shrunk case to paste.
public enum FuzzReport {
    /// Below this share of runs reaching `activity.finish()`, the summary warns that the end
    /// of the game was hardly tested.
    static let fewFinished = 0.1

    /// `412 of 500 runs (82%) reached activity.finish()`, with a warning when few did.
    public static func finishLine(_ summary: FuzzSummary) -> String {
        let runs = summary.runs
        let finished = summary.finished
        let percent = runs == 0 ? 0 : finished * 100 / runs
        var line = "\(finished) of \(runs) runs (\(percent)%) reached activity.finish()"
        if runs > 0, Double(finished) < Double(runs) * fewFinished {
            line += "; few runs got to the end, so its last screens were hardly tested"
        }
        return line
    }

    /// Several lines: the failure, the seed, the input before and after shrinking, the `.play` case.
    public static func describe(_ finding: FuzzFinding) -> String {
        let what = finding.failure.map { "\($0)" } ?? "no detail"
        return """
            \(finding.outcome.rawValue) with seed \(finding.seed)\(finding.level.map { " on \($0)" } ?? ""): \(what)
              \(finding.inputs.count) inputs, shrunk to \(finding.shrunk.count); paste into a .play file:
            \(finding.transcript.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))
            """
    }
}
