/// Writes the `activities` and `activity_items` tables.
enum ActivityRow {
    /// Inserts or updates `activity` and writes only the items that changed since the last save.
    ///
    /// A running activity's duration is written up to `now`, so a crash loses at most the time
    /// since this save.
    /// - Parameters:
    ///   - activity: The activity.
    ///   - contextID: Its context's row id.
    ///   - now: The save time.
    ///   - connection: The connection, inside a transaction.
    /// - Returns: The activity's row id.
    /// - Throws: A SQLite error.
    static func write(_ activity: Activity, contextID: Int64, now: Double, connection: Connection) throws -> Int64 {
        let id = try writeRow(activity, contextID: contextID, now: now, connection: connection)
        let isNew = activity.rowID == nil
        let upsert = try connection.statement(
            """
            INSERT INTO activity_items (activity_id, identifier, title, kind, sequence, quantity, flag, value_type, score, max_score)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT(activity_id, identifier) DO UPDATE SET title = excluded.title, kind = excluded.kind,
                sequence = excluded.sequence, quantity = excluded.quantity, flag = excluded.flag,
                value_type = excluded.value_type, score = excluded.score, max_score = excluded.max_score
            """)
        if !isNew {
            let delete = try connection.statement("DELETE FROM activity_items WHERE activity_id = ? AND identifier = ?")
            for identifier in activity.items.removed.sorted() { try delete.run([.integer(id), .text(identifier)]) }
        }
        let changed = isNew ? Set(activity.items.all.map(\.identifier)) : activity.items.dirty
        for identifier in changed.sorted() {
            guard let item = activity.items.item(identifier) else { continue }
            try upsert.run(itemValues(item, activityID: id, sequence: activity.items.sequence[identifier] ?? 0))
        }
        try writeEvents(activity, id: id, connection: connection)
        return id
    }

    /// Appends the events since the last save. Numbered from the count already saved, so a save
    /// that rolled back writes the same numbers again next time.
    private static func writeEvents(_ activity: Activity, id: Int64, connection: Connection) throws {
        guard !activity.pendingEvents.isEmpty else { return }
        let insert = try connection.statement(
            """
            INSERT OR REPLACE INTO attempt_events (activity_id, sequence, kind, at, progress, outcome) VALUES (?, ?, ?, ?, ?, ?)
            """)
        for (offset, event) in activity.pendingEvents.enumerated() {
            try insert.run([
                .integer(id), .integer(activity.eventCount + offset), .text(event.kind.rawValue),
                .real(event.at.timeIntervalSince1970), .real(event.progress), .text(event.outcome?.rawValue),
            ])
        }
    }

    /// The state an attempt's row holds at `now`, in the order of ``stateColumns``.
    static func stateValues(_ a: Activity, now: Double) -> [SQLValue] {
        [
            .real(a.startedAt.timeIntervalSince1970), .real(a.endedAt?.timeIntervalSince1970),
            .text(a.outcome.rawValue), .text(a.doneBy?.rawValue),
            .real(a.duration(at: .init(timeIntervalSince1970: now))),
            .real(a.progress), .text(a.ranges.json), .text(a.items.primary?.identifier), .bool(a.hasStarted),
        ]
    }

    /// The columns of ``stateValues(_:now:)``.
    static let stateColumns =
        "started_at, ended_at, outcome, done_by, duration, progress, ranges, primary_item, was_started"

    private static func writeRow(_ a: Activity, contextID: Int64, now: Double, connection: Connection) throws -> Int64 {
        let common = stateValues(a, now: now)
        // The attempt lives in this process's memory until it ends: the process that writes it
        // owns it, also when it continues an attempt restored from an earlier launch.
        let owner = RunOwner.current
        if let id = a.rowID {
            try connection.statement(
                """
                UPDATE activities SET started_at = ?, ended_at = ?, outcome = ?, done_by = ?, duration = ?,
                    progress = ?, ranges = ?, primary_item = ?, was_started = ?,
                    owner_host = ?, owner_pid = ?, owner_start = ? WHERE id = ?
                """
            ).run(common + [.text(owner.host), .integer(Int64(owner.pid)), .text(owner.start), .integer(id)])
            return id
        }
        try connection.statement(
            """
            INSERT INTO activities (started_at, ended_at, outcome, done_by, duration, progress, ranges, primary_item,
                was_started, context_id, student, created_at, owner_host, owner_pid, owner_start, uuid)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """
        ).run(
            common + [
                .integer(contextID), .text(a.student), .real(a.createdAt.timeIntervalSince1970),
                .text(owner.host), .integer(Int64(owner.pid)), .text(owner.start),
                .text(a.uuid.uuidString.lowercased()),
            ])
        return connection.lastInsertRowID
    }

    /// An item's row, in the order of the `activity_items` columns the upsert names.
    static func itemValues(_ item: ActivityItem, activityID: Int64, sequence: Int64) -> [SQLValue] {
        var quantity: SQLValue = .null
        var flag: SQLValue = .null
        var valueType: SQLValue = .null
        var score: SQLValue = .null
        var maxScore: SQLValue = .null
        switch item.value {
        case .quantity(let q): quantity = .real(q)
        case .binary(let b, let type):
            flag = .bool(b)
            valueType = .text(type.rawValue)
        case .score(let s, let m):
            score = .real(s)
            maxScore = .real(m)
        }
        return [
            .integer(activityID), .text(item.identifier), .text(item.title), .text(item.kind.rawValue),
            .integer(sequence), quantity, flag, valueType, score, maxScore,
        ]
    }
}
