import Foundation
import Runtime
import Testing

@testable import Playtest

@Suite struct BotPlayerTests {
    private func bot(_ source: String) throws -> BotScript {
        let file = NSTemporaryDirectory() + "playtest-\(UUID().uuidString).bot.lua"
        try source.write(toFile: file, atomically: true, encoding: .utf8)
        return try BotScript(file: file)
    }

    @Test func fixtureBotPassesEverySeed() throws {
        let bot = try BotScript(file: FixtureGames.test("tiny-jam", "adder.bot.lua"))
        #expect(bot.seeds == Array(1...50))
        let results = BotPlayer.run(bot, on: try FixtureGames.game("tiny-jam"))
        #expect(
            results.count == 50 && results.allSatisfy { $0.passed },
            "\(results.filter { !$0.passed }.map(\.explanation))")
    }

    @Test func brokenGameIsCaughtByItsBot() throws {
        let bot = try BotScript(file: FixtureGames.test("broken-jam", "blank.bot.lua"))
        let results = BotPlayer.run(bot, on: try FixtureGames.game("broken-jam"))
        #expect(results.count == 20 && results.allSatisfy { !$0.passed })
        let first = results[0].explanation
        #expect(first.contains("blank.bot.lua: seed 1: the game stopped with error"))
        #expect(first.contains("attempt to index a nil value"))
        #expect(results[0].replies == [Reply("")])
    }

    @Test func failedAssertNamesFileSeedAndMessage() throws {
        let bot = try self.bot(
            """
            return { seeds = {4, 6, 8}, answer = function(p, out) return "0" end,
                     check = function(r) print("score was", r.items.score.value); assert(r.items.passed.value, "did not pass: " .. r.outcome) end }
            """)
        let results = BotPlayer.run(bot, on: try FixtureGames.game("tiny-jam"))
        #expect(results.map(\.seed) == [4, 6, 8])
        let text = results[0].explanation
        #expect(text.contains("seed 4: check failed:") && text.contains("did not pass: finished"))
        #expect(text.contains("| score was 0"))
    }

    @Test func reportTableHasTheRecordFieldsAndItemsByIdentifier() throws {
        let bot = try self.bot(
            """
            return { seeds = 3, think = 4, answer = function(p) local a, b = p:match("(%d+) %+ (%d+)"); return a + b end,
              check = function(r)
                assert(r.outcome == "finished" and r.done == false and r.title == "Tiny Jam")
                assert(r.identifierPath[2] == "TINY-JAM" and r.primaryItem == "score" and r.progress == 1)
                assert(r.items.correct.score == 2 and r.items.correct.maxScore == 2 and r.items.correct.kind == "score")
                assert(r.items.passed.valueType == "passFail" and r.durationSeconds == 8 and r.seed == 3)
              end }
            """)
        let results = BotPlayer.run(bot, on: try FixtureGames.game("tiny-jam"))
        #expect(results.count == 1 && results[0].passed, "\(results[0].explanation)")
    }

    @Test func botErrorsAndEndlessBotsFailTheSeed() throws {
        let failing = try bot("return { seeds = 1, answer = function(p) error('no idea') end }")
        let result = BotPlayer.run(failing, on: try FixtureGames.game("tiny-jam"))[0]
        #expect(result.failure?.contains("answer failed at prompt '") == true)
        #expect(result.failure?.contains("no idea") == true)
    }

    @Test func menuIsAnsweredWithOptions() throws {
        let menu = try bot(
            """
            local seen
            return { seeds = 1, answer = function(p, out, options)
                if options then seen = options[2]; return "2" end
                return nil end,
              check = function(r) assert(seen == "Plus and Minus"); assert(r.identifierPath[3] == "LEVEL-2") end }
            """)
        let game = try GameUnderTest(folder: FileManager.default.currentDirectoryPath + "/games/math-jam")
        let result = BotPlayer.run(menu, on: game)[0]
        #expect(result.passed, "\(result.explanation)")
    }

    @Test(arguments: ["return 1", "return { seeds = 1 }", "return { seeds = {5, 1}, answer = print }", "return {"])
    func badBotFilesAreRefused(source: String) {
        #expect(throws: BotScript.LoadError.self) { try self.bot(source) }
    }
}
