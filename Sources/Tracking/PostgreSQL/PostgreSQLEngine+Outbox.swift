import Foundation

extension PostgreSQLEngine {
    /// See ``StoreEngine/upsert(_:)``: the root is checked, then the rest goes in one pipeline
    /// (one round trip, one transaction), every row found by its natural key (a context's path,
    /// the attempt's UUID), as a save's are.
    @discardableResult
    package func upsert(_ snapshot: RunSnapshot) throws -> Bool {
        try requireRoot(of: snapshot)
        let uuid = SQLValue.text(snapshot.uuid.lowercasedString)
        var statements = try snapshot.contexts.indices.map { try missingContext(snapshot, depth: $0) }
        statements.append(try attemptRow(snapshot))
        let written = statements.count - 1
        // Items follow the state: replaced only where this snapshot's state is the one stored now.
        statements.append(
            (
                """
                DELETE FROM activity_items i USING activities a
                WHERE a.uuid = $1 AND a.saved_at = $2 AND i.activity_id = a.id
                """,
                [uuid, .real(snapshot.savedAt)]
            ))
        if !snapshot.items.isEmpty { statements.append(try items(snapshot)) }
        if !snapshot.events.isEmpty { statements.append(events(snapshot)) }
        let results = try connection.pipeline(statements)
        return !results[written].rows.isEmpty
    }

    private func requireRoot(of snapshot: RunSnapshot) throws {
        let root = try connection.query("SELECT value FROM store_info WHERE key = 'root_identifier'").rows.first?
            .text(0)
        guard let first = snapshot.contexts.first, first.identifier == root else {
            throw TrackingError.rootMismatch(expected: root ?? "", found: snapshot.contexts.first?.identifier ?? "")
        }
    }

    /// The context at `depth` of the chain, inserted when its path has no row (an existing one stays).
    private func missingContext(_ snapshot: RunSnapshot, depth: Int) throws -> (sql: String, values: [SQLValue]) {
        let step = snapshot.contexts[depth]
        let path = try JSON.encode(Array(snapshot.identifierPath.prefix(depth + 1)))
        let parent = depth == 0 ? nil : try JSON.encode(Array(snapshot.identifierPath.prefix(depth)))
        return (
            """
            INSERT INTO contexts (parent_id, path, identifier, title, type, custom_type_name, created_at, modified_at)
            VALUES ((SELECT id FROM contexts WHERE path = $1), $2, $3, $4, $5, $6, $7, $7)
            ON CONFLICT (path) DO NOTHING
            """,
            [
                .text(parent), .text(path), .text(step.identifier), .text(step.title),
                .integer(Int64(step.type.rawValue)), .text(step.customTypeName), .real(snapshot.createdAt),
            ]
        )
    }

    /// Inserts the attempt, or replaces its stored state when that state is not later.
    private func attemptRow(_ s: RunSnapshot) throws -> (sql: String, values: [SQLValue]) {
        (
            """
            INSERT INTO activities (\(ActivityRow.stateColumns), saved_at, uuid, context_id, student, created_at,
                owner_host, owner_pid, owner_start)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, (SELECT id FROM contexts WHERE path = $12), $13, $14,
                $15, $16, $17)
            \(ActivityRow.onUUIDConflict)
            RETURNING id
            """,
            [
                .real(s.startedAt), .real(s.endedAt), .text(s.outcome.rawValue), .text(s.doneBy?.rawValue),
                .real(s.duration), .real(s.progress), .text(ProgressRanges(s.ranges).json), .text(s.primaryItem),
                .bool(s.hasStarted), .real(s.savedAt), .text(s.uuid.lowercasedString),
                .text(try JSON.encode(s.identifierPath)), .text(s.student), .real(s.createdAt), .text(s.owner.host),
                .integer(Int64(s.owner.pid)), .text(s.owner.start),
            ]
        )
    }

    /// Every item of the snapshot, where its state is the one stored.
    private func items(_ snapshot: RunSnapshot) throws -> (sql: String, values: [SQLValue]) {
        let rows = try snapshot.items.map { item in
            [.text(snapshot.uuid.lowercasedString)]
                + ActivityRow.itemValues(try item.activityItem(), activityID: 0, sequence: item.sequence).dropFirst()
        }
        return PGSave.itemRows(rows, savedAt: snapshot.savedAt)
    }

    /// The events the store lacks; a recorded event never changes.
    private func events(_ snapshot: RunSnapshot) -> (sql: String, values: [SQLValue]) {
        PGSave.eventRows(
            snapshot.events.map { event in
                [
                    .text(snapshot.uuid.lowercasedString), .integer(Int64(event.sequence)), .text(event.kind.rawValue),
                    .real(event.at), .real(event.progress), .text(event.outcome?.rawValue),
                ]
            })
    }
}
