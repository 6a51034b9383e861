import Foundation

extension PostgreSQLEngine {
    /// See ``StoreEngine/upsert(_:)``: the root is checked, then the rest goes in one pipeline
    /// (one round trip, one transaction) of prepared statements, every row found by its natural
    /// key (a context's path, the attempt's UUID), as a save's are.
    ///
    /// An attempt the store holds ended is final (``PGMigrations/endedAttemptsFrozen``): a delivery
    /// of it writes nothing, its row nor the rows that follow it (the store has it already; an
    /// acknowledgement was lost), where writing them again would be refused to a student.
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
                WHERE a.uuid = $1 AND a.saved_at = $2 AND i.activity_id = a.id AND \(PGMigrations.isOpen("a"))
                """,
                [uuid, .real(snapshot.savedAt)]
            ))
        if !snapshot.items.isEmpty { statements.append(try items(snapshot)) }
        if !snapshot.events.isEmpty { statements.append(events(snapshot)) }
        if let inputs = snapshot.inputs {
            let row = AttemptInputsRow.values(inputs, attempt: .text(snapshot.uuid.lowercasedString))
            statements.append(PGSave.inputRows([row], savedAt: snapshot.savedAt))
        }
        let results = try connection.pipeline(statements, prepared: true)
        return !results[written].rows.isEmpty
    }

    private func requireRoot(of snapshot: RunSnapshot) throws {
        let root = try storedRoot()
        guard let first = snapshot.contexts.first, first.identifier == root else {
            throw TrackingError.rootMismatch(expected: root ?? "", found: snapshot.contexts.first?.identifier ?? "")
        }
    }

    /// The context at `depth` of the chain, inserted when its path has no row (an existing one stays).
    /// No row is proposed for a stored path: a student's policies judge a proposed row before
    /// `ON CONFLICT DO NOTHING` skips it, and refuse one under a published game (Classroom's
    /// PostgreSQL migration `030-published-games-closed`).
    private func missingContext(_ snapshot: RunSnapshot, depth: Int) throws -> (sql: String, values: [SQLValue]) {
        let parent = depth == 0 ? nil : try JSON.encode(Array(snapshot.identifierPath.prefix(depth)))
        let path = SQLValue.text(try JSON.encode(Array(snapshot.identifierPath.prefix(depth + 1))))
        let sql = ContextRow.stepColumns.insert(
            first: ContextRow.byPath, where: "NOT EXISTS (SELECT 1 FROM contexts WHERE path = ?)")
        let values = try ContextRow.stepValues(snapshot, depth: depth, parent: .text(parent)) + [path]
        return (Self.numbered("\(sql) ON CONFLICT (path) DO NOTHING"), values)
    }

    /// Inserts the attempt, or replaces its stored state when that state is not later.
    private func attemptRow(_ s: RunSnapshot) throws -> (sql: String, values: [SQLValue]) {
        ("\(PGSave.attemptSQL)\nRETURNING id", ActivityRow.values(s, context: .text(try JSON.encode(s.identifierPath))))
    }

    /// Every item of the snapshot, where its state is the one stored.
    private func items(_ snapshot: RunSnapshot) throws -> (sql: String, values: [SQLValue]) {
        let uuid = SQLValue.text(snapshot.uuid.lowercasedString)
        let rows = try snapshot.items.map { item in
            ItemRow.values(try item.activityItem(), attempt: uuid, sequence: item.sequence)
        }
        return PGSave.itemRows(rows, savedAt: snapshot.savedAt)
    }

    /// The events the store lacks; a recorded event never changes.
    private func events(_ snapshot: RunSnapshot) -> (sql: String, values: [SQLValue]) {
        PGSave.eventRows(EventRow.snapshot(snapshot, attempt: .text(snapshot.uuid.lowercasedString)))
    }
}
