import Foundation
import Testing
import TrackingTestSupport

/// A school on a PostgreSQL store (`docs/classroom.md`, "Who can see what"): each rule is proved
/// twice, with a raw SQL session (`psql` as the student's or teacher's login, as anyone could
/// connect) that the database itself must refuse, and through the built binary, which says it in
/// words. The school: the owner ran `edujam store init`; maria owns 5C ("Ana Lima" with the
/// login ana, and bo) with one assignment; joao owns 6A (cy). Ana and bo have played it.
///
/// Without a PostgreSQL server the suite is skipped with the reason, never passed.
@Suite(.enabled(if: PostgresServer.isAvailable, Comment(rawValue: PostgresServer.unavailableReason)))
struct SchoolServerTests {
    // MARK: A student writes only their own attempts

    @Test func aStudentCannotChangeOrForgeAClassmatesAttempt() throws {
        let school = try School()
        let before = try school.sql("SELECT progress FROM activities WHERE student = 'Ana Lima'")
        let changed = try school.psql(
            "UPDATE activities SET progress = 0.01 WHERE student = 'Ana Lima' RETURNING id", as: school.bo)
        #expect(changed.status == 0 && changed.output.isEmpty, "no row of ana's is even visible: \(changed)")
        #expect(try school.sql("SELECT progress FROM activities WHERE student = 'Ana Lima'") == before)

        let forged = try school.psql(
            """
            INSERT INTO activities (context_id, student, created_at, started_at, uuid)
            SELECT context_id, 'Ana Lima', created_at, started_at, gen_random_uuid()
            FROM activities WHERE student = '\(school.bo)'
            """, as: school.bo)
        #expect(forged.status != 0)
        #expect(forged.error.contains("row-level security"), "\(forged.error)")
        let renamed = try school.psql(
            "UPDATE activities SET student = 'Ana Lima' WHERE student = '\(school.bo)'", as: school.bo)
        #expect(renamed.error.contains("row-level security"), "moving one's own attempt to ana: \(renamed.error)")
        let deleted = try school.psql("DELETE FROM activities", as: school.bo)
        #expect(deleted.error.contains("permission denied"), "\(deleted.error)")
        #expect(try school.sql("SELECT count(*) FROM activities WHERE student = 'Ana Lima'") == "1")

        // Their own equivalents are allowed.
        let own = try school.psql(
            """
            UPDATE activities SET progress = progress WHERE student = '\(school.bo)' RETURNING student;
            INSERT INTO activities (context_id, student, created_at, started_at, uuid)
            SELECT context_id, student, created_at, started_at, gen_random_uuid()
            FROM activities WHERE student = '\(school.bo)' RETURNING student;
            """, as: school.bo)
        #expect(own.status == 0, "\(own.error)")
        #expect(own.output == "\(school.bo)\n\(school.bo)\n")
    }

    @Test func aStudentReadsOnlyTheirOwnAttempts() throws {
        let school = try School()
        #expect(try school.psql("SELECT DISTINCT student FROM activities", as: school.bo).output == "\(school.bo)\n")
        #expect(try school.psql("SELECT DISTINCT student FROM activities", as: school.ana).output == "Ana Lima\n")
        let items = try school.psql(
            "SELECT count(*) FROM activity_items i JOIN activities a ON a.id = i.activity_id WHERE a.student = 'Ana Lima'",
            as: school.bo)
        #expect(items.output == "0\n", "\(items)")
        #expect(try school.sql("SELECT count(*) > 0 FROM activity_items") == "t", "ana's items exist")
    }

    // MARK: A student reads only their own classes, roster rows and assignments

    @Test func aStudentSeesNoOtherClassOrRoster() throws {
        let school = try School()
        #expect(try school.psql("SELECT name FROM classes", as: school.cy).output == "6A\n")
        #expect(try school.psql("SELECT title FROM assignments", as: school.cy).output == "", "5C's assignment")
        #expect(try school.psql("SELECT student FROM class_students", as: school.bo).output == "\(school.bo)\n")
        #expect(try school.psql("SELECT student FROM student_logins", as: school.bo).output == "\(school.bo)\n")
        #expect(try school.psql("SELECT title FROM assignments", as: school.bo).output == "Sums\n")
        let roster = try school.psql("SELECT count(*) FROM roster_people", as: school.bo)
        #expect(roster.error.contains("permission denied"), "\(roster)")
        let catalog = try school.psql("UPDATE contexts SET title = 'Hacked' RETURNING id", as: school.bo)
        #expect(catalog.status == 0 && catalog.output.isEmpty, "students only add contexts: \(catalog)")
        let removed = try school.psql("DELETE FROM contexts", as: school.bo)
        #expect(removed.error.contains("permission denied"), "\(removed)")
        #expect(try school.sql("SELECT count(*) FROM contexts WHERE title = 'Hacked'") == "0")
        #expect(try school.psql("SELECT count(*) > 0 FROM contexts", as: school.cy).output == "t\n")
    }

    // MARK: A student marks done only their own work

    @Test func aStudentMarksOnlyTheirOwnWorkDone() throws {
        let school = try School()
        let forged = try school.psql(
            """
            INSERT INTO assignment_done (assignment_id, context_id, student, done_at)
            SELECT assignment_id, context_id, 'Ana Lima', 0 FROM assignment_activities
            """, as: school.bo)
        #expect(forged.error.contains("row-level security"), "\(forged)")
        let elsewhere = try school.psql(
            """
            INSERT INTO assignment_done (assignment_id, context_id, student, done_at)
            SELECT assignment_id, context_id, '\(school.cy)', 0 FROM assignment_activities
            """, as: school.cy)
        #expect(elsewhere.status == 0 && elsewhere.output.isEmpty, "cy sees no activity of 5C's assignment")
        let complete = try school.psql("UPDATE assignments SET completed_at = 1", as: school.bo)
        #expect(complete.error.contains("permission denied"), "\(complete)")

        let refused = try school.edujam(["done", "1", "--student", "Ana Lima"], as: school.bo)
        #expect(refused.status == 1)
        #expect(refused.error.contains("you play as your login (\(school.bo)): --student is for teachers"))
        let everyone = try school.edujam(["done", "1", "--all-students"], as: school.bo)
        #expect(everyone.error.contains("done --all-students is a teacher's command"), "\(everyone.error)")
        let own = try school.edujam(["done", "1"], as: school.bo)
        #expect(own.status == 0, "\(own.error)")
        #expect(try school.sql("SELECT student FROM assignment_done") == school.bo)
    }

    // MARK: A teacher reads and reviews only the classes they own

    @Test func aTeacherCannotReadAnotherTeachersClass() throws {
        let school = try School()
        #expect(try school.psql("SELECT name FROM classes", as: school.joao).output == "6A\n")
        #expect(try school.psql("SELECT count(*) FROM activities", as: school.joao).output == "0\n")
        #expect(try school.psql("SELECT count(*) FROM assignments", as: school.joao).output == "0\n")
        let spy = try school.psql(
            "INSERT INTO class_students (class_id, student, position) SELECT id, 'spy', 9 FROM classes WHERE name = '5C'",
            as: school.joao)
        #expect(spy.status == 0 && spy.output.isEmpty, "5C is not even visible to joao")
        let direct = try school.psql(
            "INSERT INTO class_students (class_id, student, position) VALUES (\(school.classID("5C")), 'spy', 9)",
            as: school.joao)
        #expect(direct.error.contains("row-level security"), "\(direct)")

        let report = try school.edujam(["report", "--class", "5C"], as: school.joao)
        #expect(report.status == 1)
        #expect(report.error.contains("unknown class"), "\(report.error)")
        let own = try school.edujam(["report", "--class", "5C", "--json"], as: school.maria)
        #expect(own.status == 0, "\(own.error)")
        #expect(own.output.contains("Ana Lima") && own.output.contains(school.bo))
    }

    // MARK: Through the binary: the student is the login

    @Test func aStudentPlaysAsTheirLoginAndNeverAsAnother() throws {
        let school = try School()
        let published = try school.edujam(["catalog", "--publish"], as: school.maria)
        #expect(published.status == 0, "\(published.error)")

        let asClassmate = try school.edujam(
            ["play", "MATH-JAM/LEVEL-1", "--seed", "3", "--student", school.bo], as: school.ana, input: "0\n")
        #expect(asClassmate.status == 1)
        #expect(
            asClassmate.error.contains(
                "on this store you play as your login (\(school.ana)): --student is for teachers"),
            "\(asClassmate.error)")
        #expect(try school.sql("SELECT count(*) FROM activities") == "2", "nothing was saved")

        let played = try school.edujam(["play", "MATH-JAM/LEVEL-1", "--seed", "3"], as: school.ana, input: "0\n0\n")
        #expect(played.status == 0, "\(played.error)")
        #expect(played.output.contains("Saved for assignment 1 (Sums)."), "\(played.output)")
        #expect(try school.sql("SELECT count(*) FROM activities WHERE student = 'Ana Lima'") == "2")

        let inbox = try school.edujam(["inbox"], as: school.ana)
        #expect(inbox.status == 0, "\(inbox.error)")
        #expect(inbox.output.contains("[1] Sums"), "\(inbox.output)")
        let teachers: [[String]] = [
            ["class", "create", "7B"], ["report", "--class", "5C"],
            ["assign", "--class", "5C", "--title", "X", "MATH-JAM"],
        ]
        for words in teachers {
            let refused = try school.edujam(words, as: school.ana)
            #expect(refused.status == 1, "\(words)")
            #expect(
                refused.error.contains("is a teacher's command, and the login \(school.ana) is a student's"),
                "\(refused.error)")
        }

        // A teacher may play as a student of their class, to try the assignment.
        let trial = try school.edujam(
            ["play", "MATH-JAM/LEVEL-1", "--seed", "3", "--student", school.bo], as: school.maria, input: "0\n")
        #expect(trial.status == 0, "\(trial.error)")
        #expect(try school.sql("SELECT count(*) FROM activities WHERE student = '\(school.bo)'") == "2")

        // A student login that no roster names can do nothing.
        let dee = school.login("dee")
        _ = try school.sql("CREATE ROLE \(dee) LOGIN IN ROLE edujam_student")
        let lost = try school.edujam(["play", "MATH-JAM/LEVEL-1", "--seed", "3"], as: dee, input: "0\n")
        #expect(lost.status == 1)
        #expect(lost.error.contains("the login \(dee) is on no class roster"), "\(lost.error)")
    }

    @Test func aRosterMapsNamesToLoginsAndCreatesThem() throws {
        let school = try School()
        let dee = school.login("dee")
        let added = try school.edujam(
            ["class", "add", "5C", "Dee Dias", "--login", dee, "--create-logins"], as: school.maria)
        #expect(added.status == 0, "\(added.error)")
        #expect(added.output.contains("Created the student login(s) \(dee), without a password."), "\(added.output)")
        #expect(try school.sql("SELECT login FROM student_logins WHERE student = 'Dee Dias'") == dee)
        #expect(
            try school.sql(
                "SELECT rolcanlogin AND NOT rolsuper AND NOT rolcreaterole AND rolpassword IS NULL FROM pg_authid WHERE rolname = '\(dee)'"
            ) == "t")
        #expect(try school.sql("SELECT pg_has_role('\(dee)', 'edujam_student', 'MEMBER')") == "t")
        let inbox = try school.edujam(["inbox"], as: dee)
        #expect(inbox.output.contains("[1] Sums"), "the new login is Dee Dias at once: \(inbox.output)\(inbox.error)")

        let taken = try school.edujam(["class", "add", "5C", "Ana Two", "--login", school.ana], as: school.maria)
        #expect(taken.status == 1)
        #expect(
            taken.error.contains("the login \(school.ana) is already the login of the student Ana Lima"),
            "\(taken.error)")
        let remapped = try school.edujam(["class", "add", "6A", "Ana Lima", "--login", school.cy], as: school.joao)
        #expect(
            remapped.error.contains("the student Ana Lima already has the login \(school.ana)"), "\(remapped.error)")
        let forged = try school.psql(
            "UPDATE student_logins SET login = '\(school.cy)' WHERE student = 'Ana Lima'", as: school.joao)
        #expect(forged.error.contains("permission denied"), "only the owner changes a login: \(forged)")
        let byStudent = try school.psql("SELECT edujam_create_student_login('x_\(school.tag)')", as: school.bo)
        #expect(byStudent.error.contains("permission denied"), "only teachers create logins: \(byStudent)")
    }
}

/// One school database for one test; its logins carry the database's number, because roles
/// belong to the whole server and tests run in parallel.
private struct School {
    let server: PostgresServer
    let database: String
    let tag: String
    private let cli = Edujam()

    func login(_ name: String) -> String { "\(name)_\(tag)" }
    var owner: String { login("owner") }
    var maria: String { login("maria") }
    var joao: String { login("joao") }
    var ana: String { login("ana") }
    var bo: String { login("bo") }
    var cy: String { login("cy") }

    init() throws {
        server = try PostgresServer.server()
        database = try server.createDatabase()
        tag = String(database.dropFirst("edujam_test_".count))
        try require(
            server.psql(
                "CREATE ROLE \(login("owner")) LOGIN CREATEROLE; ALTER DATABASE \(database) OWNER TO \(login("owner"))",
                database: "postgres"))
        try initialiseStore()
        try require(
            psql(
                """
                CREATE ROLE \(maria) LOGIN; CREATE ROLE \(joao) LOGIN;
                GRANT edujam_teacher TO \(maria), \(joao);
                """, as: owner))
        // Each teacher sets up their class in SQL, under the policies: what any client may do.
        try require(
            psql(
                """
                INSERT INTO contexts (path, identifier, title, type, created_at, modified_at)
                    VALUES ('["org.edujam.games"]', 'org.edujam.games', 'EduJam Games', 0, 0, 0);
                INSERT INTO contexts (parent_id, path, identifier, title, type, created_at, modified_at)
                    SELECT id, '["org.edujam.games","MATH-JAM"]', 'MATH-JAM', 'Math Jam', 12, 0, 0 FROM contexts;
                INSERT INTO classes (name, created_at) VALUES ('5C', 0);
                INSERT INTO student_logins (student, login) VALUES ('Ana Lima', '\(ana)');
                INSERT INTO class_students (class_id, student, position)
                    SELECT id, 'Ana Lima', 0 FROM classes WHERE name = '5C';
                INSERT INTO class_students (class_id, student, position)
                    SELECT id, '\(bo)', 1 FROM classes WHERE name = '5C';
                INSERT INTO assignments (class_id, title, whole_class, created_at)
                    SELECT id, 'Sums', true, 0 FROM classes WHERE name = '5C';
                INSERT INTO assignment_activities (assignment_id, context_id, position)
                    SELECT s.id, c.id, 0 FROM assignments s, contexts c WHERE c.identifier = 'MATH-JAM';
                SELECT edujam_create_student_login('\(ana)'), edujam_create_student_login('\(bo)');
                """, as: maria))
        try require(
            psql(
                """
                INSERT INTO classes (name, created_at) VALUES ('6A', 0);
                INSERT INTO class_students (class_id, student, position)
                    SELECT id, '\(cy)', 0 FROM classes WHERE name = '6A';
                SELECT edujam_create_student_login('\(cy)');
                """, as: joao))
        // Each student saves an attempt of their own, with an item.
        for (role, name) in [(ana, "Ana Lima"), (bo, bo)] {
            try require(
                psql(
                    """
                    INSERT INTO activities (context_id, student, created_at, started_at, progress, uuid)
                        SELECT id, '\(name)', 1, 1, 0.5, gen_random_uuid() FROM contexts WHERE identifier = 'MATH-JAM';
                    INSERT INTO activity_items (activity_id, identifier, title, kind, sequence, quantity)
                        SELECT id, 'score', 'Score', 'quantity', 0, 10 FROM activities WHERE student = '\(name)';
                    """, as: role))
        }
    }

    /// The owner creates the schema, the roles and the policies: `edujam store init`.
    private func initialiseStore() throws {
        try require(edujam(["store", "init"], as: owner))
    }

    /// `psql` as `role`: unaligned rows, `|` between columns, status 3 on an SQL error.
    func psql(_ sql: String, as role: String) throws -> PostgresServer.ToolResult {
        try server.psql(sql, database: database, role: role)
    }

    /// One value read as the server's superuser, to see what really is in the tables.
    func sql(_ query: String) throws -> String {
        let result = try server.psql(query, database: database)
        guard result.status == 0 else { throw PostgresServer.Failure("\(query): \(result.error)") }
        return result.output.trimmingCharacters(in: .newlines)
    }

    /// The row id of a class.
    func classID(_ name: String) throws -> String { try sql("SELECT id FROM classes WHERE name = '\(name)'") }

    /// The built binary, connected as `role`.
    func edujam(_ words: [String], as role: String, input: String = "") throws -> Edujam.Result {
        try cli.run(words + ["--store", server.url(database: database, user: role)], input: input)
    }

    private func require(_ result: Edujam.Result) throws {
        guard result.status == 0 else { throw PostgresServer.Failure("setup failed: \(result.error)") }
    }

    private func require(_ result: PostgresServer.ToolResult) throws {
        guard result.status == 0 else { throw PostgresServer.Failure("setup failed: \(result.error)") }
    }
}
