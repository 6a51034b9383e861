import Foundation
import Runtime
import Testing

@testable import Playtest

/// Numbers from transcripts and bots are checked where they enter: a bad one is an error
/// naming the file (and line), never a trap, an infinite duration or a silent default.
@Suite struct UntrustedNumberTests {
    // Transcript numbers out of range: TranscriptParserTests.malformedFilesNameTheLine.

    @Test func theLongestThinkTimeIsADay() throws {
        let text = "* c\nseed: 9007199254740992\n> 5 @86400\n> 7 @0\n"
        let testCase = try TranscriptParser.parse(text, file: "ok.play").cases[0]
        #expect(testCase.seed == 1 << 53 && testCase.turns.map(\.thinking) == [86_400, 0])
        let result = TranscriptRunner.run(testCase, file: "ok.play", on: try FixtureGames.game("tiny-jam"))
        #expect(result.report?.record.durationSeconds == 86_400)
    }

    @Test func theVirtualClockStepsAtMostADayWhateverAChannelSays() {
        let clock = RunClock.virtual()
        for seconds in [1.7e308, 1.7e308, .infinity, .nan, -5, 2] { clock.advance(by: seconds) }
        #expect(clock.elapsed == 3 * 86_400 + 2)
        #expect(clock.date().timeIntervalSince1970.isFinite)
    }

    private func botFile(_ source: String) throws -> String {
        let file = NSTemporaryDirectory() + "numbers-\(UUID().uuidString).bot.lua"
        try source.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    private func loadError(_ source: String) throws -> String? {
        let file = try botFile(source)
        do {
            _ = try BotScript(file: file)
            return nil
        } catch let error as BotScript.LoadError {
            #expect(error.file == file)
            return error.message
        }
    }

    // Seeds that used to trap (math.maxinteger, 1e300, 0/0, ranges near the limits) are in
    // CLITests, run through the binary; these never trapped but were silently changed.
    @Test func fractionalOrNonNumericSeedsAreRefused() throws {
        #expect(
            try loadError("return { seeds = 2.5, answer = function() end }")?.contains(
                "seeds: 2.5 is not a whole number") == true)
        #expect(
            try loadError("return { seeds = {1, 'x', 3}, answer = function() end }")
                == "seeds: a seed is a number, got a string")
        let bot = try BotScript(file: try botFile("return { seeds = {1e15, 1e15 + 2}, answer = function() end }"))
        #expect(bot.seeds == [1_000_000_000_000_000, 1_000_000_000_000_001, 1_000_000_000_000_002])
    }

    @Test(arguments: ["1e308", "-1", "0/0", "1/0", "'fast'"])
    func aBotThinkOutOfRangeIsRefused(think: String) throws {
        let message = try loadError("return { think = \(think), answer = function() end }")
        #expect(
            message?.hasPrefix("think: a think time is a number of seconds from 0 to 86400 (one day), got ") == true)
    }

    @Test func anAnswersThinkTimeOutOfRangeFailsThePlaythrough() throws {
        let bot = try BotScript(
            file: try botFile(
                """
                return { seeds = 1, answer = function(prompt) return "5", 1.7e308 end }
                """))
        let result = BotPlayer.run(bot, on: try FixtureGames.game("tiny-jam"))[0]
        #expect(
            result.failure?.contains("answer returned the think time 1.7e+308 at prompt '") == true,
            "\(result.explanation)")
        #expect(result.report?.record.durationSeconds.isFinite == true)
    }

    @Test func aSecondResultThatIsNotANumberIsNoThinkTime() throws {
        // `return assert(word, "message")` returns the message second: the bot's think time stands.
        let bot = try BotScript(
            file: try botFile(
                """
                return { seeds = 3, think = 4, answer = function(p) local a, b = p:match("(%d+) %+ (%d+)"); return assert(a + b, "no sum") end }
                """))
        let result = BotPlayer.run(bot, on: try FixtureGames.game("tiny-jam"))[0]
        #expect(result.passed && result.report?.record.durationSeconds == 8, "\(result.explanation)")
    }
}
