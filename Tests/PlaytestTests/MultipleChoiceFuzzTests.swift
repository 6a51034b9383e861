import Foundation
import Runtime
import Testing

@testable import Playtest

/// The monkey at menus: it must get through a multiple-choice quiz as often as through a
/// typed-answer game, so a bug on the last screen is found.
@Suite struct MultipleChoiceFuzzTests {
    /// Runs that got to the results screen: finished, or failed there (choice-jam fails nowhere else).
    private func reachedTheEnd(_ summary: FuzzSummary) -> Int {
        summary.finished + (summary.outcomes[.error] ?? 0)
    }

    @Test func aQuizIsPlayedToTheEndAsOftenAsATypedAnswerGame() throws {
        let quiz = Fuzzer.fuzz(try FixtureGames.game("choice-jam"), runs: 300, seed: 1)
        let typed = Fuzzer.fuzz(try FixtureGames.game("tiny-jam"), runs: 300, seed: 1)
        // Five menus, 2% leaving per prompt: about 88%; the two-question typed game: about 96%.
        #expect(reachedTheEnd(quiz) >= 240, "\(quiz.outcomes)")
        #expect(Double(reachedTheEnd(quiz)) >= 0.85 * Double(typed.finished), "\(quiz.outcomes) vs \(typed.outcomes)")
    }

    @Test func theLastScreenBugIsFoundWithAReplayableCase() throws {
        let game = try FixtureGames.game("choice-jam")
        let summary = Fuzzer.fuzz(game, runs: 300, seed: 1)
        #expect(summary.findings.count == 1)
        let finding = try #require(summary.findings.first)
        #expect(finding.outcome == .error && finding.failure?.line == 32)
        #expect(finding.failure?.message.contains("above maxScore") == true)
        // Shrunk to the five picks (nothing can go), and the case replays the failure.
        #expect(finding.shrunk.count == 5)
        let replay = TranscriptRunner.run(try TranscriptParser.parse(finding.transcript, file: "f.play"), on: game)[0]
        #expect(replay.report?.outcome == .error && !replay.passed)
    }

    /// The monkey's long lines are built in one buffer: the same text the standard library's
    /// `String(repeating:count:)` gives, so a seed types what it typed before.
    @Test func theMonkeysRepeatedLinesAreTheStandardLibrarys() {
        for piece in ["9", "a", "x ", "🙂", "1", "e\u{301}", ""] {
            for count in [0, 1, 2, 100, 6000] {
                let line = MonkeyChannel.repeated(piece, count: count)
                let standard = String(repeating: piece, count: count)
                #expect(line == standard && Array(line.utf8) == Array(standard.utf8))
            }
        }
    }

    @Test func theMonkeyMostlyPicksAnOptionAndSometimesTypesAnything() {
        var valid = 0
        var answered = 0
        for seed in 1...200 {
            let monkey = MonkeyChannel(seed: seed)
            for _ in 0..<10 {
                guard let reply = monkey.handle(.choose(prompt: "Pick", options: ["a", "b", "c", "d"])) else { break }
                answered += 1
                if let n = Int(reply.text), (1...4).contains(n) { valid += 1 }
            }
        }
        let share = Double(valid) / Double(answered)
        #expect(share > 0.8 && share < 0.95, "\(valid) of \(answered) picks were options")
    }

    @Test func theSummarySaysHowManyRunsReachedFinish() throws {
        let summary = Fuzzer.fuzz(try FixtureGames.game("tiny-jam"), runs: 50, seed: 3)
        #expect(summary.finished == summary.outcomes[.finished] && summary.finished > 40)
        #expect(FuzzReport.finishLine(summary).hasPrefix("\(summary.finished) of 50 runs ("))
        #expect(FuzzReport.finishLine(summary).hasSuffix("reached activity.finish()"))
        var few = summary
        few.outcomes = [.finished: 2, .quit: 48]
        #expect(
            FuzzReport.finishLine(few)
                == "2 of 50 runs (4%) reached activity.finish(); few runs got to the end, so its last screens were hardly tested"
        )
    }
}
