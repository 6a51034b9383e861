import Foundation
import Runtime

/// Runs one `.play` file for the suite: a result per case, and the rewrite under `--update`.
enum TranscriptTests {
    static func run(
        _ file: String, on game: GameUnderTest, update: Bool,
        progress: (String) -> Void, report: (TestOutcome) -> Void
    ) {
        let label = (file as NSString).lastPathComponent
        let text: String
        let transcript: Transcript
        do {
            // Decoded as game output is (bytes that are not UTF-8 become U+FFFD), so a
            // Latin-1 byte the game says and the same byte in its transcript match.
            text = try SourceFile.text(file)
            transcript = try TranscriptParser.parse(text, file: file)
        } catch {
            report(TestOutcome(game: game.name, name: label, failure: "\(error)", seconds: 0))
            return
        }
        var results: [CaseResult] = []
        for testCase in transcript.cases {
            progress("\(game.name): \(label): \(testCase.name)")
            let started = Date()
            let result = TranscriptRunner.run(testCase, file: file, on: game)
            results.append(result)
            report(
                TestOutcome(
                    game: game.name, name: "\(label): \(testCase.name)",
                    failure: result.passed ? nil : result.explanation,
                    seconds: Date().timeIntervalSince(started)))
        }
        guard update, results.contains(where: { !$0.passed }) else { return }
        let rewrite = TranscriptUpdater.update(text, results: results)
        guard !rewrite.diff.isEmpty else { return }
        try? rewrite.text.write(toFile: file, atomically: true, encoding: .utf8)
        report(TestOutcome(game: game.name, name: "\(label): updated", failure: nil, seconds: 0, diff: rewrite.diff))
    }
}

/// Runs one bot file for the suite: one result for all its playthroughs.
enum BotTests {
    /// Failing seeds shown in full; the rest are counted.
    static let shownFailures = 5

    static func run(_ file: String, on game: GameUnderTest, progress: (String) -> Void, report: (TestOutcome) -> Void) {
        let label = (file as NSString).lastPathComponent
        let started = Date()
        let bot: BotScript
        do {
            bot = try BotScript(file: file)
        } catch {
            report(TestOutcome(game: game.name, name: label, failure: "\(error)", seconds: 0))
            return
        }
        let results = BotPlayer.run(bot, on: game) { done, total in
            if done % 25 == 0 || done == total { progress("\(game.name): \(label): \(done)/\(total)") }
        }
        let failed = results.filter { !$0.passed }
        var failure: String?
        if !failed.isEmpty {
            failure =
                "\(failed.count) of \(results.count) playthroughs failed\n"
                + failed.prefix(shownFailures).map(\.explanation).joined(separator: "\n")
                + (failed.count > shownFailures ? "\n... and \(failed.count - shownFailures) more" : "")
        }
        report(
            TestOutcome(
                game: game.name, name: "\(label) (\(results.count) playthroughs)", failure: failure,
                seconds: Date().timeIntervalSince(started)))
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
