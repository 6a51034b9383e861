import Foundation
import Testing

/// One game folder against everyone: a folder of links to links, a folder of links to a large
/// module, a package that unpacks into thousands of folders, and games that merely mention an id
/// and never stop. Each command finishes in seconds and says what it refused; every command runs
/// under `timeout`, so a regression fails the test instead of hanging the suite.
@Suite struct HostileFolderTests {
    /// How long a command may take before `timeout` ends it (and everything it started).
    static let bound = 40
    /// What a command's status is when `timeout` had to end it.
    static let killed: Int32 = 137

    /// A games folder with the collection and Math Jam (without its tests), removed by the caller.
    private static func games() throws -> URL {
        let folder = try Edujam.scratchFolder("hostile-folder")
        let source = Edujam.root.appendingPathComponent("games")
        try FileManager.default.copyItem(
            at: source.appendingPathComponent("collection.lua"), to: folder.appendingPathComponent("collection.lua"))
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("math-jam"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: source.appendingPathComponent("math-jam/game.lua"),
            to: folder.appendingPathComponent("math-jam/game.lua"))
        return folder
    }

    private static func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    private static func game(_ id: String, before: String = "") -> String {
        before + "return { id = \"\(id)\", title = \"\(id)\", play = function()\n"
            + "  activity.start()\n  say(\"playing \(id)\")\n  activity.score(\"done\", 1, 1)\n  activity.finish()\nend }\n"
    }

    /// Runs `edujam` under `timeout -s KILL`, returning the result and the seconds it took.
    private static func run(_ cli: Edujam, _ arguments: [String], input: String = "") throws -> (Edujam.Result, Double)
    {
        let start = ContinuousClock.now
        let result = try cli.run(arguments, input: input, launcher: ["/usr/bin/timeout", "-s", "KILL", "\(bound)"])
        let elapsed = ContinuousClock.now - start
        return (result, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }

    /// `lib/` holds 41 folders, each with two links to the next: nothing leaves the game's folder,
    /// but 2^40 paths lead through it. `catalog --publish` publishes the other game and refuses
    /// this one in words; `play FOLDER` refuses it before it starts; neither hangs.
    @Test func aFolderOfLinksToLinksIsRefusedNotWalked() throws {
        let cli = Edujam()
        defer { cli.remove() }
        let games = try Self.games()
        defer { try? FileManager.default.removeItem(at: games) }
        let game = games.appendingPathComponent("links")
        try Self.write(Self.game("LINKS"), to: game.appendingPathComponent("game.lua"))
        for level in 0...40 {
            let folder = game.appendingPathComponent("lib/d\(level)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for name in ["a", "b"] {
                try FileManager.default.createSymbolicLink(
                    atPath: folder.appendingPathComponent(name).path, withDestinationPath: "../d\(level + 1)")
            }
        }
        try FileManager.default.createDirectory(
            at: game.appendingPathComponent("lib/d41"), withIntermediateDirectories: true)

        let (publish, publishing) = try Self.run(cli, ["catalog", games.path, "--publish"])
        #expect(publish.status != Self.killed, "catalog --publish hung: \(publishing) s")
        #expect(publishing < 30, "\(publishing) s")
        #expect(publish.error.contains("published MATH-JAM version "), "\(publish.error)")
        #expect(
            publish.error.contains("goes more than 8 folders deep") && !publish.error.contains("published LINKS"),
            "\(publish.error)")

        let (play, playing) = try Self.run(cli, ["play", game.path])
        #expect(play.status == 1, "\(play.error)")
        #expect(playing < 30, "\(playing) s")
        #expect(play.error.contains("goes more than 8 folders deep"), "\(play.error)")
        #expect(!play.output.contains("playing LINKS"))
    }

    /// 1,500 links to one module of about 1 MB: the catalog's scan of what each game reports
    /// reads a game's files through the same bounded walk, so this game costs the listing no
    /// more than a package's limits (and each file is read once).
    @Test func aFolderOfLinksToABigModuleDoesNotStallTheCatalog() throws {
        let cli = Edujam()
        defer { cli.remove() }
        let games = try Self.games()
        defer { try? FileManager.default.removeItem(at: games) }
        let game = games.appendingPathComponent("heavy")
        try Self.write(Self.game("HEAVY"), to: game.appendingPathComponent("game.lua"))
        let module = "activity.quantity('x', 1)\n" + String(repeating: "x = 1 ", count: 166_000) + "\n"
        try Self.write(module, to: game.appendingPathComponent("big.lua"))
        for index in 0..<1500 {
            try FileManager.default.createSymbolicLink(
                atPath: game.appendingPathComponent("m\(index).lua").path, withDestinationPath: "big.lua")
        }

        let (catalog, seconds) = try Self.run(cli, ["catalog", games.path])
        #expect(catalog.status == 0, "\(catalog.output)\(catalog.error)")
        #expect(seconds < 30, "\(seconds) s")
        #expect(catalog.output.contains("HEAVY  HEAVY") && catalog.output.contains("MATH-JAM"), "\(catalog.output)")
    }

    /// A 69 KB game whose modules each lie at the end of a chain of 120 folders would unpack into
    /// thousands of folders in every student's cache: `publish` refuses it, in words, at once.
    @Test func aGameOfDeepFoldersIsNotPublished() throws {
        let cli = Edujam()
        defer { cli.remove() }
        let games = try Self.games()
        defer { try? FileManager.default.removeItem(at: games) }
        let game = games.appendingPathComponent("deep")
        try Self.write(Self.game("DEEP"), to: game.appendingPathComponent("game.lua"))
        for index in 0..<8 {
            let chain = (0..<120).map { _ in "\(index)" }.joined(separator: "/")
            try Self.write("return 1\n", to: game.appendingPathComponent(chain + "/m.lua"))
        }

        let (publish, seconds) = try Self.run(cli, ["publish", game.path, "--fuzz-runs", "0"])
        #expect(publish.status == 1, "\(publish.output)\(publish.error)")
        #expect(seconds < 30, "\(seconds) s")
        #expect(publish.output.contains("goes more than 8 folders deep"), "\(publish.output)")
        #expect(publish.error.contains("deep refused: 1 error; nothing of it was stored"), "\(publish.error)")
        #expect(try cli.run(["games"]).output.hasPrefix("No game is published"))
    }

    /// Games that mention `QUIZ` (in a comment, or even in a string) and loop forever: `play
    /// QUIZ` runs none of the first and gives each of the others a declaration's small time
    /// budget, not the sandbox's whole time limit; the game starts in seconds.
    @Test func gamesThatMentionAnIdDoNotHoldUpItsPlay() throws {
        let cli = Edujam()
        defer { cli.remove() }
        let games = try Self.games()
        defer { try? FileManager.default.removeItem(at: games) }
        try Self.write(Self.game("QUIZ"), to: games.appendingPathComponent("quiz/game.lua"))
        for index in 0..<12 {
            try Self.write(
                Self.game("TALK\(index)", before: "-- better than QUIZ\nwhile true do end\n"),
                to: games.appendingPathComponent("talk\(index)/game.lua"))
            try Self.write(
                Self.game("LOOP\(index)", before: "local rival = 'QUIZ'\nwhile true do end\n"),
                to: games.appendingPathComponent("loop\(index)/game.lua"))
        }

        let (play, seconds) = try Self.run(cli, ["play", "QUIZ", "--games", games.path, "--student", "ana"])
        #expect(play.status == 0, "\(play.output)\(play.error)")
        #expect(play.output.contains("playing QUIZ"), "\(play.output)")
        #expect(seconds < 20, "12 looping candidates at 0.5 s each, two at a time, not 5 s each: \(seconds) s")
    }
}
