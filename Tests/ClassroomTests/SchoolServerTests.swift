import Foundation
import Testing
import TrackingTestSupport

@testable import Classroom
@testable import Tracking

/// A school on a PostgreSQL store (`docs/classroom.md`, "Who can see what"). Each rule is proved
/// with a raw SQL session, `psql` as the student's or teacher's login (as any client could
/// connect), which the database itself must refuse; then through the store's own API, as `edujam`
/// uses it. The school: the owner opened the store (every migration, as `edujam store init`);
/// maria owns 5C ("Ana Lima", login ana; bo) with one assignment; joao owns 6A (cy). Ana and bo
/// have each saved an attempt.
///
/// Without a PostgreSQL server the suite is skipped with the reason, never passed.
@Suite(.enabled(if: PostgresServer.isAvailable, Comment(rawValue: PostgresServer.skipComment)))
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

    @Test func aStudentSavesThroughTheStoreOnlyAsThemselves() throws {
        let school = try School()
        let store = try school.store(as: school.ana)
        let game = try #require(try store.context(at: ["MATH-JAM"]))
        let own = try game.createNewActivity(student: "Ana Lima")
        try own.start()
        try store.save()
        #expect(try school.sql("SELECT count(*) FROM activities WHERE student = 'Ana Lima'") == "2")

        let forged = try game.createNewActivity(student: school.bo)
        try forged.start()
        #expect(throws: (any Error).self) { try store.save() }
        #expect(try school.sql("SELECT count(*) FROM activities WHERE student = '\(school.bo)'") == "1")
    }

    @Test func aStudentReadsOnlyTheirOwnAttempts() throws {
        let school = try School()
        #expect(try school.psql("SELECT DISTINCT student FROM activities", as: school.bo).output == "\(school.bo)\n")
        #expect(try school.psql("SELECT DISTINCT student FROM activities", as: school.ana).output == "Ana Lima\n")
        let items = try school.psql(
            """
            SELECT count(*) FROM activity_items i JOIN activities a ON a.id = i.activity_id
            WHERE a.student = 'Ana Lima'
            """, as: school.bo)
        #expect(items.output == "0\n", "\(items)")
        #expect(try school.sql("SELECT count(*) > 0 FROM activity_items") == "t", "ana's items exist")
        #expect(try school.store(as: school.bo).runs(student: nil).map(\.student) == [school.bo])
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

        let inbox = try school.store(as: school.bo).inbox(student: school.bo)
        #expect(inbox.map(\.title) == ["Sums"])
        #expect(try school.store(as: school.bo).classes().map(\.students) == [[school.bo]], "no classmates")
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

        let store = try school.store(as: school.bo)
        #expect(throws: (any Error).self) { try store.markDone(assignment: 1, student: "Ana Lima") }
        #expect(throws: (any Error).self) { try store.markAssignmentComplete(1) }
        try store.markDone(assignment: 1, student: school.bo)
        #expect(try school.sql("SELECT student FROM assignment_done") == school.bo)
        #expect(try school.sql("SELECT completed_at IS NULL FROM assignments") == "t")
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
            "INSERT INTO class_students (class_id, student, position) VALUES (\(try school.classID("5C")), '\(school.cy)', 9)",
            as: school.joao)
        #expect(direct.error.contains("row-level security"), "\(direct)")

        #expect(throws: ClassroomError.unknownClass("5C")) {
            _ = try school.store(as: school.joao).classReport(className: "5C")
        }
        let report = try school.store(as: school.maria).classReport(className: "5C")
        #expect(report.assignments.map(\.students.count) == [2])
        #expect(try school.store(as: school.maria).runs(student: nil).count == 2, "ana's and bo's attempts")
    }

    // MARK: Identity and logins

    @Test func theLoginIsTheIdentity() throws {
        let school = try School()
        #expect(
            try school.store(as: school.ana).identity() == .login(school.ana, role: .student, studentName: "Ana Lima"))
        #expect(try school.store(as: school.maria).identity() == .login(school.maria, role: .teacher, studentName: nil))
        #expect(try school.store(as: school.owner).identity() == .login(school.owner, role: .owner, studentName: nil))
        let dee = school.login("dee")
        _ = try school.sql("CREATE ROLE \(dee) LOGIN IN ROLE edujam_student")
        #expect(try school.store(as: dee).identity() == .login(dee, role: .student, studentName: nil), "on no roster")
        #expect(try school.store(as: dee).runs(student: nil).isEmpty)
    }

    @Test func aRosterMapsNamesToLoginsAndCreatesThem() throws {
        let school = try School()
        let dee = school.login("dee")
        let maria = try school.store(as: school.maria)
        // A login that does not exist yet is the owner's to map: a teacher would take it from the pupil who gets it.
        #expect(throws: IdentityError.notAStudentsLogin(login: dee, student: "Dee Dias", role: nil)) {
            try maria.addStudents(["Dee Dias"], toClass: "5C", login: dee, createLogins: true)
        }
        let owner = try school.store(as: school.owner)
        // A name that would be its own login must fit in one (63 bytes): said in words, for the owner too.
        let long = String(repeating: "王", count: 22)
        #expect(throws: IdentityError.notAStudentsLogin(login: long, student: long, role: nil)) {
            try owner.addStudents([long], toClass: "5C", login: nil, createLogins: false)
        }
        let created = try owner.addStudents(["Dee Dias"], toClass: "5C", login: dee, createLogins: true)
        #expect(created.loginsCreated == [dee])
        #expect(try school.sql("SELECT login FROM student_logins WHERE student = 'Dee Dias'") == dee)
        #expect(
            try school.sql(
                """
                SELECT rolcanlogin AND NOT rolsuper AND NOT rolcreaterole AND rolpassword IS NULL
                FROM pg_authid WHERE rolname = '\(dee)'
                """) == "t")
        #expect(try school.sql("SELECT pg_has_role('\(dee)', 'edujam_student', 'MEMBER')") == "t")
        #expect(try school.store(as: dee).inbox(student: "Dee Dias").map(\.title) == ["Sums"], "Dee Dias at once")

        #expect(throws: IdentityError.loginTaken(login: school.ana, student: "Ana Lima", mappedBy: school.maria)) {
            try maria.addStudents(["Ana Two"], toClass: "5C", login: school.ana, createLogins: false)
        }
        #expect(throws: IdentityError.nameHasLogin(student: "Ana Lima", login: school.ana)) {
            try school.store(as: school.joao).addStudents(
                ["Ana Lima"], toClass: "6A", login: school.cy, createLogins: false)
        }
        let byDefault = try school.psql(
            "INSERT INTO class_students (class_id, student, position) SELECT id, '\(school.ana)', 5 FROM classes",
            as: school.maria)
        #expect(
            byDefault.error.contains("is already the login of the student Ana Lima (mapped by \(school.maria))"),
            "\(byDefault)")
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
        _ = try store(as: owner)  // the owner's first open applies every migration, as `edujam store init`
        try require(
            psql(
                """
                CREATE ROLE \(maria) LOGIN; CREATE ROLE \(joao) LOGIN;
                GRANT edujam_teacher TO \(maria), \(joao);
                CREATE ROLE \(ana) LOGIN IN ROLE edujam_student; CREATE ROLE \(bo) LOGIN IN ROLE edujam_student;
                CREATE ROLE \(cy) LOGIN IN ROLE edujam_student;
                """, as: owner))
        // Each teacher sets up their class in SQL, under the policies: what any client may do.
        try require(
            psql(
                """
                INSERT INTO contexts (parent_id, path, identifier, title, type, created_at, modified_at)
                    SELECT id, '["\(rootID)","MATH-JAM"]', 'MATH-JAM', 'Math Jam', 12, 0, 0 FROM contexts
                    WHERE parent_id IS NULL;
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
                """, as: maria))
        try require(
            psql(
                """
                INSERT INTO classes (name, created_at) VALUES ('6A', 0);
                INSERT INTO class_students (class_id, student, position)
                    SELECT id, '\(cy)', 0 FROM classes WHERE name = '6A';
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

    /// The store as `edujam` opens it, connected as `role`.
    func store(as role: String) throws -> TrackingStore {
        try TrackingStore(
            engine: PostgreSQLEngine(conninfo: server.conninfo(database: database, user: role)),
            rootIdentifier: rootID, rootTitle: "EduJam Games", parts: [ClassroomSchema.part])
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

    private func require(_ result: PostgresServer.ToolResult) throws {
        guard result.status == 0 else { throw PostgresServer.Failure("setup failed: \(result.error)") }
    }
}

// MARK: Replay records are student data

extension SchoolServerTests {
    @Test func aReplayRecordIsReadWithItsAttemptAndWrittenOnlyByItsStudent() throws {
        let school = try School()
        let record = #"{"events":[["c",1]],"format":1,"seed":1,"start":0,"truncated":false}"#
        func keep(_ student: String, as role: String) throws -> PostgresServer.ToolResult {
            try school.psql(
                """
                INSERT INTO attempt_inputs (activity_id, record, bytes)
                SELECT a.id, r, octet_length(r) FROM activities a, (VALUES ('\(record)')) v(r)
                WHERE a.student = '\(student)'
                """, as: role)
        }
        #expect(try keep("Ana Lima", as: school.ana).status == 0)
        #expect(try keep(school.bo, as: school.bo).status == 0)
        let anaAttempt = try school.sql("SELECT id FROM activities WHERE student = 'Ana Lima'")
        let forged = try school.psql(
            "INSERT INTO attempt_inputs VALUES (\(anaAttempt), '\(record)', \(record.utf8.count))", as: school.cy)
        #expect(forged.error.contains("row-level security"), "another's attempt: \(forged)")
        let changed = try school.psql(
            "UPDATE attempt_inputs SET record = record WHERE activity_id = \(anaAttempt) RETURNING 1", as: school.bo)
        #expect(changed.status == 0 && changed.output.isEmpty, "ana's record is not even visible: \(changed)")

        let count = "SELECT count(*) FROM attempt_inputs"
        #expect(try school.psql(count, as: school.bo).output == "1\n")
        #expect(try school.psql(count, as: school.maria).output == "2\n", "her class's")
        #expect(try school.psql(count, as: school.joao).output == "0\n", "not his class")

        let uuid = try school.sql("SELECT uuid FROM activities WHERE student = 'Ana Lima'")
        #expect(try school.store(as: school.maria).replayRecord(attempt: uuid).student == "Ana Lima")
        #expect(throws: ReplayRecordError.noAttempt(uuid)) {
            try school.store(as: school.bo).replayRecord(attempt: uuid)
        }
    }
}

// MARK: Ended attempts are frozen

extension SchoolServerTests {
    /// The save that ends an attempt writes its row, then its items, events and replay record, in
    /// one transaction (in a savepoint when a save is written object by object): all of it passes.
    /// From the next transaction on, the attempt is frozen for its student; the owner still writes it.
    @Test func anAttemptIsWrittenUntilItsEndingCommitsAndFrozenAfter() throws {
        let school = try School()
        let attempt = try school.sql("SELECT id FROM activities WHERE student = 'Ana Lima'")
        let record = #"{"events":[],"format":1,"seed":1,"start":0,"truncated":false}"#
        let ending = try school.psql(
            """
            BEGIN;
            SAVEPOINT one_object;
            UPDATE activities SET ended_at = 2, outcome = 'finished', ended_in_transaction = NULL WHERE id = \(attempt);
            UPDATE activity_items SET quantity = 7 WHERE activity_id = \(attempt);
            INSERT INTO attempt_events (activity_id, sequence, kind, at, outcome) VALUES (\(attempt), 0, 'ended', 2, 'finished');
            INSERT INTO attempt_inputs (activity_id, record, bytes) VALUES (\(attempt), '\(record)', \(record.utf8.count));
            RELEASE SAVEPOINT one_object;
            COMMIT;
            """, as: school.ana)
        #expect(ending.status == 0, "\(ending.error)")
        let stored = "SELECT quantity FROM activity_items WHERE activity_id = \(attempt)"
        #expect(try school.sql(stored) == "7")

        let later = try school.psql(
            "UPDATE activity_items SET quantity = 5 WHERE activity_id = \(attempt) RETURNING 1", as: school.ana)
        #expect(later.status == 0 && later.output.isEmpty, "\(later)")
        let reopened = try school.psql(
            "UPDATE activities SET ended_at = NULL, outcome = 'running' WHERE id = \(attempt) RETURNING 1",
            as: school.ana)
        #expect(reopened.status == 0 && reopened.output.isEmpty, "\(reopened)")
        let event = try school.psql(
            "INSERT INTO attempt_events (activity_id, sequence, kind, at) VALUES (\(attempt), 1, 'started', 3)",
            as: school.ana)
        #expect(event.error.contains("row-level security"), "\(event)")
        #expect(try school.sql(stored) == "7")
        #expect(
            try school.sql("UPDATE activity_items SET quantity = 5 WHERE activity_id = \(attempt) RETURNING 1") == "1")
    }

    /// Ana's own saves and outbox deliveries, through the store as her login: a running state,
    /// then the ended one, then the ended one again (its acknowledgement lost) and an older running
    /// one, then a save after the end (what a game reads after `activity.finish()`): no error,
    /// and the ended attempt stays as it was saved.
    @Test func theOutboxDeliversTheSameEndedAttemptTwiceWithoutErrorOrChange() throws {
        let school = try School()
        let store = try school.store(as: school.ana)
        let game = try #require(try store.context(at: ["MATH-JAM"]))
        let attempt = try game.createNewActivity(student: "Ana Lima")
        try attempt.start()
        try attempt.setScore(id: "correct", title: "Correct", score: 1, maxScore: 2)
        attempt.keepInputs(AttemptInputs(seed: 1, level: nil, start: 0))
        let running = try #require(attempt.snapshot(at: Date(timeIntervalSince1970: 100)))
        #expect(try store.engine.upsert(running))

        try attempt.setScore(id: "correct", title: "Correct", score: 2, maxScore: 2)
        var inputs = AttemptInputs(seed: 1, level: nil, start: 0)
        inputs.append(.reply("4", at: 1))
        attempt.keepInputs(inputs)
        try attempt.end(outcome: .finished)
        let ended = try #require(attempt.snapshot(at: Date(timeIntervalSince1970: 200)))
        #expect(try store.engine.upsert(ended))
        let uuid = attempt.uuid.uuidString.lowercased()
        let saved = """
            SELECT a.outcome, a.saved_at, i.score, r.bytes, (SELECT count(*) FROM attempt_events e WHERE e.activity_id = a.id)
            FROM activities a JOIN activity_items i ON i.activity_id = a.id JOIN attempt_inputs r ON r.activity_id = a.id
            WHERE a.uuid = '\(uuid)'
            """
        let first = try school.sql(saved)
        #expect(first.hasPrefix("finished|200|2|"), "\(first)")

        #expect(try !store.engine.upsert(ended), "delivered again: nothing written, no error")
        #expect(try !store.engine.upsert(running), "an older state: nothing written, no error")
        inputs.append(.reply("after the end", at: 2))
        attempt.keepInputs(inputs)
        try store.save()
        #expect(try school.sql(saved) == first)
    }
}

// MARK: An attempt holds at most its items, however they come

extension SchoolServerTests {
    /// The count is checked when items are added and when an UPDATE moves one into another
    /// attempt (`021-save-policies-in-sql`: a row trigger on `activity_id` only), for the owner as
    /// for anyone; an UPDATE that moves nothing, what every save's upsert is, is not counted.
    @Test func anAttemptHoldsAtMostItsItemsWhetherAddedOrMoved() throws {
        let school = try School()
        let ana = try school.sql("SELECT id FROM activities WHERE student = 'Ana Lima'")
        let bo = try school.sql("SELECT id FROM activities WHERE student = '\(school.bo)'")
        let room = Limits.itemsPerAttempt - 1  // each attempt holds one item, "score"
        let fill = (1...room).map {
            "INSERT INTO activity_items (activity_id, identifier, title, kind, sequence, quantity) VALUES (\(bo), 'n\($0)', 'N', 'quantity', \($0), 1);"
        }
        _ = try school.sql(fill.joined(separator: "\n"))
        let count = "SELECT count(*) FROM activity_items WHERE activity_id = \(bo)"
        #expect(try school.sql(count) == "\(Limits.itemsPerAttempt)")

        let moved = try school.server.psql(
            "UPDATE activity_items SET activity_id = \(bo), identifier = 'moved' WHERE activity_id = \(ana)",
            database: school.database)
        #expect(moved.error.contains(RowChecks.itemCountMessage), "a full attempt took one more: \(moved)")
        #expect(try school.sql(count) == "\(Limits.itemsPerAttempt)")
        #expect(try school.sql("SELECT count(*) FROM activity_items WHERE activity_id = \(ana)") == "1")

        #expect(try school.sql("UPDATE activity_items SET title = 'M' WHERE activity_id = \(bo) RETURNING 1").count > 0)
        let back =
            "UPDATE activity_items SET activity_id = \(ana) WHERE activity_id = \(bo) AND identifier = 'n1' RETURNING 1"
        #expect(try school.sql(back) == "1", "an attempt with room takes a moved item")
        let over = try school.server.psql(
            "INSERT INTO activity_items (activity_id, identifier, title, kind, sequence, quantity) "
                + "SELECT \(ana), 'x' || g, 'X', 'quantity', 10 + g, 1 FROM generate_series(1, \(room)) g",
            database: school.database)
        #expect(over.error.contains(RowChecks.itemCountMessage), "\(over)")
    }
}
