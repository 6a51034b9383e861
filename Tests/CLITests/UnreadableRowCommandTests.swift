import Foundation
import Testing
import Tracking
import TrackingTestSupport

/// A student's own rows are hostile input, through the built binary as the teacher: one student's row the
/// program cannot read (a `bogus` item kind, 30,000 items of 2,000-character titles) never takes
/// the class's review or exports down, and `store copy` refuses it by name. On PostgreSQL the
/// student writes it herself through `psql` and the database refuses it.
@Suite struct UnreadableRowCommandTests {
    /// A class 3B of ana and bo with an assignment both played, in the SQLite store of `cli`.
    private func playedClass(_ cli: Edujam) throws {
        for words in [
            ["catalog", "--publish"], ["class", "create", "3B"], ["class", "add", "3B", "ana", "bo"],
            ["assign", "--class", "3B", "--title", "Sums", "MATH-JAM/LEVEL-1"],
        ] {
            let result = try cli.run(words)
            #expect(result.status == 0, "\(words): \(result.error)")
        }
        for student in ["ana", "bo"] {
            let play = try cli.run(
                ["play", "--student", student, "MATH-JAM/LEVEL-1", "--seed", "3"],
                input: String(repeating: "0\n", count: 10))
            #expect(play.status == 0, "\(play.error)")
        }
    }

    /// One item of ana's attempt with a kind no version of EduJam writes.
    static let poison = """
        INSERT INTO activity_items (activity_id, identifier, title, kind, sequence, quantity)
            SELECT id, 'bad', 'Bad', 'bogus', 99, 1 FROM activities WHERE student = 'ana';
        """

    @Test func onePoisonedRowLeavesTheClassReviewAndExportsStanding() throws {
        let cli = Edujam()
        defer { cli.remove() }
        try playedClass(cli)
        try OldStore.script(cli.store, Self.poison)
        let named = "ana's attempt 1, activity_items row 'bad': kind is not one of quantity, binary, score"

        let grid = try cli.run(["report", "--class", "3B"])
        #expect(grid.status == 0, "\(grid.error)")
        #expect(grid.output.contains("\nana ") && grid.output.contains("\nbo "), "\(grid.output)")
        #expect(grid.error.contains(named), "\(grid.error)")

        let json = try cli.run(["report", "--class", "3B", "--json"])
        #expect(json.status == 0, "\(json.error)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let unreadable = try #require(report["unreadableRows"] as? [[String: Any]])
        #expect(unreadable.first?["student"] as? String == "ana" && unreadable.first?["row"] as? String == "bad")

        let folder = try Edujam.scratchFolder("unreadable")
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("3B.html").path
        let html = try cli.run(["report", "--class", "3B", "--html", page])
        #expect(html.status == 0, "\(html.error)")
        let text = try String(contentsOfFile: page, encoding: .utf8)
        #expect(text.contains("Rows left out") && text.contains("row &#39;bad&#39;: kind is not one of"))

        let inbox = try cli.run(["inbox", "--student", "ana"])
        #expect(inbox.status == 0 && inbox.error.contains(named), "\(inbox.error)")

        let xapi = try cli.run(["export", "--xapi", "--jsonl"])
        #expect(xapi.status == 0, "\(xapi.error)")
        #expect(xapi.output.contains("/ana\"") || xapi.output.contains("ana"), "ana's attempt is still exported")
        #expect(xapi.error.contains(named))

        let results = try cli.run(["export", "--oneroster-results", folder.appendingPathComponent("or").path])
        #expect(results.status == 0, "\(results.error)")
        #expect(results.output.contains("2 result(s)"))
        #expect(results.error.contains(named))
    }

    @Test func thirtyThousandLongItemsMakeASmallPage() throws {
        let cli = Edujam()
        defer { cli.remove() }
        try playedClass(cli)
        let title = String(repeating: "t", count: 2_000)
        try OldStore.script(
            cli.store,
            """
            DROP TRIGGER activity_items_count;
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 30000)
            INSERT INTO activity_items (activity_id, identifier, title, kind, sequence, quantity)
                SELECT a.id, 'q' || i, '\(title)', 'quantity', 100 + i, i FROM n, activities a WHERE a.student = 'ana';
            """)
        let folder = try Edujam.scratchFolder("bounded")
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("3B.html").path
        let html = try cli.run(["report", "--class", "3B", "--html", page])
        #expect(html.status == 0, "\(html.error)")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: page)[.size] as? Int)
        #expect(size < 200_000, "the page is \(size) bytes")
        #expect(html.error.contains("more than 4 items; the rest were not read"))
    }

    @Test func storeCopyRefusesARowItCannotReadAndWritesNothing() throws {
        let cli = Edujam()
        defer { cli.remove() }
        try playedClass(cli)
        try OldStore.script(cli.store, Self.poison)
        let destination = Edujam()
        defer { destination.remove() }
        let copy = try cli.run(["store", "copy", cli.store, destination.store])
        #expect(copy.status == 1)
        #expect(copy.error.contains("the source's activity_items row 'bad' of ana's attempt "), "\(copy.error)")
        #expect(copy.error.contains("(kind is not one of quantity, binary, score); nothing was copied"))
        let after = try destination.run(["report", "--json"])
        #expect(
            after.output.contains("\"runs\" : [\n\n  ]") || after.output.contains("\"runs\" : []"), "\(after.output)")
    }

    /// A store file may hold what no EduJam writes and a school's server refuses (migrations
    /// `025-finite-attempt-times`, `026-attempt-text-bounds`): an endless end or an owner of
    /// hundreds of bytes refuses the copy by name; an endless event time and more progress ranges
    /// than an attempt keeps are copied as every reader reads them.
    @Test func storeCopyRefusesEndlessEndsAndLongOwnersAndCopiesTimesRangesAndEventsAsRead() throws {
        for (poison, reason) in [
            ("UPDATE activities SET ended_at = 9e999 WHERE student = 'ana';", "(ended_at = inf)"),
            (
                "UPDATE activities SET owner_host = hex(zeroblob(128)) WHERE student = 'ana';",
                "(owner_host is more than 255 bytes)"
            ),
        ] {
            let cli = Edujam()
            defer { cli.remove() }
            try playedClass(cli)
            try OldStore.script(cli.store, poison)
            let destination = Edujam()
            defer { destination.remove() }
            let copy = try cli.run(["store", "copy", cli.store, destination.store])
            #expect(copy.status == 1 && copy.error.contains("the source's activities row "), "\(copy.error)")
            #expect(copy.error.contains("\(reason); nothing was copied"), "\(copy.error)")
        }

        let cli = Edujam()
        defer { cli.remove() }
        try playedClass(cli)
        try OldStore.script(
            cli.store,
            """
            UPDATE attempt_events SET at = 9e999 WHERE sequence = 0;
            INSERT INTO assignment_done (assignment_id, context_id, student, done_at)
                SELECT assignment_id, context_id, 'ana', 9e999 FROM assignment_activities;
            UPDATE activities SET ranges = (
                WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < \(Limits.progressRanges))
                SELECT '[' || group_concat('[' || ((i * 2) / 30000.0) || ',' || ((i * 2 + 1) / 30000.0) || ']', ',') || ']'
                FROM n
            ) WHERE student = 'ana';
            INSERT INTO attempt_events (activity_id, sequence, kind, at)
                WITH RECURSIVE n(i) AS (SELECT 100 UNION ALL SELECT i + 1 FROM n WHERE i < 1599)
                SELECT a.id, n.i, 'resumed', 1 FROM n, (SELECT min(id) AS id FROM activities WHERE student = 'ana') a;
            """)
        let destination = Edujam()
        defer { destination.remove() }
        let copy = try cli.run(["store", "copy", cli.store, destination.store])
        #expect(copy.status == 0, "\(copy.error)")
        #expect(
            try OldStore.value(destination.store, "SELECT DISTINCT at FROM attempt_events WHERE sequence = 0")
                == "253402300799.0")
        #expect(try OldStore.value(destination.store, "SELECT done_at FROM assignment_done") == "253402300799.0")
        let ranges = try OldStore.value(
            destination.store, "SELECT json_array_length(ranges) FROM activities WHERE student = 'ana'")
        #expect(ranges == "\(Limits.progressRanges)")
        let events = "SELECT max(n) FROM (SELECT count(*) AS n FROM attempt_events GROUP BY activity_id)"
        let held = try OldStore.value(cli.store, events).flatMap { Int($0) } ?? 0
        #expect(held > Limits.eventsPerAttempt, "an older store's attempt of 1,500 more events")
        let below = "SELECT count(*) FROM attempt_events WHERE sequence < \(Limits.eventsPerAttempt)"
        #expect(
            try OldStore.value(destination.store, "SELECT count(*) FROM attempt_events")
                == OldStore.value(cli.store, below))
        #expect(try OldStore.value(destination.store, events).flatMap { Int($0) } ?? .max <= Limits.eventsPerAttempt)
        let report = try destination.run(["report", "--class", "3B"])
        #expect(report.status == 0 && report.output.contains("\nana "), "\(report.error)")
    }
}

/// The same on a school's PostgreSQL server: the student writes the rows herself through `psql`.
@Suite(.enabled(if: PostgresServer.isAvailable, Comment(rawValue: PostgresServer.skipComment)))
struct UnreadableRowSchoolTests {
    @Test func aStudentCannotStoreWhatTheTeachersReviewCannotRead() throws {
        let cli = Edujam()
        let server = try PostgresServer.server()
        let database = try server.createDatabase()
        let suffix = UUID().uuidString.prefix(8).lowercased()
        let (teacher, ana, bo) = ("teacher_\(suffix)", "ana_\(suffix)", "bo_\(suffix)")
        #expect(try cli.run(["store", "init", "--store", server.url(database: database)]).status == 0)
        let granted = try server.psql(
            "CREATE ROLE \(teacher) LOGIN; GRANT edujam_teacher TO \(teacher);", database: database)
        #expect(granted.status == 0, "\(granted.output)")
        let asTeacher = server.url(database: database, user: teacher)
        for words in [
            ["catalog", "--publish"], ["class", "create", "5C"], ["class", "add", "5C", ana, bo, "--create-logins"],
            ["assign", "--class", "5C", "--title", "Sums", "MATH-JAM/LEVEL-1"],
        ] {
            let result = try cli.run(words + ["--store", asTeacher])
            #expect(result.status == 0, "\(words): \(result.error)")
        }
        for student in [ana, bo] {
            let play = try cli.run(
                ["play", "MATH-JAM/LEVEL-1", "--store", server.url(database: database, user: student)],
                input: String(repeating: "0\n", count: 10))
            #expect(play.status == 0, "\(play.error)")
        }
        // The checks are what refuse these in an attempt still running (one a crash left open, made
        // so here by the owner); an ended attempt is refused them before any check looks
        // (SchoolRowsAttackTests+EndedAttempts).
        let reopened = try server.psql(
            "UPDATE activities SET ended_at = NULL WHERE student = '\(ana)'", database: database)
        #expect(reopened.status == 0, "\(reopened.error)")
        let attacks: [(sql: String, refusal: String)] = [
            (
                "INSERT INTO activity_items (activity_id, identifier, title, kind, sequence, quantity) SELECT id, 'bad', 'Bad', 'bogus', 99, 1 FROM activities",
                "activity_items_kind"
            ),
            (
                "INSERT INTO activity_items (activity_id, identifier, title, kind, sequence, quantity) SELECT a.id, 'q' || g, repeat('t', 2000), 'quantity', 100 + g, g FROM activities a, generate_series(1, 30000) g",
                "activity_items_title"
            ),
            (
                "INSERT INTO activity_items (activity_id, identifier, title, kind, sequence, quantity) SELECT a.id, 'q' || g, 'T', 'quantity', 100 + g, g FROM activities a, generate_series(1, 30000) g",
                "an attempt holds at most 4 items"
            ),
            ("UPDATE activities SET outcome = 'bogus'", "activities_outcome"),
            ("UPDATE activities SET outcome = 'interrupted'", "activities_outcome"),
            ("UPDATE activity_items SET identifier = 'a' || chr(27) || 'b'", "activity_items_identifier"),
            ("UPDATE activity_items SET score = max_score + 1 WHERE kind = 'score'", "activity_items_value"),
            ("UPDATE activities SET started_at = 'Infinity'", "activities_times"),
            (
                "INSERT INTO assignment_done (assignment_id, context_id, student, done_at) SELECT assignment_id, context_id, '\(ana)', 'Infinity' FROM assignment_activities",
                "assignment_done_at"
            ),
            ("UPDATE activities SET owner_host = repeat('h', 100000000)", "activities_texts"),
            ("UPDATE activities SET ranges = '[' || repeat('[0,0],', 100000) || '[0,0]]'", "activities_texts"),
            // Many attempts of her own, each one valid: the server would walk them all for the review.
            // New ones are charged the most an attempt can hold, so their bytes are refused first
            // (`032-bytes-per-student`), long before their number.
            (
                "INSERT INTO activities (uuid, context_id, student, created_at, started_at) SELECT gen_random_uuid(), context_id, student, g, g FROM activities, generate_series(1, \(Limits.attemptsPerStudent)) g",
                "bytes_per_student"
            ),
        ]
        for attack in attacks {
            let result = try server.psql(attack.sql, database: database, role: ana)
            #expect(
                result.status != 0 && result.error.contains(attack.refusal), "\(attack.sql.prefix(60)): \(result.error)"
            )
        }
        let review = try cli.run(["report", "--class", "5C", "--json", "--store", asTeacher])
        #expect(review.status == 0 && !review.output.contains("unreadableRows"), "\(review.error)")

        // A row stored before the constraints (here: the owner lifts one): the review goes on without it.
        #expect(
            try server.psql(
                "ALTER TABLE activity_items DROP CONSTRAINT activity_items_kind, DROP CONSTRAINT activity_items_value",
                database: database
            ).status == 0)
        let old = try server.psql(attacks[0].sql, database: database, role: ana)
        #expect(old.status == 0, "\(old.error)")
        let grid = try cli.run(["report", "--class", "5C", "--store", asTeacher])
        #expect(grid.status == 0, "\(grid.error)")
        #expect(grid.output.contains(ana) && grid.output.contains(bo), "\(grid.output)")
        #expect(
            grid.error.contains("\(ana)'s attempt") && grid.error.contains("row 'bad': kind is not one of"),
            "\(grid.error)")
        let xapi = try cli.run(["export", "--xapi", "--store", asTeacher])
        #expect(xapi.status == 0, "\(xapi.error)")
    }
}
