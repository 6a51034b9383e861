import Foundation
import Testing

/// Game sources, modules, bots, transcripts and `collection.lua` are checked before they are
/// read (regular file, size, folder) and read as the bytes they are, through the real binary.
@Suite struct SourceFileCommandTests {
    /// A games folder in a temporary directory, with one game `quiz` whose files are written as bytes.
    final class Games {
        let root = NSTemporaryDirectory() + "edujam-files-" + UUID().uuidString
        var games: String { root + "/games" }
        var quiz: String { games + "/quiz" }

        init() throws {
            try FileManager.default.createDirectory(atPath: quiz + "/tests", withIntermediateDirectories: true)
        }
        deinit { try? FileManager.default.removeItem(atPath: root) }

        /// Writes `bytes` at `path` under the games folder.
        @discardableResult
        func write(_ path: String, _ bytes: [UInt8]) throws -> String {
            let full = games + "/" + path
            try Data(bytes).write(to: URL(fileURLWithPath: full))
            return full
        }

        /// A game whose play function runs `body`.
        static func game(_ body: [UInt8]) -> [UInt8] {
            Array(#"return { id = "QUIZ", title = "Quiz", play = function(level) activity.start() "#.utf8)
                + body + Array(" activity.finish() end }\n".utf8)
        }

        /// A game that says its own Latin-1 string, its length in bytes and its last byte.
        static let latin1Game = game(
            Array(#"local s = "caf"#.utf8) + [0xE9] + Array(#"" say(s .. " " .. #s .. " " .. s:byte(-1))"#.utf8))
    }

    private func runQuickly(_ cli: Edujam, _ arguments: [String]) throws -> Edujam.Result {
        let started = Date()
        let result = try cli.run(arguments)
        #expect(Date().timeIntervalSince(started) < 20, "\(arguments) took too long")
        return result
    }

    @Test func latin1SourceRunsAsItsBytes() throws {
        let games = try Games()
        let cli = Edujam()
        defer { cli.remove() }
        try games.write("quiz/game.lua", Games.latin1Game)
        let result = try cli.run(["play", games.quiz, "--student", "ana"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains(" 4 233"), "one byte, 0xE9: \(result.output)")
    }

    @Test func latin1TranscriptMatchesWhatTheGameSays() throws {
        let games = try Games()
        let cli = Edujam()
        defer { cli.remove() }
        try games.write("quiz/game.lua", Games.latin1Game)
        try games.write("quiz/tests/latin1.play", Array("* says it\ncaf".utf8) + [0xE9] + Array(" 4 233\n".utf8))
        let result = try cli.run(["test", games.quiz + "/tests/latin1.play"])
        #expect(result.status == 0, "\(result.output)\(result.error)")
    }

    @Test func sparseHugeGameIsRefusedByItsSize() throws {
        let games = try Games()
        let cli = Edujam()
        defer { cli.remove() }
        let file = try games.write("quiz/game.lua", [])
        #expect(truncate(file, 1 << 30) == 0)
        let play = try runQuickly(cli, ["play", games.quiz])
        #expect(play.status == 1)
        #expect(play.error.contains("\(file): is 1073741824 bytes; the most read is 1048576 bytes"), "\(play.error)")
        let catalog = try runQuickly(cli, ["catalog", games.games])
        #expect(catalog.status == 1, "listed as broken, not aborted for memory: \(catalog.error)")
        #expect(
            catalog.output.contains("BROKEN") && catalog.output.contains("\(file): is 1073741824 bytes"),
            "\(catalog.output)")
    }

    @Test func fifoGameIsRefusedWithoutBlocking() throws {
        let games = try Games()
        let cli = Edujam()
        defer { cli.remove() }
        #expect(mkfifo(games.quiz + "/game.lua", 0o600) == 0)
        let result = try runQuickly(cli, ["play", games.quiz])
        #expect(result.status == 1)
        #expect(result.error.contains("game.lua: is a FIFO, not a regular file"), "\(result.error)")
    }

    @Test func filesLinkedToDevZeroAreRefused() throws {
        let games = try Games()
        let cli = Edujam()
        defer { cli.remove() }
        try FileManager.default.createSymbolicLink(atPath: games.quiz + "/zero.lua", withDestinationPath: "/dev/zero")
        try FileManager.default.createSymbolicLink(atPath: games.quiz + "/game.lua", withDestinationPath: "zero.lua")
        let play = try runQuickly(cli, ["play", games.quiz])
        #expect(play.status == 1)
        #expect(play.error.contains("game.lua: leads outside the folder"), "a game stays in its folder: \(play.error)")
        try FileManager.default.removeItem(atPath: games.quiz + "/game.lua")
        try games.write("quiz/game.lua", Games.game(Array(#"say("hi")"#.utf8)))
        try FileManager.default.createSymbolicLink(
            atPath: games.quiz + "/tests/zero.bot.lua", withDestinationPath: "/dev/zero")
        let test = try runQuickly(cli, ["test", games.quiz + "/tests/zero.bot.lua"])
        #expect(test.status == 1)
        #expect(
            (test.output + test.error).contains("zero.bot.lua: is a character device, not a regular file"),
            "\(test.output)")
    }

    @Test func gameLinkedOutOfItsFolderIsRefused() throws {
        let games = try Games()
        let cli = Edujam()
        defer { cli.remove() }
        try games.write("elsewhere.lua", Games.game(Array(#"say("outside")"#.utf8)))
        try FileManager.default.createSymbolicLink(
            atPath: games.quiz + "/game.lua", withDestinationPath: games.games + "/elsewhere.lua")
        let result = try runQuickly(cli, ["play", games.quiz])
        #expect(result.status == 1)
        #expect(result.error.contains("game.lua: leads outside the folder '\(games.quiz)'"), "\(result.error)")
        #expect(!result.output.contains("outside"))
    }

    @Test func hugeModuleIsRefusedAtItsRequire() throws {
        let games = try Games()
        let cli = Edujam()
        defer { cli.remove() }
        try games.write("quiz/game.lua", Games.game(Array(#"say(require("words"))"#.utf8)))
        let module = try games.write("quiz/words.lua", [])  // named relative to the game's folder
        #expect(truncate(module, 2 << 30) == 0)
        let result = try runQuickly(cli, ["play", games.quiz])
        #expect(
            result.error.contains("module 'words': './words.lua' is 2147483648 bytes; the most read is 1048576 bytes"),
            "\(result.error)")
    }

    @Test func fifoBotAndHugeTranscriptFailTheirTests() throws {
        let games = try Games()
        let cli = Edujam()
        defer { cli.remove() }
        try games.write("quiz/game.lua", Games.game(Array(#"say("hi")"#.utf8)))
        #expect(mkfifo(games.quiz + "/tests/stuck.bot.lua", 0o600) == 0)
        let transcript = try games.write("quiz/tests/huge.play", [])
        #expect(truncate(transcript, 1 << 30) == 0)
        let result = try runQuickly(cli, ["test", games.quiz])
        #expect(result.status == 1)
        let all = result.output + result.error
        #expect(all.contains("is a FIFO, not a regular file"), "\(all)")
        #expect(all.contains("is 1073741824 bytes"), "\(all)")
    }

    @Test func fifoCollectionIsRefused() throws {
        let games = try Games()
        let cli = Edujam()
        defer { cli.remove() }
        try games.write("quiz/game.lua", Games.game(Array(#"say("hi")"#.utf8)))
        #expect(mkfifo(games.games + "/collection.lua", 0o600) == 0)
        let result = try runQuickly(cli, ["catalog", games.games])
        #expect(result.status == 1)
        #expect(result.error.contains("collection.lua: is a FIFO, not a regular file"), "\(result.error)")
    }
}
