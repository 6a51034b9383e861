import Foundation
import Testing
import TrackingTestSupport

@testable import Tracking

/// A student's own rows are hostile input: a store refuses rows the program cannot read (migration
/// `014-row-checks`, generated from the model's rules), keeps the ones an older version stored,
/// and its readers skip and name each row they cannot read, within bounds, instead of failing.
@Suite(.enabled(if: TestEngine.isSQLite, "SQLite's own: writes rows past the model into a store file"))
struct UnreadableRowTests {
    /// A store at migration 013 with ana's attempt holding one good score, one `bogus` kind, a
    /// 2,000-character title and `extra` quantity items: what an older version let a file hold.
    private func oldStore(extra: Int) throws -> String {
        let path = temporaryStorePath()
        let connection = try Connection(path: path)
        let before = Array(Migrations.all.prefix { $0.name != "014-row-checks" })
        try Migrator.migrate(connection, migrations: before)
        let long = String(repeating: "t", count: 2_000)
        try connection.execute(
            """
            INSERT INTO store_info (key, value) VALUES ('root_identifier', '\(rootID)');
            INSERT INTO contexts (id, parent_id, path, identifier, title, type, created_at, modified_at)
                VALUES (1, NULL, '["\(rootID)"]', '\(rootID)', 'EduJam', 1, 0, 0),
                       (2, 1, '["\(rootID)","QUIZ"]', 'QUIZ', 'Quiz', 12, 0, 0);
            INSERT INTO activities (id, context_id, student, created_at, started_at, outcome, uuid, progress)
                VALUES (1, 2, 'ana', 10, 10, 'finished', '6f1c1d1e-0000-4000-8000-000000000001', 0.5),
                       (2, 2, 'bo', 20, 20, 'finished', '6f1c1d1e-0000-4000-8000-000000000002', 1);
            INSERT INTO activity_items (activity_id, identifier, title, kind, sequence, score, max_score)
                VALUES (1, 'score', 'Score', 'score', 1, 3, 5), (2, 'score', 'Score', 'score', 1, 5, 5);
            INSERT INTO activity_items (activity_id, identifier, title, kind, sequence, quantity)
                VALUES (1, 'bad', 'Bad', 'bogus', 2, 1), (1, 'long', '\(long)', 'quantity', 3, 1);
            WITH RECURSIVE n(i) AS (SELECT 1 WHERE 1 <= \(extra) UNION ALL SELECT i + 1 FROM n WHERE i < \(extra))
            INSERT INTO activity_items (activity_id, identifier, title, kind, sequence, quantity)
                SELECT 1, 'q' || i, 'Question ' || i, 'quantity', 3 + i, i FROM n;
            """)
        return path
    }

    @Test func theMigrationKeepsOldRowsAndRefusesNewOnes() throws {
        let path = try oldStore(extra: 3)
        let store = try TrackingStore(path: path, rootIdentifier: rootID, rootTitle: "EduJam")
        #expect(try Migrator.appliedNames(store.connection).last == "014-row-checks")
        let count = try store.connection.statement("SELECT count(*) FROM activity_items").query { $0.int(0) }
        #expect(count == [7], "nothing an older version stored is moved or lost")
        let refusals: [(sql: String, rule: String)] = [
            (
                "INSERT INTO activity_items (activity_id, identifier, title, kind, sequence, quantity) VALUES (2, 'x', 'X', 'bogus', 2, 1)",
                "activity_items_kind"
            ),
            (
                "INSERT INTO activity_items (activity_id, identifier, title, kind, sequence, quantity) VALUES (2, 'x', '\(String(repeating: "t", count: 1_025))', 'quantity', 2, 1)",
                "activity_items_title"
            ),
            (
                "INSERT INTO activity_items (activity_id, identifier, title, kind, sequence, score, max_score) VALUES (2, 'x', 'X', 'score', 2, 6, 5)",
                "activity_items_value"
            ),
            (
                "INSERT INTO activity_items (activity_id, identifier, title, kind, sequence, quantity) VALUES (2, 'a b', 'X', 'quantity', 2, 1)",
                "activity_items_identifier"
            ),
            ("UPDATE activities SET outcome = 'won' WHERE id = 2", "activities_outcome"),
            ("UPDATE activities SET progress = 2 WHERE id = 2", "activities_progress"),
            (
                "INSERT INTO attempt_events (activity_id, sequence, kind, at) VALUES (2, 0, 'teleported', 0)",
                "attempt_events_kind"
            ),
            ("UPDATE contexts SET type = 99 WHERE id = 2", "contexts_type"),
        ]
        for refusal in refusals {
            do {
                try store.connection.execute(refusal.sql)
                Issue.record("stored: \(refusal.sql.prefix(80))")
            } catch { #expect("\(error)".contains(refusal.rule)) }
        }
        let fill = (2...5).map {
            "INSERT INTO activity_items (activity_id, identifier, title, kind, sequence, quantity) VALUES (2, 'n\($0)', 'N', 'quantity', \($0), 1)"
        }
        for sql in fill.dropLast() { try store.connection.execute(sql) }
        do {
            try store.connection.execute(fill.last!)
            Issue.record("a fifth item was stored")
        } catch { #expect("\(error)".contains("an attempt holds at most 4 items")) }
    }

    @Test func aReaderSkipsAndNamesWhatItCannotReadAndGoesOn() throws {
        let store = try TrackingStore(path: try oldStore(extra: 0), rootIdentifier: rootID, rootTitle: "EduJam")
        let runs = try store.runs()
        #expect(runs.map(\.student) == ["bo", "ana"], "one student's bad rows fail nobody's read")
        #expect(runs.last?.items.map(\.identifier) == ["score"])
        #expect(
            store.unreadableRows == [
                UnreadableRow(
                    table: "activity_items", student: "ana", attempt: 1, row: "bad",
                    reason: "kind is not one of quantity, binary, score"),
                UnreadableRow(
                    table: "activity_items", student: "ana", attempt: 1, row: "long",
                    reason: "title is 2000 bytes; the most is 1024"),
            ])
        #expect(try store.attemptHistories().count == 2)
        #expect(
            "\(store.unreadableRows[0])"
                == "ana's attempt 1, activity_items row 'bad': kind is not one of quantity, binary, score")
    }

    @Test func readersLoadAtMostTheBoundsPerAttemptAndPerStudent() throws {
        let path = try oldStore(extra: 30_000)
        let connection = try Connection(path: path)
        try connection.execute(
            """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(Limits.attemptsReadPerStudent + 5))
            INSERT INTO activities (context_id, student, created_at, started_at, outcome, uuid)
                SELECT 2, 'cy', i, i, 'finished', lower(hex(randomblob(16))) FROM n;
            """)
        let store = try TrackingStore(path: path, rootIdentifier: rootID, rootTitle: "EduJam")
        let ana = try store.runs(student: "ana")
        #expect(
            ana.first?.items.map(\.identifier) == ["score", "q1"], "the first 4 read, the bogus and long ones left out")
        #expect(
            store.unreadableRows.last
                == UnreadableRow(
                    table: "activity_items", student: "ana", attempt: 1,
                    reason: "more than \(Limits.itemsPerAttempt) items; the rest were not read"))
        let cy = try store.runs(student: "cy")
        #expect(cy.count == Limits.attemptsReadPerStudent && cy.first?.startedAt ?? "" > cy.last?.startedAt ?? "")
        #expect(
            store.unreadableRows.last
                == UnreadableRow(
                    table: "activities", student: "cy", attempt: nil,
                    reason: "more than \(Limits.attemptsReadPerStudent) attempts; the older ones were not read"))
        #expect(try store.runs().count == Limits.attemptsReadPerStudent + 2)
    }
}
