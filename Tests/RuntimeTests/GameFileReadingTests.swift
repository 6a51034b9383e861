import Foundation
import Runtime
import Testing

/// `io.lines(name)` reads a file the game holds, and a path beginning with `..` is read from the
/// calling file's folder, as a test suite run from its own folder reads its library.
@Suite struct GameFileReadingTests {
    typealias TempGame = ModuleLoaderTests.TempGame

    private static let words = "apple\nbanana 12\n\n3.5 0x10\nlast"

    @Test func readsAFileOfTheGameByStocksFormats() throws {
        let game = try TempGame(
            play: """
                local lines = {}
                for line in io.lines("data/words.lua") do lines[#lines + 1] = "[" .. line .. "]" end
                local kept = {}
                for line in io.lines("./data/words.lua", "L") do kept[#kept + 1] = #line end
                local next = io.lines("data/words.lua", 3, "l", "n", "n")
                local a, b, c, d = next()
                local rest = io.lines("data/words.lua", "a")()
                say(table.concat(lines), table.concat(kept, ","), a, b, c, d, #rest)
                """,
            files: ["data/words.lua": Self.words])
        let (report, channel) = try game.play()
        #expect(report.outcome == .finished, "\(String(describing: report.failure))")
        #expect(channel.said == ["[apple][banana 12][][3.5 0x10][last] 6,10,1,9,4 app le nil nil 30"])
    }

    @Test func anIteratorPastTheEndIsAClosedFile() throws {
        let game = try TempGame(
            play: """
                local next = io.lines("data/words.lua")
                for _ = 1, 5 do next() end
                local last = next()
                say(tostring(last), select(2, pcall(next)))
                """,
            files: ["data/words.lua": Self.words])
        let (report, channel) = try game.play()
        #expect(report.outcome == .finished, "\(String(describing: report.failure))")
        #expect(channel.said == ["nil file is already closed"])
    }

    @Test(arguments: [
        ("io.lines('notes.txt')", "cannot open notes.txt: only .lua files belong to a game"),
        ("io.lines('missing.lua')", "cannot open missing.lua: no such file in the game's folder"),
        ("io.lines('../secret.lua')", "cannot open ../secret.lua: it leads outside the game's folder"),
        ("io.lines('/etc/passwd')", "cannot open /etc/passwd: only .lua files"),
        ("io.lines('tests/bot.lua')", "cannot open tests/bot.lua: files under tests/ are not published with the game"),
        ("dofile('tests/bot.lua')", "cannot open tests/bot.lua: files under tests/ are not published with the game"),
    ])
    func refusesAFileTheGameDoesNotHold(_ call: String, _ fragment: String) throws {
        let game = try TempGame(
            play: "say(select(2, pcall(function() return \(call) end)))", files: ["tests/bot.lua": "return 1"])
        let (report, channel) = try game.play()
        #expect(report.outcome == .finished, "\(String(describing: report.failure))")
        #expect(channel.said.first?.contains(fragment) == true, "\(channel.said)")
    }

    @Test func aPathFromDotDotStartsAtTheCallersFolder() throws {
        let game = try TempGame(
            play: #"say(dofile("test/test.lua"))"#,
            files: [
                "json.lua": "return { name = 'json' }",
                "test/test.lua": """
                local json = loadfile("../json.lua")()
                local first = io.lines("../test/../json.lua")()
                local ok, message = loadfile("../../secret.lua")
                return json.name, first, ok, message
                """,
            ])
        let (report, channel) = try game.play()
        #expect(report.outcome == .finished, "\(String(describing: report.failure))")
        #expect(
            channel.said == [
                "json return { name = 'json' } nil cannot open ../../secret.lua: it leads outside the game's folder"
            ])
    }

    @Test func aGameReadingItsFilesReplays() throws {
        let game = try TempGame(
            play: """
                local n = 0
                for line in io.lines("data/words.lua") do n = n + #line end
                say(n, math.random(1, 100))
                """,
            files: ["data/words.lua": Self.words])
        let (original, _) = try game.play()
        #expect(original.outcome == .finished, "\(String(describing: original.failure))")
        let inputs = try #require(original.inputs)
        let replay = try GamePlayer.replay(inputs, folder: game.folder, root: "org.example.modules")
        #expect(replay.divergence == nil)
        #expect(replay.report.outcome == original.outcome)
        #expect(replay.report.record.items == original.record.items)
        #expect(replay.report.inputs == inputs)
    }
}
