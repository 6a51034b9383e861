import Foundation
import Runtime
import Testing

@testable import Playtest

@Suite struct FuzzerTests {
    @Test func findsTheBrokenGameWithSeedAndShrunkInput() throws {
        let game = try FixtureGames.game("broken-jam")
        let summary = Fuzzer.fuzz(game, runs: 200, seed: 1)
        #expect(summary.findings.count == 1)  // both bugs fail on the same line: one finding
        let finding = try #require(summary.findings.first)
        #expect(finding.outcome == .error && finding.failure?.line == 20)
        #expect(finding.shrunk.count == 1)
        #expect(finding.shrunk[0].text.isEmpty || finding.shrunk[0].text.count == 10)
        #expect(finding.transcript.contains("seed: \(finding.seed)\n"))
        // The case it prints replays the failure, and will pass once the game is fixed.
        let replay = TranscriptRunner.run(try TranscriptParser.parse(finding.transcript, file: "f.play"), on: game)[0]
        #expect(replay.report?.outcome == .error && !replay.passed)
        // The seed alone replays it.
        let again = Fuzzer.fuzz(game, runs: 1, seed: finding.seed)
        #expect(again.findings.first?.inputs == finding.inputs)
    }

    @Test func correctGamesHaveNoFindings() throws {
        let summary = Fuzzer.fuzz(try FixtureGames.game("tiny-jam"), runs: 200, seed: 7)
        #expect(summary.findings.isEmpty && summary.runs == 200)
        #expect((summary.outcomes[.finished] ?? 0) + (summary.outcomes[.quit] ?? 0) == 200)
    }

    @Test func sameSeedSameRuns() throws {
        let game = try FixtureGames.game("tiny-jam")
        let a = Fuzzer.fuzz(game, runs: 50, seed: 99)
        let b = Fuzzer.fuzz(game, runs: 50, seed: 99)
        #expect(a.outcomes == b.outcomes)
    }
}

@Suite struct FuzzTimeLimitTests {
    @Test func aTimeLimitStopsRunsAndShrinkingAndSaysSo() throws {
        let game = try FixtureGames.game("slow-jam")
        let started = ContinuousClock.now
        let summary = Fuzzer.fuzz(game, runs: 300, seed: 1, timeLimit: .seconds(3))
        let elapsed = ContinuousClock.now - started
        // One run (and one replay) may finish after the limit: each is well under a second.
        #expect(elapsed < .seconds(5), "took \(elapsed)")
        #expect(summary.ranOutOfTime && summary.runs < 300 && summary.plannedRuns == 300)
        // The failure was still found, and its case (shrunk or not) still fails the same way.
        let finding = try #require(summary.findings.first)
        #expect(finding.failure?.message.contains("the 40th answer breaks the game") == true)
        let replay = TranscriptRunner.run(try TranscriptParser.parse(finding.transcript, file: "f.play"), on: game)[0]
        #expect(replay.report?.outcome == .error)
    }

    @Test func withoutALimitNothingIsCutShort() throws {
        let summary = Fuzzer.fuzz(try FixtureGames.game("tiny-jam"), runs: 20, seed: 1, timeLimit: .seconds(600))
        #expect(!summary.ranOutOfTime && summary.runs == 20)
    }
}
