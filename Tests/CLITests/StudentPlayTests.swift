import Foundation
import Testing
import TrackingTestSupport

/// A school's first day from a student's seat, through the built binary on the
/// throwaway PostgreSQL server: a teacher publishes three games, a student login plays each,
/// and what the student reads is for people (no SQL, no socket errno, the command that plays).
@Suite(.enabled(if: PostgresServer.isAvailable, Comment(rawValue: PostgresServer.skipComment)))
struct StudentPlayTests {
    /// A store made by its owner, a teacher login that published `full` (three games: CAPITALS
    /// with two levels, MATH-JAM, WORD-JAM, in that folder order), and a class 5C whose student
    /// `ana` got a login from `--create-logins`. `partial` holds the same games but CAPITALS, as
    /// a student's computer that lacks it.
    struct School {
        let server: PostgresServer
        let database: String
        let teacher: String
        let ana: String
        let full: URL
        let partial: URL
        let data: URL

        func url(as login: String) -> String { server.url(database: database, user: login) }

        /// The environment of a command run as `login` with `games` as the games folder.
        func environment(as login: String, games: URL? = nil) -> [String: String] {
            ["EDUJAM_STORE": url(as: login), "EDUJAM_GAMES": (games ?? full).path, "XDG_DATA_HOME": data.path]
        }

        func remove() {
            for folder in [full, partial, data] { try? FileManager.default.removeItem(at: folder) }
        }
    }

    static let capitals = """
        return { id = "CAPITALS", title = "Capital Cities", topic = "socialScience",
          contexts = { { id = "EASY", title = "Easy" }, { id = "HARD", title = "Hard" } },
          play = function(level)
            activity.start()
            local answer = ask("Capital of France?")
            activity.score("score", answer == "Paris" and 1 or 0, 1)
            activity.finish()
          end }
        """

    private func gamesFolder(_ name: String, withCapitals: Bool) throws -> URL {
        let folder = try Edujam.scratchFolder(name)
        for game in ["math-jam", "word-jam"] {
            let target = folder.appendingPathComponent(game)
            try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                at: Edujam.root.appendingPathComponent("games/\(game)/game.lua"),
                to: target.appendingPathComponent("game.lua"))
        }
        if withCapitals {
            let target = folder.appendingPathComponent("capitals")
            try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
            try Self.capitals.write(to: target.appendingPathComponent("game.lua"), atomically: true, encoding: .utf8)
        }
        return folder
    }

    func school(_ cli: Edujam) throws -> School {
        let server = try PostgresServer.server()
        let database = try server.createDatabase()
        let suffix = UUID().uuidString.prefix(8).lowercased()
        let school = School(
            server: server, database: database, teacher: "teacher_\(suffix)", ana: "ana_\(suffix)",
            full: try gamesFolder("full", withCapitals: true), partial: try gamesFolder("partial", withCapitals: false),
            data: try Edujam.scratchFolder("student-data"))
        #expect(try cli.run(["store", "init", "--store", server.url(database: database)]).status == 0)
        let granted = try server.psql(
            "CREATE ROLE \(school.teacher) LOGIN; GRANT edujam_teacher TO \(school.teacher);", database: database)
        #expect(granted.status == 0, "\(granted.output)")
        let asTeacher = school.environment(as: school.teacher)
        let published = try cli.run(["catalog", "--publish"], environment: asTeacher)
        #expect(published.status == 0, "\(published.error)")
        #expect(try cli.run(["class", "create", "5C"], environment: asTeacher).status == 0)
        let added = try cli.run(["class", "add", "5C", school.ana, "--create-logins"], environment: asTeacher)
        #expect(added.status == 0, "\(added.error)")
        return school
    }

    /// The catalog as stored: each context's path and display order.
    private func catalog(_ school: School) throws -> String {
        try school.server.psql("SELECT path, display_order FROM contexts ORDER BY path", database: school.database)
            .output
    }

    @Test func aStudentPlaysEveryPublishedGameAndTheCatalogStaysAsPublished() throws {
        let cli = Edujam()
        let school = try school(cli)
        defer { school.remove() }
        let published = try catalog(school)
        #expect(published.contains(#"["org.edujam.games","WORD-JAM"]|2"#), "\(published)")
        let asAna = school.environment(as: school.ana)
        for game in ["CAPITALS/EASY", "MATH-JAM/LEVEL-1", "WORD-JAM/LEVEL-1", "WORD-JAM"] {
            let played = try cli.run(
                ["play", game], input: "1\n" + String(repeating: "Paris\n", count: 12),
                environment: asAna)
            #expect(played.status == 0, "\(game): \(played.output)\(played.error)")
            #expect(!played.error.contains("INSERT") && !played.error.contains("while executing"), "\(played.error)")
        }
        let attempts = try school.server.psql(
            "SELECT count(*) FROM activities WHERE student = '\(school.ana)'", database: school.database)
        #expect(attempts.output == "4\n")
        #expect(try catalog(school) == published)
    }

    /// A refusal from the server reaches a student as what was refused, without the statement.
    @Test func aRefusalReachesAStudentWithoutSQL() throws {
        let cli = Edujam()
        let school = try school(cli)
        defer { school.remove() }
        // A game nobody published needs its contexts added; this store no longer lets students.
        let revoked = try school.server.psql(
            "REVOKE INSERT ON contexts FROM edujam_student", database: school.database)
        #expect(revoked.status == 0, "\(revoked.output)")
        let unpublished = try gamesFolder("unpublished", withCapitals: false)
        defer { try? FileManager.default.removeItem(at: unpublished) }
        let game = unpublished.appendingPathComponent("quiz")
        try FileManager.default.createDirectory(at: game, withIntermediateDirectories: true)
        try Self.capitals.replacingOccurrences(of: "CAPITALS", with: "NEW-QUIZ")
            .write(to: game.appendingPathComponent("game.lua"), atomically: true, encoding: .utf8)
        let played = try cli.run(
            ["play", "NEW-QUIZ/EASY"], input: "Paris\n",
            environment: school.environment(as: school.ana, games: unpublished))
        #expect(played.status == 1)
        #expect(
            played.error.contains("the school's PostgreSQL server refused it: permission denied for table contexts"))
        #expect(!played.error.contains("INSERT") && !played.error.contains("while executing"), "\(played.error)")
        #expect(!played.error.contains("tell your teacher"), "only a full store is the owner's to mend")
    }

    @Test func theInboxGivesTheCommandThatPlaysEachActivityAndAGamesLevels() throws {
        let cli = Edujam()
        let school = try school(cli)
        defer { school.remove() }
        let assigned = try cli.run(
            ["assign", "--class", "5C", "--title", "First day", "CAPITALS", "MATH-JAM/LEVEL-1"],
            environment: school.environment(as: school.teacher))
        #expect(assigned.status == 0, "\(assigned.error)")
        let inbox = try cli.run(["inbox"], environment: school.environment(as: school.ana))
        #expect(inbox.status == 0, "\(inbox.error)")
        let lines = inbox.output.split(separator: "\n").map(String.init)
        let capitals = try #require(lines.firstIndex { $0.hasSuffix("CAPITALS  Capital Cities") }, "\(inbox.output)")
        #expect(lines[capitals + 1] == String(repeating: " ", count: 17) + "edujam play CAPITALS   levels: EASY, HARD")
        let sums = try #require(lines.firstIndex { $0.contains("MATH-JAM/LEVEL-1  ") }, "\(inbox.output)")
        #expect(lines[sums + 1] == String(repeating: " ", count: 17) + "edujam play MATH-JAM/LEVEL-1")
    }

    /// The activity is assigned and in the catalog, but the student's games folder lacks the game.
    @Test func anAssignedGameMissingHereIsSaidInWords() throws {
        let cli = Edujam()
        let school = try school(cli)
        defer { school.remove() }
        let assigned = try cli.run(
            ["assign", "--class", "5C", "--title", "Capitals", "CAPITALS"],
            environment: school.environment(as: school.teacher))
        #expect(assigned.status == 0, "\(assigned.error)")
        let asAna = school.environment(as: school.ana, games: school.partial)
        for path in ["CAPITALS", "CAPITALS/EASY"] {
            let played = try cli.run(["play", path], input: "Paris\n", environment: asAna)
            #expect(played.status == 1, "\(played.error)")
            #expect(
                played.error.hasPrefix(
                    "edujam play: \(path) is assigned to you, but its game is not on this computer: ask your teacher (games are looked for in \(school.partial.path))"
                ), "\(played.error)")
            #expect(!played.error.contains("usage:"))
        }
        let teacher = try cli.run(
            ["play", "CAPITALS"], environment: school.environment(as: school.teacher, games: school.partial))
        #expect(teacher.status == 1)
        #expect(
            teacher.error.hasPrefix(
                "edujam play: CAPITALS is in your school's catalog, but its game is not on this computer"),
            "\(teacher.error)")
        let unknown = try cli.run(["play", "NO-SUCH-GAME"], environment: asAna)
        #expect(unknown.status == 64)
        #expect(unknown.error.contains("'NO-SUCH-GAME' is neither a game folder nor an identifier path"))
        // Typed in lower case: the school's catalog has it in upper, so that is suggested.
        let lower = try cli.run(["play", "capitals/EASY"], environment: asAna)
        #expect(
            lower.status == 64
                && lower.error.contains(
                    "identifier path of a game in \(school.partial.path); did you mean 'CAPITALS/EASY'?"),
            "\(lower.error)")
        // Ana's own context beside it (a student may add some) makes two: the published game is
        // still the one suggested, never hers.
        let junk = try school.server.psql(
            """
            INSERT INTO contexts (parent_id, path, identifier, title, type, created_at, modified_at)
            SELECT id, '["org.edujam.games","Capitals"]', 'Capitals', 'mine', 4, 0, 0 FROM contexts
            WHERE parent_id IS NULL
            """, database: school.database, role: school.ana)
        #expect(junk.status == 0, "\(junk.output)")
        let twice = try cli.run(["play", "capitals/EASY"], environment: asAna)
        #expect(
            twice.status == 64 && twice.error.contains("did you mean 'CAPITALS/EASY'?")
                && !twice.error.contains("'Capitals/"), "\(twice.error)")
    }

    @Test func aLoginWithoutARoleOnTheServerIsToldWhoCreatesIt() throws {
        let cli = Edujam()
        let school = try school(cli)
        defer { school.remove() }
        let nobody = "nobody_\(UUID().uuidString.prefix(8).lowercased())"
        let said =
            "the login \(nobody) has no role on the PostgreSQL server at \(school.server.socketDirectory) (port \(school.server.port)): the owner creates it, or run as the owner's account\n"
        let listed = try cli.run(["class", "list"], environment: school.environment(as: nobody))
        #expect(listed.status == 1)
        #expect(listed.error == "edujam class: " + said)
        let played = try cli.run(
            ["play", "MATH-JAM/LEVEL-1"], input: "1\n", environment: school.environment(as: nobody))
        #expect(played.status == 1)
        #expect(played.error == "edujam play: " + said, "not played offline: the server answered")
    }

    @Test func aTeachersDoneWithoutAStudentIsAUsageErrorAndAStudentIsToldWhoTheyAre() throws {
        let cli = Edujam()
        let school = try school(cli)
        defer { school.remove() }
        let asTeacher = school.environment(as: school.teacher)
        #expect(
            try cli.run(["assign", "--class", "5C", "--title", "Sums", "MATH-JAM"], environment: asTeacher).status == 0)
        let done = try cli.run(["done", "1"], environment: asTeacher)
        #expect(done.status == 64, "\(done.error)")
        #expect(done.error.hasPrefix("edujam done: done needs --student S (your work) or --all-students"))
        let inbox = try cli.run(["inbox"], environment: asTeacher)
        #expect(inbox.status == 64, "\(inbox.error)")
        let asAna = school.environment(as: school.ana)
        for command in [["report"], ["inbox"], ["done", "1"]] {
            let posing = try cli.run(command + ["--student", "bo"], environment: asAna)
            #expect(posing.status == 1)
            #expect(
                posing.error.contains("on this store you are \(school.ana): --student is for teachers"),
                "\(posing.error)")
        }
    }
}
