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
        let root = try connection.statement("SELECT value FROM store_info WHERE key = 'root_identifier'")
            .query { $0.text(0) ?? "" }.first
        guard let first = snapshot.contexts.first, first.identifier == root else {
            throw TrackingError.rootMismatch(expected: root ?? "", found: snapshot.contexts.first?.identifier ?? "")
        }
        let insert = try connection.statement(
            """
            INSERT INTO contexts (parent_id, path, identifier, title, type, custom_type_name, created_at, modified_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(path) DO NOTHING
            """)
        let find = try connection.statement("SELECT id FROM contexts WHERE path = ?")
        var parentID: Int64?
        for (depth, step) in snapshot.contexts.enumerated() {
            let path = SQLValue.text(try JSON.encode(snapshot.identifierPath.prefix(depth + 1).map { $0 }))
            try insert.run([
                parentID.map { .integer($0) } ?? .null, path, .text(step.identifier), .text(step.title),
                .integer(Int64(step.type.rawValue)), .text(step.customTypeName), .real(snapshot.createdAt),
                .real(snapshot.createdAt),
            ])
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
        let sql = """
            INSERT INTO activities (\(ActivityRow.stateColumns), saved_at, context_id, student, created_at,
                owner_host, owner_pid, owner_start, uuid)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            \(ActivityRow.onUUIDConflict)
            RETURNING id
            """
        let values: [SQLValue] = [
            .real(s.startedAt), .real(s.endedAt), .text(s.outcome.rawValue), .text(s.doneBy?.rawValue),
            .real(s.duration), .real(s.progress), .text(ProgressRanges(s.ranges).json), .text(s.primaryItem),
            .bool(s.hasStarted), .real(s.savedAt), .integer(contextID), .text(s.student), .real(s.createdAt),
            .text(s.owner.host), .integer(Int64(s.owner.pid)), .text(s.owner.start), .text(s.uuid.lowercasedString),
        ]
        return try connection.statement(sql).query(values) { $0.int(0) }.first
    }

    /// Makes the stored items exactly the snapshot's.
    private func replaceItems(_ snapshot: RunSnapshot, activityID: Int64) throws {
        try connection.statement("DELETE FROM activity_items WHERE activity_id = ?").run([.integer(activityID)])
        let insert = try connection.statement(
            """
            INSERT INTO activity_items (activity_id, identifier, title, kind, sequence, quantity, flag, value_type, score, max_score)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        for item in snapshot.items {
            try insert.run(
                ActivityRow.itemValues(try item.activityItem(), activityID: activityID, sequence: item.sequence))
        }
    }

    /// Adds the events the store does not have yet; a recorded event never changes.
    private func addEvents(_ snapshot: RunSnapshot) throws {
        let insert = try connection.statement(
            """
            INSERT OR IGNORE INTO attempt_events (activity_id, sequence, kind, at, progress, outcome)
            SELECT id, ?, ?, ?, ?, ? FROM activities WHERE uuid = ?
            """)
        for event in snapshot.events {
            try insert.run([
                .integer(Int64(event.sequence)), .text(event.kind.rawValue), .real(event.at), .real(event.progress),
                .text(event.outcome?.rawValue), .text(snapshot.uuid.lowercasedString),
            ])
        }
    }
}

extension UUID {
    /// The UUID as stores keep it: lowercase, with dashes.
    package var lowercasedString: String { uuidString.lowercased() }
}
