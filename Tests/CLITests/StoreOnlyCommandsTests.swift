import Foundation
import Testing
import TrackingTestSupport

/// Commands that play nothing need no games folder: with no `./games`, no `EDUJAM_GAMES` and no
/// games installed beside the program, a student's `inbox`, `report` and `sync` and a teacher's
/// `report`, `class`, `export` and `store migrate` take the collection from the store they read,
/// and `play` runs the store's published version of a game.
@Suite struct StoreOnlyCommandsTests {
    /// A folder with no games in it, and a home of its own; the test binary has no installed games.
    private struct Elsewhere {
        let root: URL
        let folder: URL
        var environment: [String: String] { ["HOME": root.appendingPathComponent("home").path] }
        let unset: Set<String> = ["EDUJAM_GAMES", "XDG_DATA_HOME"]

        init() throws {
            root = try Edujam.scratchFolder("no-games")
            folder = root.appendingPathComponent("work")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }

        func run(_ cli: Edujam, _ words: [String], input: String = "") throws -> Edujam.Result {
            try cli.run(words, input: input, environment: environment, unset: unset, directory: folder)
        }

        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    @Test func aStudentAndATeacherUseTheStoreWithNoGamesFolder() throws {
        let cli = Edujam()
        defer { cli.remove() }
        // The teacher publishes and assigns from the project, which has the games; ana plays.
        for words in [
            ["catalog", "--publish"], ["class", "create", "3B"], ["class", "add", "3B", "ana"],
            ["assign", "--class", "3B", "--title", "Maths", "MATH-JAM/LEVEL-1"],
        ] {
            let done = try cli.run(words)
            #expect(done.status == 0, "\(words): \(done.error)")
        }
        let played = try cli.run(
            ["play", "MATH-JAM/LEVEL-1", "--student", "ana", "--seed", "3"], input: String(repeating: "1\n", count: 10))
        #expect(played.status == 0, "\(played.error)")

        let elsewhere = try Elsewhere()
        defer { elsewhere.remove() }
        let inbox = try elsewhere.run(cli, ["inbox", "--student", "ana"])
        #expect(inbox.status == 0, "\(inbox.error)")
        #expect(inbox.output.contains("[1] Maths"), "\(inbox.output)")
        for words in [
            ["report", "--student", "ana"], ["report"], ["report", "--class", "3B"], ["sync"], ["class", "list"],
            ["export", "--xapi"], ["store", "migrate"],
        ] {
            let result = try elsewhere.run(cli, words)
            #expect(result.status == 0, "\(words): \(result.error)")
            #expect(!result.error.contains("no games folder"), "\(words): \(result.error)")
        }
        #expect(try elsewhere.run(cli, ["report", "--student", "ana"]).output.contains("MATH-JAM/LEVEL-1"))

        // Playing needs no games folder either: `catalog --publish` put the game in the store, and
        // its published version runs from the cache in this home.
        let play = try elsewhere.run(
            cli, ["play", "MATH-JAM/LEVEL-1", "--student", "ana", "--seed", "3"],
            input: String(repeating: "1\n", count: 10))
        #expect(play.status == 0, "\(play.error)")
        #expect(play.output.contains("Saved for assignment 1 (Maths)."), "\(play.output)")
        // A game the store does not publish still needs its folder, and the refusal says so.
        let unknown = try elsewhere.run(cli, ["play", "NO-SUCH-GAME", "--student", "ana"])
        #expect(unknown.status == 1)
        #expect(unknown.error.contains("no games folder here"), "\(unknown.error)")
    }

    /// A store that does not exist yet is made for a games folder's collection: with none, the
    /// command says so and makes no file.
    @Test func aNewStoreWithNoGamesFolderIsNotMade() throws {
        let cli = Edujam()
        let elsewhere = try Elsewhere()
        defer { elsewhere.remove() }
        let report = try elsewhere.run(cli, ["report"])
        #expect(report.status == 1)
        #expect(report.error.contains("the store \(cli.store) is new"), "\(report.error)")
        #expect(report.error.contains("no games folder here"), "\(report.error)")
        #expect(!FileManager.default.fileExists(atPath: cli.store))
    }

    @Test(.enabled(if: PostgresServer.isAvailable, Comment(rawValue: PostgresServer.skipComment)))
    func onASchoolServerNeitherStudentNorTeacherNeedsTheGames() throws {
        let cli = Edujam()
        let school = try RosterLoginsCommandTests.School(cli)
        defer { school.remove() }
        let owner = school.url()
        for words in [
            ["catalog", "--publish"], ["class", "import", "--oneroster", school.export.path, "--create-logins"],
        ] {
            let done = try cli.run(words + ["--store", owner])
            #expect(done.status == 0, "\(words): \(done.error)")
        }
        let teacher = school.url(as: school.login("jsmith"))
        let assigned = try cli.run(["assign", "--class", "3B", "--title", "Maths", "MATH-JAM", "--store", teacher])
        #expect(assigned.status == 0, "\(assigned.error)")

        let elsewhere = try Elsewhere()
        defer { elsewhere.remove() }
        let student = school.url(as: school.login("ana.lima"))
        let inbox = try elsewhere.run(cli, ["inbox", "--store", student])
        #expect(inbox.status == 0, "\(inbox.error)")
        #expect(inbox.output.contains("Maths"), "\(inbox.output)")
        for (words, store) in [
            (["report"], student), (["sync"], student), (["report", "--class", "3B"], teacher),
            (["class", "list"], teacher),
        ] {
            let result = try elsewhere.run(cli, words + ["--store", store])
            #expect(result.status == 0, "\(words): \(result.error)")
            #expect(!result.error.contains("no games folder"), "\(words): \(result.error)")
        }
    }
}
