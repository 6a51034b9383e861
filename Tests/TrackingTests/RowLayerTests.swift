import Foundation
import Testing
import TrackingTestSupport

@testable import Tracking

/// The row layer (`Sources/Tracking/Rows/`) names every column of its table, on both engines: a
/// column added by a migration but not to its row type would be neither written, read nor copied.
@Suite struct RowLayerTests {
    /// Each tracking table and the columns its row type leaves out: the row id, and the store
    /// copy's `saved_at`, which the destination's own saves set; on PostgreSQL, the transaction
    /// that ended an attempt, which only its trigger writes (``PGMigrations/endedAttemptsFrozen``).
    private static let tables: [(columns: TableColumns, unnamed: Set<String>)] = [
        (ContextRow.columns, ["id"]), (ActivityRow.columns, ["id", "ended_in_transaction"]), (ItemRow.columns, []),
        (EventRow.columns, []), (AcceptedStatementRow.columns, []), (AttemptInputsRow.columns, []),
    ]

    @Test(arguments: 0..<6) func rowTypeNamesEveryColumn(table index: Int) throws {
        let (columns, unnamed) = Self.tables[index]
        let engine = try makeEngine()
        _ = try engine.migrate()
        guard let rows = engine as? any StoreRows else { preconditionFailure("every engine reads plain rows") }
        let sql =
            engine is SQLiteEngine
            ? "SELECT name FROM pragma_table_info(?)"
            : "SELECT column_name FROM information_schema.columns WHERE table_name = ? AND table_schema = current_schema()"
        let stored = try rows.rows(sql, [.text(columns.table)]).compactMap { row -> String? in
            guard case .text(let name)? = row.first else { return nil }
            return name
        }
        #expect(Set(stored).subtracting(unnamed) == Set(columns.names))
        #expect(columns.names.count == Set(columns.names).count)
    }

    /// An attempt's row, from the model and from an outbox snapshot, gives each value to the
    /// column of the same name: a value put one place off would be stored in its neighbour's column.
    @Test func anAttemptsValuesGoToTheirOwnColumns() throws {
        let (store, activity) = try startedActivity()
        let snapshot = try #require(withExtendedLifetime(store) { activity.snapshot(at: Date()) })
        let fromModel = ActivityRow.named(activity, context: .integer(1), now: 0).map(\.key)
        let fromSnapshot = ActivityRow.named(snapshot, context: .integer(1)).map(\.key)
        #expect(fromModel == ActivityRow.columns.names)
        #expect(fromSnapshot == ActivityRow.columns.names)
    }

    @Test func sharedSQLIsBuiltFromTheColumns() {
        #expect(
            ItemRow.columns.insert()
                == "INSERT INTO activity_items (activity_id, sequence, identifier, title, kind, quantity, flag, "
                + "value_type, score, max_score) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
        #expect(!ActivityRow.onUUIDConflict.contains("uuid = excluded.uuid"))
        #expect(ActivityRow.onUUIDConflict.contains("saved_at = excluded.saved_at"))
        #expect(TableCopy.activities.write.contains(ContextRow.byPath))
        #expect(!TableCopy.activities.write.contains("saved_at"))
    }
}
