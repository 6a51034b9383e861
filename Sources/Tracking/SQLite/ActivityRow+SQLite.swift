/// Writes the `activities`, `activity_items`, `attempt_events` and `attempt_inputs` tables on SQLite.
extension ActivityRow {
    /// Inserts or updates `activity` and writes only the items that changed since the last save.
    ///
    /// A running activity's duration is written up to `now`, so a crash loses at most the time
    /// since this save. An attempt stored ended is final, as on a school server, where it is
    /// frozen (``ActivityRow/onUUIDConflict``): nothing of it is written again (what a game read
    /// after `activity.finish()` and saved later stays out of its replay record on both engines).
    /// - Parameters:
    ///   - activity: The activity.
    ///   - contextID: Its context's row id.
    ///   - now: The save time.
    ///   - connection: The connection, inside a transaction.
    /// - Returns: The activity's row id.
    /// - Throws: A SQLite error.
    static func write(_ activity: Activity, contextID: Int64, now: Double, connection: Connection) throws -> Int64 {
        if let id = activity.rowID, try hasEnded(id, connection: connection) { return id }
        let id = try writeRow(activity, contextID: contextID, now: now, connection: connection)
        let isNew = activity.rowID == nil
        let upsert = try connection.statement("\(ItemRow.columns.insert()) \(ItemRow.onKeyConflict)")
        if !isNew {
            let delete = try connection.statement("DELETE FROM activity_items WHERE activity_id = ? AND identifier = ?")
            for identifier in activity.items.removed.sorted() { try delete.run([.integer(id), .text(identifier)]) }
        }
        let changed = isNew ? Set(activity.items.all.map(\.identifier)) : activity.items.dirty
        for identifier in changed.sorted() {
            guard let item = activity.items.item(identifier) else { continue }
            let sequence = activity.items.sequence[identifier] ?? 0
            try upsert.run(ItemRow.values(item, attempt: .integer(id), sequence: sequence))
        }
        try writeEvents(activity, id: id, connection: connection)
        if activity.inputsChanged, let inputs = activity.inputs {
            try connection.statement(AttemptInputsRow.upsert)
                .run(AttemptInputsRow.values(inputs, attempt: .integer(id)))
        }
        return id
    }

    /// Appends the events since the last save. Numbered from the count already saved, so a save
    /// that rolled back writes the same numbers again next time.
    private static func writeEvents(_ activity: Activity, id: Int64, connection: Connection) throws {
        guard !activity.pendingEvents.isEmpty else { return }
        let insert = try connection.statement(EventRow.columns.insert(verb: "INSERT OR REPLACE"))
        for row in EventRow.pending(activity, attempt: .integer(id)) { try insert.run(row) }
    }

    /// Whether the stored attempt `id` has ended.
    private static func hasEnded(_ id: Int64, connection: Connection) throws -> Bool {
        try connection.statement("SELECT 1 FROM activities WHERE id = ? AND ended_at IS NOT NULL")
            .query([.integer(id)]) { $0.int(0) }.first != nil
    }

    private static func writeRow(_ a: Activity, contextID: Int64, now: Double, connection: Connection) throws -> Int64 {
        let values = values(a, context: .integer(contextID), now: now)
        if let id = a.rowID {
            try connection.statement(updateByID).run(Array(values.dropFirst(identity.count)) + [.integer(id)])
            return id
        }
        try connection.statement(columns.insert()).run(values)
        return connection.lastInsertRowID
    }
}
