import Foundation
import Testing
import TrackingTestSupport

@testable import Tracking

/// A PostgreSQL store at `023-save-function` takes `024-item-values-as-float8`: the items' value
/// check gets `float8` bounds instead of 309-digit `numeric` ones, refuses and allows what it did,
/// and leaves the rows stored before it alone, as `010-row-checks` did (`NOT VALID`).
@Suite(.enabled(if: PostgresServer.isAvailable, Comment(rawValue: PostgresServer.skipComment)))
struct ItemValuesMigrationTests {
    @Test func aStoreAt023ChecksItemValuesAsBeforeWithFloat8Bounds() throws {
        let engine = try postgreSQLStore(before: PGMigrations.itemValuesAsFloat8, previous: "023-save-function")
        // The check as `010-row-checks` wrote it before its bounds were typed, over a row it would
        // refuse, stored before it (as a store older than `010-row-checks` may hold).
        let untyped = try #require(RowChecks.activityItems(.postgresql).first { $0.name == "activity_items_value" })
            .clause.replacingOccurrences(
                of: "'1.7976931348623157e308'::float8", with: "1.7976931348623157e308")
        try engine.connection.execute(
            """
            INSERT INTO contexts (parent_id, path, identifier, title, type, created_at, modified_at)
            VALUES (NULL, '["\(rootID)"]', '\(rootID)', 'EduJam Games', 1, 0, 0);
            INSERT INTO activities (uuid, context_id, student, created_at, started_at)
            SELECT gen_random_uuid(), id, 'ana', 0, 0 FROM contexts;
            ALTER TABLE activity_items DROP CONSTRAINT activity_items_value;
            INSERT INTO activity_items (activity_id, identifier, title, kind, sequence, quantity)
            SELECT id, 'old', 'Old', 'quantity', 1, 'Infinity' FROM activities;
            ALTER TABLE activity_items ADD \(untyped) NOT VALID;
            """)
        #expect(try definition(engine).contains("numeric"), "the old bounds are numerics")

        _ = try TrackingStore(engine: engine, rootIdentifier: rootID, rootTitle: "EduJam Games")
        #expect(try PGMigrator.appliedNames(engine.connection) == PGMigrations.all.map(\.name))
        let after = try definition(engine)
        #expect(!after.contains("numeric") && after.contains("double precision"), "\(after)")
        #expect(try firstValue(engine, "SELECT quantity FROM activity_items WHERE identifier = 'old'") == "Infinity")

        for (number, allowed) in [
            ("1.7976931348623157e308", true), ("-1.7976931348623157e308", true), ("0.5", true),
            ("'Infinity'", false), ("'-Infinity'", false), ("'NaN'", false),
        ] {
            try expectWrite(
                engine,
                """
                INSERT INTO activity_items (activity_id, identifier, title, kind, sequence, quantity)
                SELECT id, 'q' || md5((\(number))::text), 'Q', 'quantity', 2, \(number) FROM activities
                """,
                allowed: allowed, check: "activity_items_value", what: number)
        }
        #expect(try firstValue(engine, "SELECT count(*) FROM activity_items") == "4")
    }

    /// `activity_items_value` as PostgreSQL stores it.
    private func definition(_ engine: PostgreSQLEngine) throws -> String {
        try firstValue(
            engine,
            """
            SELECT pg_get_constraintdef(oid) FROM pg_constraint
            WHERE conname = 'activity_items_value' AND conrelid = 'activity_items'::regclass
            """) ?? ""
    }
}
