import Foundation
import Testing
import TrackingTestSupport

@testable import Tracking

/// A PostgreSQL store at `036-student-assignments-by-count` takes `037-save-by-rows`: the attempts stored before
/// are kept as they were and saved on through the new call, whose columns are the row types'.
@Suite(.enabled(if: PostgresServer.isAvailable, Comment(rawValue: PostgresServer.skipComment)))
struct SaveByRowsMigrationTests {
    private static let tables = ["activities", "activity_items", "attempt_events", "attempt_inputs"]

    /// The columns each of ``tables`` has now: what "nothing changed" compares, so a column a later
    /// migration adds (with its default) is not a change to what was stored.
    private static func columns(_ engine: PostgreSQLEngine) throws -> [String] {
        try tables.map { table in
            try firstValue(
                engine,
                """
                SELECT string_agg(quote_literal(column_name), ',') FROM information_schema.columns
                WHERE table_schema = current_schema() AND table_name = '\(table)'
                """) ?? "''"
        }
    }

    /// Every row of an attempt's tables, as JSON of the given `columns`, in a stable order.
    private static func everything(_ engine: PostgreSQLEngine, columns: [String]) throws -> [String?] {
        try zip(tables, columns).map { table, columns in
            try firstValue(
                engine,
                """
                SELECT string_agg(j::text, E'\\n' ORDER BY j::text) FROM (
                    SELECT (SELECT jsonb_object_agg(e.key, e.value) FROM jsonb_each(to_jsonb(t)) e
                        WHERE e.key IN (\(columns))) AS j
                    FROM \(table) t) rows
                """)
        }
    }

    @Test func attemptsSavedBefore036AreKeptAndSavedOnThroughTheNewCall() throws {
        let engine = try postgreSQLStore(before: PGMigrations.saveByRows, previous: "036-student-assignments-by-count")
        // ana's running attempt (score 3 of 7, one event, a replay record) and bo's finished one.
        try engine.connection.execute(
            """
            \(mainAndMathJamContexts)
            INSERT INTO activities (uuid, context_id, student, created_at, started_at, ended_at, outcome, progress,
                ranges, owner_host, owner_pid, owner_start, saved_at)
            SELECT gen_random_uuid(), c.id, s.student, 1000, 1000, s.ended_at, s.outcome, 0.25, '[[0,0.25]]',
                'gone', 1, 'long ago', 1000
            FROM contexts c, (VALUES ('ana', NULL::float8, 'running'), ('bo', 1100, 'finished')) AS s(student, ended_at, outcome)
            WHERE c.identifier = 'MATH-JAM';
            INSERT INTO activity_items (activity_id, identifier, title, kind, sequence, score, max_score)
            SELECT id, 'score', 'Score', 'score', 0, 3, 7 FROM activities;
            INSERT INTO attempt_events (activity_id, sequence, kind, at, progress)
            SELECT id, 0, 'started', 1000, 0 FROM activities;
            INSERT INTO attempt_inputs (activity_id, record, bytes)
            SELECT id, '{}', 2 FROM activities WHERE student = 'ana';
            """)
        let columns = try Self.columns(engine)
        let before = try Self.everything(engine, columns: columns)

        let store = try TrackingStore(engine: engine, rootIdentifier: rootID, rootTitle: "EduJam Games")
        #expect(try PGMigrator.appliedNames(engine.connection) == PGMigrations.all.map(\.name))
        #expect(try Self.everything(engine, columns: columns) == before, "nothing stored before changed")
        #expect(before.allSatisfy { $0 != nil })
        #expect(try store.runs(student: "ana").first?.items.first?.score == 3)

        // Her game resumes her attempt; bo's ended one is read as it was; cy starts one.
        let game = try #require(store.mainContext.child("MATH-JAM"))
        let resumed = try #require(try game.currentActivity(student: "ana"))
        try resumed.start()
        try resumed.setScore(id: "score", title: "Score", score: 5, maxScore: 7)
        try resumed.setProgress(0.5)
        let new = try game.createNewActivity(student: "cy")
        try new.start()
        try new.setScore(id: "score", title: "Score", score: 1, maxScore: 7)
        try store.save()

        let ana = try #require(try store.runs(student: "ana").first)
        #expect(ana.items.first?.score == 5 && ana.progress == 0.5)
        let events = try firstValue(
            engine,
            """
            SELECT string_agg(e.kind, ',' ORDER BY e.sequence) FROM attempt_events e
            JOIN activities a ON a.id = e.activity_id WHERE a.student = 'ana'
            """)
        #expect(
            events?.hasPrefix("started,resumed") == true, "her first event kept, the new ones after it: \(events ?? "")"
        )
        #expect(
            try firstValue(engine, "SELECT owner_host FROM activities WHERE student = 'ana'") == RunOwner.current.host)
        #expect(try store.runs(student: "bo").first?.items.first?.score == 3)
        #expect(try store.runs(student: "cy").first?.items.first?.score == 1)
    }

    /// The columns the call writes are found in the tables themselves: exactly those of the row
    /// types (``TableColumns``) that key the rows it is sent, each row's pointer aside.
    @Test func theCallWritesTheRowTypesColumns() throws {
        let engine = try postgreSQLStore(before: PGMigrations.saveByRows, previous: "036-student-assignments-by-count")
        try PGMigrator.migrate(engine.connection)
        func written(_ columns: TableColumns, skipping: [String]) throws -> Set<String> {
            let list = try firstValue(
                engine,
                "SELECT edujam_save_list('\(columns.table)', '%I', ARRAY[\(skipping.map { "'\($0)'" }.joined(separator: ", "))])"
            )
            return Set((list ?? "").components(separatedBy: ", "))
        }
        #expect(
            try written(ActivityRow.columns, skipping: ["id", "ended_in_transaction", "context_id"])
                == Set(ActivityRow.columns.names.dropFirst()))
        for columns in [ItemRow.columns, EventRow.columns, AttemptInputsRow.columns] {
            #expect(
                try written(columns, skipping: ["activity_id"]) == Set(columns.names.dropFirst()), "\(columns.table)")
        }
    }

    /// A column added to `activities` is saved once the migration that adds it calls
    /// `edujam_write_save()`: a save that sends it stores it, and a later save changes it.
    @Test func aColumnAddedWithOneCallIsSavedAndSavedAgain() throws {
        let engine = try postgreSQLStore(before: PGMigrations.saveByRows, previous: "036-student-assignments-by-count")
        let store = try TrackingStore(engine: engine, rootIdentifier: rootID, rootTitle: "EduJam Games")
        let game = try store.mainContext.addChild(identifier: "MATH-JAM", title: "Math Jam", type: .game)
        try store.save()
        try engine.connection.execute(
            "ALTER TABLE activities ADD COLUMN hint_count integer; SELECT edujam_write_save();")
        let attempt = try game.createNewActivity(student: "ana")
        try attempt.start()
        for (time, hints) in [(2000.0, 4), (2001, 5)] {
            var (sql, values) = try #require(try PGSave.attempts([attempt], now: time))
            guard case .text(let json) = values[0] else { throw TrackingError.corruptRow("attempt_rows") }
            var rows = try JSONDecoder().decode([[String: String?]].self, from: Data(json.utf8))
            rows[0]["hint_count"] = String(hints)
            values[0] = .text(try JSON.encode(rows))
            _ = try engine.connection.query(sql, values)
            #expect(try firstValue(engine, "SELECT hint_count FROM activities") == String(hints))
        }
    }
}
