import Foundation

extension SQLiteEngine {
    /// One indexed look-up (`activities_context`) and the attempt's items; see
    /// ``StoreEngine/latestAttempt(contextID:student:)``.
    package func latestAttempt(contextID: Int64, student: String?) throws -> SavedAttempt? {
        try connection.transaction(readOnly: true) {
            let filter = student == nil ? "" : "AND student = ?"
            let sql = """
                \(ActivityRow.selectSaved) WHERE context_id = ? \(filter) ORDER BY created_at DESC, id DESC LIMIT 1
                """
            let values: [SQLValue] = [.integer(contextID)] + (student.map { [.text($0)] } ?? [])
            guard var attempt = try connection.statement(sql).query(values, row: ActivityRow.saved).first else {
                return nil
            }
            attempt.items = try items(ofAttempt: attempt.rowID)
            attempt.nextEvent = try nextEvent(ofAttempt: attempt.rowID)
            return attempt
        }
    }

    /// The attempt's readable items, at most ``Limits/itemsPerAttempt`` (``ItemRow/restored(_:)``).
    private func items(ofAttempt id: Int64) throws -> [(item: ActivityItem, sequence: Int64)] {
        let sql = """
            SELECT \(ItemRow.columns.list) FROM activity_items WHERE activity_id = ? ORDER BY sequence
            LIMIT \(Limits.itemsPerAttempt)
            """
        return try connection.statement(sql).query([.integer(id)]) { ItemRow.restored($0) }.compactMap { $0 }
    }

    private func nextEvent(ofAttempt id: Int64) throws -> Int {
        let sql = "SELECT COALESCE(MAX(sequence) + 1, 0) FROM attempt_events WHERE activity_id = ?"
        return Int(try connection.statement(sql).query([.integer(id)]) { $0.int(0) }.first ?? 0)
    }
}
