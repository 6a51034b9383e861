import Foundation
import Runtime
import Testing

@testable import Playtest

@Suite struct TranscriptRunnerTests {
    private func run(_ text: String, on name: String = "tiny-jam") throws -> CaseResult {
        let transcript = try TranscriptParser.parse(text, file: "t.play")
        return TranscriptRunner.run(transcript, on: try FixtureGames.game(name))[0]
    }

    @Test func fixtureTranscriptPasses() throws {
        let file = FixtureGames.test("tiny-jam", "tiny.play")
        let transcript = try TranscriptParser.parse(String(contentsOfFile: file, encoding: .utf8), file: file)
        let results = TranscriptRunner.run(transcript, on: try FixtureGames.game("tiny-jam"))
        #expect(results.allSatisfy { $0.passed }, "\(results.map(\.explanation))")
    }

    @Test func segmentsRunFromAfterAnInputToTheNextPrompt() throws {
        // Seed 3 asks 8 + 4, then 3 + 4.
        let result = try run("* c\nseed: 3\n> 12\n> 1\n")
        #expect(
            result.segments == [["Tiny Jam", "8 + 4 = ?"], ["Correct!", "3 + 4 = ?"], ["Not quite: 7", "Score: 10"]])
    }

    @Test func failuresNameTheLineTheExpectationAndWhatWasSeen() throws {
        let result = try run(
            "* wrong\nseed: 3\n> 12\nNot quite\n!Correct\n/^\\d+ x/\nreport: score = 99\nreport: nope = 1\n")
        #expect(result.failures.map(\.line) == [4, 5, 6, 7, 8])
        #expect(result.failures[0].message.contains("expected 'Not quite' in the output after input '12' (line 3)"))
        // the last input's output runs to the end
        #expect(result.failures[0].seen == ["Correct!", "3 + 4 = ?", "Bye!"])
        #expect(result.failures[3].message == "expected score = 99, got 10")
        #expect(
            result.failures[4].message.contains("expected item 'nope' in the report; the run has items score, correct"))
        #expect(result.explanation.contains("t.play:4: in case 'wrong' (seed 3)"))
    }

    @Test func inputsTheGameNeverReadFail() throws {
        let result = try run("* c\nseed: 3\n> 12\n> 7\n> 1\n")
        #expect(result.failures.map(\.line) == [5])
        #expect(result.failures[0].message.contains("ended before reading"))
    }

    @Test func endOfInputIsAQuit() throws {
        let result = try run(
            "* c\nseed: 3\n> 12\nBye!\nreport: outcome = quit\nreport: progress = 0.5\nreport: passed != true\n")
        // `passed` was never set, so the negated check has no value to compare: it fails, naming the items.
        #expect(result.failures.map(\.line) == [7])
    }

    @Test func brokenGameIsCaughtByItsTranscript() throws {
        let file = FixtureGames.test("broken-jam", "empty-line.play")
        let transcript = try TranscriptParser.parse(String(contentsOfFile: file, encoding: .utf8), file: file)
        let result = TranscriptRunner.run(transcript, on: try FixtureGames.game("broken-jam"))[0]
        #expect(!result.passed)
        #expect(result.report?.outcome == .error)
        #expect(result.explanation.contains(":20: attempt to index a nil value (local 'words')"))
    }

    @Test func updateRewritesOnlyFailingLines() throws {
        let text =
            "# keep me\n* c\nseed: 3\n> 12\nRight!\nCorrect!\n!Score\n> 1\nreport: score = 99\nreport: outcome = finished\n"
        let transcript = try TranscriptParser.parse(text, file: "t.play")
        let results = TranscriptRunner.run(transcript, on: try FixtureGames.game("tiny-jam"))
        let update = TranscriptUpdater.update(text, results: results)
        #expect(
            update.text
                == "# keep me\n* c\nseed: 3\n> 12\nCorrect!\n3 + 4 = ?\nCorrect!\n!Score\n> 1\nreport: score = 10\nreport: outcome = finished\n"
        )
        #expect(update.diff.contains("-5: Right!") && update.diff.contains("+9: report: score = 10"))
        let again = TranscriptRunner.run(
            try TranscriptParser.parse(update.text, file: "t.play"), on: try FixtureGames.game("tiny-jam"))
        #expect(again.allSatisfy { $0.passed })
    }
}

/// `/regex/` checks are bounded in time: a backtracking pattern fails the check, clearly, in about a second.
@Suite struct RegexTimeLimitTests {
    private let aLineOfAs = [String(repeating: "a", count: 100)]
    private let testCase = TranscriptCase(name: "c", line: 1)

    private func check(_ kind: OutputCheck.Kind, on lines: [String]) -> (String?, Duration) {
        let started = ContinuousClock.now
        let message = TranscriptRunner.failure(of: OutputCheck(kind, line: 2), in: lines, segment: 0, testCase)
        return (message, ContinuousClock.now - started)
    }

    @Test(arguments: [OutputCheck.Kind.matches("(.*a){25}x"), .lacksMatch("(.*a){25}x")])
    func aBacktrackingPatternTimesOutAndSaysSo(kind: OutputCheck.Kind) {
        let (message, elapsed) = check(kind, on: aLineOfAs)
        #expect(elapsed < .seconds(3), "took \(elapsed)")
        #expect(
            message
                == "the regular expression /(.*a){25}x/ took more than 1.0 seconds on the output before the first input, "
                + "so the check could not tell; simplify it (nested repeats such as (.*a){25} backtrack without end)")
    }

    @Test func theTimeLimitCoversTheWholeSegmentNotEachLine() {
        let (message, elapsed) = check(.matches("(.*a){25}x"), on: Array(repeating: aLineOfAs[0], count: 20))
        #expect(elapsed < .seconds(3) && message?.contains("took more than") == true, "took \(elapsed)")
    }

    @Test func ordinaryPatternsStillMatchAndMiss() {
        let lines = (1...2000).map { "line \($0): " + String(repeating: "x", count: 200) } + ["Score: 42"]
        #expect(check(.matches("Score: \\d+"), on: lines).0 == nil)
        #expect(check(.lacksMatch("^Oops"), on: lines).0 == nil)
        #expect(
            check(.matches("^Oops"), on: lines).0
                == "expected a line matching /^Oops/ in the output before the first input")
        #expect(
            check(.lacksMatch("Score"), on: lines).0
                == "expected no line matching /Score/ in the output before the first input")
    }
}
