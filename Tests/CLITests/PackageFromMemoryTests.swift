import Foundation
import Testing

/// A published game runs from the bytes that were checked: the student's game cache is where a
/// version is kept for offline play, not what runs. A module swapped in the cache after the
/// version was read (and its hash checked) is not the module the game loads, even when the game
/// requires it only later in the round.
@Suite struct PackageFromMemoryTests {
    /// A game that requires its module only after the student's first answer.
    private static let game = """
        return {
          id = "LATE",
          title = "Late module",
          play = function()
            activity.start()
            ask("Ready?")
            say("The module says: " .. require("late").word)
            activity.binary("ready", true, "yesNo", "Ready")
            activity.finish()
          end,
        }
        """

    @Test func aModuleSwappedInTheCacheAfterTheCheckDoesNotRun() throws {
        let root = try Edujam.scratchFolder("from-memory")
        defer { try? FileManager.default.removeItem(at: root) }
        let games = root.appendingPathComponent("games")
        let folder = games.appendingPathComponent("late")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(Self.game.utf8).write(to: folder.appendingPathComponent("game.lua"))
        try Data(#"return { word = "as published" }"#.utf8).write(to: folder.appendingPathComponent("late.lua"))
        let cli = Edujam()
        defer { cli.remove() }
        let published = try cli.run(["publish", folder.path, "--fuzz-runs", "0"])
        #expect(published.status == 0, "\(published.error)")
        let version = try #require(
            published.output.firstMatch(of: /version ([0-9a-f]{12})/).map { String($0.1) }, "\(published.output)")

        // The student: no games folder, a data folder (and so a game cache) of their own.
        let desk = root.appendingPathComponent("desk")
        try FileManager.default.createDirectory(at: desk, withIntermediateDirectories: true)
        let data = root.appendingPathComponent("data")
        let play = try TerminalSession(
            ["play", "LATE", "--student", "ana"],
            environment: [
                "EDUJAM_STORE": cli.store, "EDUJAM_CONFIG": "", "XDG_DATA_HOME": data.path, "HOME": desk.path,
                "NO_COLOR": "1", "TERM": "xterm",
            ], unset: ["EDUJAM_GAMES", "COLUMNS"], directory: desk.path)
        #expect(play.expect("Ready?"), "\(play.output)")

        // The version is in the cache now; its module is replaced there, after the check.
        let cache = data.appendingPathComponent("edujam/game-cache")
        let entry = try #require(
            try FileManager.default.contentsOfDirectory(atPath: cache.path).first { $0.hasPrefix(version) },
            "the version's cache entry")
        let module = cache.appendingPathComponent(entry).appendingPathComponent("late.lua")
        #expect(FileManager.default.fileExists(atPath: module.path))
        try FileManager.default.removeItem(at: module)
        try Data(#"return { word = "swapped on disk" }"#.utf8).write(to: module)

        play.type("yes\n")
        #expect(play.waitForExit() == 0, "\(play.output)")
        #expect(play.output.contains("The module says: as published"), "\(play.output)")
        #expect(!play.output.contains("swapped"), "\(play.output)")
    }
}
