import Foundation
import Testing
import TrackingTestSupport

/// `edujam publish`, `edujam games` and `publish --revert` through the binary, on a store file
/// (`docs/teaching.md`, "How a game reaches students").
@Suite struct PublishCommandTests {
    /// A copy of the games folder (Math Jam with a module of its own, Word Jam), removed by the caller.
    private static func games() throws -> URL {
        let games = try Edujam.scratchFolder("publish-games")
        for name in ["collection.lua", "math-jam", "word-jam"] {
            try FileManager.default.copyItem(
                at: Edujam.root.appendingPathComponent("games/" + name), to: games.appendingPathComponent(name))
        }
        try setModule(in: games, to: "return 1")
        return games
    }

    /// Math Jam's module `lib/hints.lua` (a game's files are game.lua and every module it may require).
    private static func setModule(in games: URL, to source: String) throws {
        let lib = games.appendingPathComponent("math-jam/lib")
        try FileManager.default.createDirectory(at: lib, withIntermediateDirectories: true)
        try Data(source.utf8).write(to: lib.appendingPathComponent("hints.lua"))
    }

    /// The 12-digit version a `published GAME version ...` line names.
    private static func version(of game: String, in output: String) -> String? {
        output.split(separator: "\n").first { $0.hasPrefix("published \(game) version ") }
            .map { String($0.dropFirst("published \(game) version ".count).prefix(12)) }
    }

    @Test func aTeacherPublishesListsChangesAndReverts() throws {
        let cli = Edujam()
        defer { cli.remove() }
        let games = try Self.games()
        defer { try? FileManager.default.removeItem(at: games) }
        let math = games.appendingPathComponent("math-jam").path
        let word = games.appendingPathComponent("word-jam").path

        let first = try cli.run(["publish", math, word])
        #expect(first.status == 0, "\(first.error)")
        let old = try #require(Self.version(of: "MATH-JAM", in: first.output), "\(first.output)")
        #expect(first.output.contains("published MATH-JAM version \(old) (new)"))
        #expect(first.output.contains("published WORD-JAM version "), "\(first.output)")

        let again = try cli.run(["publish", math, "--fuzz-runs", "0"])
        #expect(again.output.contains("published MATH-JAM version \(old) (unchanged)"), "\(again.output)")

        try Self.setModule(in: games, to: "return 2")
        let changed = try cli.run(["publish", math, "--fuzz-runs", "0"])
        let new = try #require(Self.version(of: "MATH-JAM", in: changed.output), "\(changed.output)")
        #expect(new != old && changed.output.contains("version \(new) (new)"))

        let list = try cli.run(["games"])
        #expect(list.status == 0, "\(list.error)")
        let lines = list.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 2 && lines[0].hasPrefix("MATH-JAM  \(new)  ") && lines[0].hasSuffix("1 earlier version"))
        #expect(lines.last?.hasPrefix("WORD-JAM  ") == true, "\(list.output)")
        let all = try cli.run(["games", "--all"]).output.split(separator: "\n")
        #expect(all.count == 3 && all[1].hasPrefix("    \(old)  "), "\(all)")

        let reverted = try cli.run(["publish", "--revert", "MATH-JAM", String(old.prefix(8))])
        #expect(reverted.status == 0, "\(reverted.error)")
        #expect(reverted.output == "published MATH-JAM version \(old) (an earlier version, current again)\n")
        let json = try cli.run(["games", "--json"]).output
        let listed = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]
        let current = listed?.first?["current"] as? [String: Any]
        #expect((current?["version"] as? String)?.hasPrefix(old) == true, "\(json)")
        #expect((listed?.first?["earlier"] as? [Any])?.count == 1)

        let short = try cli.run(["publish", "--revert", "MATH-JAM", String(old.prefix(7))])
        #expect(
            short.status == 1 && short.error.contains("give at least 8 of its hexadecimal digits"), "\(short.error)")
        let unknown = try cli.run(["publish", "--revert", "NO-SUCH-GAME", String(old.prefix(8))])
        #expect(
            unknown.status == 1 && unknown.error.contains("no game 'NO-SUCH-GAME' is published"), "\(unknown.error)")
    }

    /// A teacher names a shipped game by its id (no path to the installed games), and publishes
    /// games of several folders in one command, as long as they belong to one collection.
    @Test func aTeacherPublishesByIdAndFromSeveralFolders() throws {
        let cli = Edujam()
        defer { cli.remove() }
        let games = try Self.games()
        defer { try? FileManager.default.removeItem(at: games) }
        let mine = try Edujam.scratchFolder("publish-mine")
        defer { try? FileManager.default.removeItem(at: mine) }
        let made = try cli.run(["new", "quiz", "--topic", "math", "--games", mine.path])
        #expect(made.status == 0, "\(made.error)")

        // By id, from the games folder a teacher's command finds (the installed games, or here EDUJAM_GAMES).
        let byID = try cli.run(["publish", "MATH-JAM", "--fuzz-runs", "0"], environment: ["EDUJAM_GAMES": games.path])
        #expect(byID.status == 0, "\(byID.error)")
        #expect(byID.output.hasPrefix("published MATH-JAM version "), "\(byID.output)")

        // Two games folders of one collection, in one command.
        let both = try cli.run([
            "publish", games.appendingPathComponent("word-jam").path, mine.appendingPathComponent("quiz").path,
            "--fuzz-runs", "0",
        ])
        #expect(both.status == 0, "\(both.error)")
        #expect(both.output.contains("published WORD-JAM version ") && both.output.contains("published QUIZ version "))
        let list = try cli.run(["games"]).output
        #expect(["MATH-JAM", "QUIZ", "WORD-JAM"].allSatisfy { list.contains($0) }, "\(list)")

        // What it cannot take, said in words.
        let unknown = try cli.run(["publish", "NO-SUCH-GAME"], environment: ["EDUJAM_GAMES": games.path])
        #expect(unknown.status == 1, "\(unknown)")
        #expect(unknown.error.contains("no game of \(games.path) declares 'NO-SUCH-GAME'"), "\(unknown.error)")
        let level = try cli.run(["publish", "MATH-JAM/LEVEL-1"], environment: ["EDUJAM_GAMES": games.path])
        #expect(level.status == 64 && level.error.contains("is a level of a game: publish the game, MATH-JAM"))
        let typo = try cli.run(
            ["publish", mine.lastPathComponent + "/quizz"], directory: mine.deletingLastPathComponent())
        #expect(
            typo.status == 1 && typo.error.contains("no such game folder: \(mine.lastPathComponent)/quizz"), "\(typo)")

        // A folder of another collection goes to another store.
        try Data(#"return { id = "org.example.other", title = "Other" }"#.utf8)
            .write(to: mine.appendingPathComponent("collection.lua"))
        let mixed = try cli.run([
            "publish", games.appendingPathComponent("math-jam").path, mine.appendingPathComponent("quiz").path,
        ])
        #expect(mixed.status == 64, "\(mixed)")
        #expect(mixed.error.contains("publish them apart"), "\(mixed.error)")
    }

    @Test func aGameWithErrorsIsRefusedWithItsErrorsAndNothingOfItIsStored() throws {
        let cli = Edujam()
        defer { cli.remove() }
        let games = try Self.games()
        defer { try? FileManager.default.removeItem(at: games) }
        let broken = games.appendingPathComponent("word-jam/game.lua")
        try Data(("local x = \n" + String(decoding: try Data(contentsOf: broken), as: UTF8.self)).utf8).write(
            to: broken)

        let result = try cli.run([
            "publish", games.appendingPathComponent("math-jam").path, games.appendingPathComponent("word-jam").path,
            "--fuzz-runs", "0",
        ])
        #expect(result.status == 1)
        #expect(result.output.contains("word-jam/game.lua:"), "the errors are shown: \(result.output)")
        #expect(result.error.contains("word-jam refused: "), "\(result.error)")
        #expect(result.output.contains("published MATH-JAM version "), "the other game is published")
        let list = try cli.run(["games"]).output
        #expect(list.hasPrefix("MATH-JAM  ") && !list.contains("WORD-JAM"), "\(list)")
    }

    @Test func aGameOverTheSizeLimitIsRefusedClearly() throws {
        let cli = Edujam()
        defer { cli.remove() }
        let games = try Self.games()
        defer { try? FileManager.default.removeItem(at: games) }
        let lib = games.appendingPathComponent("math-jam/lib")
        let part = "return '" + String(repeating: "x", count: 900_000) + "'\n"
        for index in 0..<5 { try Data(part.utf8).write(to: lib.appendingPathComponent("big\(index).lua")) }

        let result = try cli.run(["publish", games.appendingPathComponent("math-jam").path, "--fuzz-runs", "0"])
        #expect(result.status == 1)
        #expect(
            result.error.contains("math-jam refused: ") && result.error.contains("nothing of it was stored"),
            "\(result.error)")
        #expect(try cli.run(["games"]).output.hasPrefix("No game is published"))
    }

    @Test func catalogPublishAlsoPublishesTheGamesFiles() throws {
        let cli = Edujam()
        defer { cli.remove() }
        let games = try Self.games()
        defer { try? FileManager.default.removeItem(at: games) }
        let published = try cli.run(["catalog", "--publish", "--games", games.path])
        #expect(published.status == 0, "\(published.error)")
        #expect(published.error.contains("published MATH-JAM version ") && published.error.contains("(new)"))
        let list = try cli.run(["games"]).output.split(separator: "\n")
        #expect(list.count == 2 && list[0].hasPrefix("MATH-JAM  ") && list[1].hasPrefix("WORD-JAM  "), "\(list)")
        let again = try cli.run(["catalog", "--publish", "--games", games.path])
        #expect(again.error.contains("published WORD-JAM version ") && again.error.contains("(unchanged)"))
    }

    @Test func storeCopyCarriesTheVersionsBothWays() throws {
        let cli = Edujam()
        defer { cli.remove() }
        let games = try Self.games()
        defer { try? FileManager.default.removeItem(at: games) }
        #expect(
            try cli.run(["publish", games.appendingPathComponent("math-jam").path, "--fuzz-runs", "0"]).status == 0)
        try Self.setModule(in: games, to: "return 2")
        #expect(
            try cli.run(["publish", games.appendingPathComponent("math-jam").path, "--fuzz-runs", "0"]).status == 0)
        let listed = try cli.run(["games", "--all"]).output

        let copy = Edujam()
        defer { copy.remove() }
        let there = try cli.run(["store", "copy", cli.store, copy.store, "--games", games.path])
        #expect(there.status == 0, "\(there.error)")
        #expect(try copy.run(["games", "--all", "--games", games.path]).output == listed)
        let back = Edujam()
        defer { back.remove() }
        #expect(try cli.run(["store", "copy", copy.store, back.store, "--games", games.path]).status == 0)
        #expect(try back.run(["games", "--all", "--games", games.path]).output == listed)
    }
}
