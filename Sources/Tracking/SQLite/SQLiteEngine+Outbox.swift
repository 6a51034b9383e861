import Foundation

extension SQLiteEngine {
    /// See ``StoreEngine/upsert(_:)``.
    @discardableResult
    package func upsert(_ snapshot: RunSnapshot) throws -> Bool {
        try connection.transaction {
            let contextID = try contextChain(snapshot)
            let id = try attemptRow(snapshot, contextID: contextID)
            if let id { try replaceItems(snapshot, activityID: id) }
            try addEvents(snapshot)
            return id != nil
        }
    }

    /// Creates the contexts of the chain that are missing, parents first; returns the last one's id.
    private func contextChain(_ snapshot: RunSnapshot) throws -> Int64 {
        let root = try claimedRoot()
        guard let first = snapshot.contexts.first, first.identifier == root else {
            throw TrackingError.rootMismatch(expected: root ?? "", found: snapshot.contexts.first?.identifier ?? "")
        }
        let insert = try connection.statement(
            "\(ContextRow.stepColumns.insert()) ON CONFLICT (path) DO NOTHING")
        let find = try connection.statement("SELECT id FROM contexts WHERE path = ?")
        var parentID: Int64?
        for depth in snapshot.contexts.indices {
            let row = try ContextRow.stepValues(snapshot, depth: depth, parent: parentID.map { .integer($0) } ?? .null)
            try insert.run(row)
            let path = row[1]
            guard let id = try find.query([path], row: { $0.int(0) }).first else {
                throw TrackingError.corruptRow("contexts.id")
            }
            parentID = id
        }
        return parentID ?? 0
    }

    /// Inserts the attempt, or updates it when the stored state is not later than the snapshot's.
    /// - Returns: The row id when the snapshot's state was written, nil when a later one stays.
    private func attemptRow(_ s: RunSnapshot, contextID: Int64) throws -> Int64? {
        let sql = "\(ActivityRow.columns.insert()) \(ActivityRow.onUUIDConflict) RETURNING id"
        let values = ActivityRow.values(s, context: .integer(contextID))
        return try connection.statement(sql).query(values) { $0.int(0) }.first
    }

    /// Makes the stored items exactly the snapshot's.
    private func replaceItems(_ snapshot: RunSnapshot, activityID: Int64) throws {
        try connection.statement("DELETE FROM activity_items WHERE activity_id = ?").run([.integer(activityID)])
        let insert = try connection.statement(ItemRow.columns.insert())
        for item in snapshot.items {
            let attempt = SQLValue.integer(activityID)
            try insert.run(ItemRow.values(try item.activityItem(), attempt: attempt, sequence: item.sequence))
        }
    }

    /// Adds the events the store does not have yet; a recorded event never changes.
    private func addEvents(_ snapshot: RunSnapshot) throws {
        let insert = try connection.statement(
            EventRow.columns.insert(first: ActivityRow.byUUID, verb: "INSERT OR IGNORE"))
        for row in EventRow.snapshot(snapshot, attempt: .text(snapshot.uuid.lowercasedString)) {
            try insert.run(row)
        }
    }
}

extension UUID {
    /// The UUID as stores keep it: lowercase, with dashes.
    var lowercasedString: String { uuidString.lowercased() }
}
