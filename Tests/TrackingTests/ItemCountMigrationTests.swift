import Foundation
import Testing
import TrackingTestSupport

@testable import Tracking

/// A PostgreSQL store at `021-save-policies-in-sql` takes `022-item-count-by-row`: the item count
/// becomes a row trigger on the items inserted, the statement trigger's function goes, the rows
/// stay, and an attempt still holds at most ``Limits/itemsPerAttempt`` items.
@Suite(.enabled(if: PostgresServer.isAvailable, Comment(rawValue: PostgresServer.skipComment)))
struct ItemCountMigrationTests {
    @Test func aStoreAt021CountsEachItemAddedAfterTheMigration() throws {
        let engine = try postgreSQLStore(before: PGMigrations.itemCountByRow, previous: "021-save-policies-in-sql")
        try engine.connection.execute(
            """
            INSERT INTO contexts (parent_id, path, identifier, title, type, created_at, modified_at)
            VALUES (NULL, '["\(rootID)"]', '\(rootID)', 'EduJam Games', 1, 0, 0);
            INSERT INTO activities (uuid, context_id, student, created_at, started_at)
            SELECT gen_random_uuid(), id, 'ana', 0, 0 FROM contexts;
            INSERT INTO activity_items (activity_id, identifier, title, kind, sequence, quantity)
            SELECT a.id, 'q' || g, 'Q', 'quantity', g, 1 FROM activities a, generate_series(1, 2) g;
            """)
        #expect(try trigger(engine) == "STATEMENT")

        let store = try TrackingStore(engine: engine, rootIdentifier: rootID, rootTitle: "EduJam Games")
        #expect(try PGMigrator.appliedNames(engine.connection) == PGMigrations.all.map(\.name))
        #expect(try trigger(engine) == "ROW")
        #expect(try value(engine, "SELECT to_regprocedure('edujam_item_count()')::text") == nil)
        #expect(try value(engine, "SELECT count(*) FROM activity_items") == "2", "the items kept")

        let room = Limits.itemsPerAttempt - 2
        try engine.connection.execute(
            """
            INSERT INTO activity_items (activity_id, identifier, title, kind, sequence, quantity)
            SELECT a.id, 'r' || g, 'R', 'quantity', 10 + g, 1 FROM activities a, generate_series(1, \(room)) g
            """)
        do {
            try engine.connection.execute(
                """
                INSERT INTO activity_items (activity_id, identifier, title, kind, sequence, quantity)
                SELECT id, 'over', 'O', 'quantity', 99, 1 FROM activities
                """)
            Issue.record("a full attempt took one more item")
        } catch let error as TrackingError {
            #expect("\(error)".contains(RowChecks.itemCountMessage), "\(error)")
        }
        #expect(try value(engine, "SELECT count(*) FROM activity_items") == "\(Limits.itemsPerAttempt)")

        // A save's upsert of items adds and changes them as before.
        let level = try store.mainContext.addChild(identifier: "LEVEL-1", title: "Level 1", type: .level)
        let attempt = try level.createNewActivity(student: "ben")
        try attempt.start()
        try attempt.setQuantity(id: "tries", title: "Tries", value: 1)
        try store.save()
        try attempt.setQuantity(id: "tries", title: "Tries", value: 2)
        try store.save()
        let saved =
            "SELECT quantity FROM activity_items i JOIN activities a ON a.id = i.activity_id WHERE a.student = 'ben'"
        #expect(try value(engine, saved) == "2")
    }

    /// Whether `activity_items_count` fires for each row or each statement.
    private func trigger(_ engine: PostgreSQLEngine) throws -> String? {
        try value(
            engine,
            """
            SELECT CASE WHEN tgtype & 1 = 1 THEN 'ROW' ELSE 'STATEMENT' END FROM pg_trigger
            WHERE tgname = 'activity_items_count' AND tgrelid = 'activity_items'::regclass
            """)
    }

    private func value(_ engine: PostgreSQLEngine, _ sql: String) throws -> String? {
        try engine.connection.query(sql).rows.first?.text(0)
    }
}
