/// The statements of one save on PostgreSQL (``PostgreSQLEngine/write(_:)``): each refers to rows
/// by path or UUID, so the whole save goes in one pipeline; items and events go in one statement
/// each for every attempt of the save, as arrays.
enum PGSave {
    /// Inserts or updates a context by its path; its parent is found by path too.
    static func context(_ context: Context) throws -> (sql: String, values: [SQLValue]) {
        let parentPath = try context.parent.map { try JSON.encode($0.identifierPath) }
        let sql = """
            INSERT INTO contexts (\(ContextRow.columns))
            VALUES (COALESCE($1::bigint, (SELECT id FROM contexts WHERE path = $20)), $2, $3, $4, $5, $6, $7, $8, $9,
                $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)
            \(ContextRow.onPathConflict)
            """
        return (sql, try ContextRow.values(context, parentID: nil) + [.text(parentPath)])
    }

    /// Inserts an attempt or updates it by UUID, unless the stored state was saved later.
    static func activity(_ activity: Activity, path: String, now: Double) -> (sql: String, values: [SQLValue]) {
        // The attempt lives in this process's memory until it ends: the process that writes it owns
        // it, also when it continues an attempt restored from an earlier launch.
        let owner = RunOwner.current
        let sql = """
            INSERT INTO activities (\(ActivityRow.stateColumns), saved_at, uuid, context_id, student, created_at,
                owner_host, owner_pid, owner_start)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, (SELECT id FROM contexts WHERE path = $12), $13, $14,
                $15, $16, $17)
            ON CONFLICT (uuid) DO UPDATE SET started_at = excluded.started_at, ended_at = excluded.ended_at,
                outcome = excluded.outcome, done_by = excluded.done_by, duration = excluded.duration,
                progress = excluded.progress, ranges = excluded.ranges, primary_item = excluded.primary_item,
                was_started = excluded.was_started, saved_at = excluded.saved_at, owner_host = excluded.owner_host,
                owner_pid = excluded.owner_pid, owner_start = excluded.owner_start
            WHERE activities.saved_at <= excluded.saved_at
            """
        return (
            sql,
            ActivityRow.stateValues(activity, now: now) + [
                .real(now), .text(activity.uuid.uuidString.lowercased()), .text(path), .text(activity.student),
                .real(activity.createdAt.timeIntervalSince1970), .text(owner.host), .integer(Int64(owner.pid)),
                .text(owner.start),
            ]
        )
    }

    /// Deletes the removed items and upserts the changed ones (every item of a new attempt), for
    /// every attempt whose state this save wrote (`saved_at` is this save's time).
    static func items(_ activities: [Activity], now: Double) -> [(sql: String, values: [SQLValue])] {
        var removed: [(uuid: String, identifier: String)] = []
        var rows: [[SQLValue]] = []  // uuid, then ActivityRow.itemValues without the activity id
        for activity in activities {
            let uuid = activity.uuid.uuidString.lowercased()
            let isNew = activity.rowID == nil
            if !isNew { removed += activity.items.removed.sorted().map { (uuid, $0) } }
            let changed = isNew ? Set(activity.items.all.map(\.identifier)) : activity.items.dirty
            for identifier in changed.sorted() {
                guard let item = activity.items.item(identifier) else { continue }
                let values = ActivityRow.itemValues(
                    item, activityID: 0, sequence: activity.items.sequence[identifier] ?? 0)
                rows.append([.text(uuid)] + values.dropFirst())
            }
        }
        var statements: [(sql: String, values: [SQLValue])] = []
        if !removed.isEmpty {
            statements.append(
                (
                    """
                    DELETE FROM activity_items i USING activities a, unnest($1::uuid[], $2::text[]) AS r(uuid, identifier)
                    WHERE a.uuid = r.uuid AND a.saved_at = $3 AND i.activity_id = a.id AND i.identifier = r.identifier
                    """,
                    [PGArray.text(removed.map(\.uuid)), PGArray.text(removed.map(\.identifier)), .real(now)]
                ))
        }
        if !rows.isEmpty {
            statements.append(
                (
                    """
                    INSERT INTO activity_items (\(RowDecoder.itemColumns))
                    SELECT a.id, t.sequence, t.identifier, t.title, t.kind, t.quantity, t.flag, t.value_type, t.score,
                        t.max_score
                    FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::integer[], $6::float8[],
                        $7::boolean[], $8::text[], $9::float8[], $10::float8[])
                        AS t(uuid, identifier, title, kind, sequence, quantity, flag, value_type, score, max_score)
                    JOIN activities a ON a.uuid = t.uuid AND a.saved_at = $11
                    ON CONFLICT (activity_id, identifier) DO UPDATE SET title = excluded.title, kind = excluded.kind,
                        sequence = excluded.sequence, quantity = excluded.quantity, flag = excluded.flag,
                        value_type = excluded.value_type, score = excluded.score, max_score = excluded.max_score
                    """,
                    PGArray.columns(rows, count: 10) + [.real(now)]
                ))
        }
        return statements
    }

    /// Appends the events since the last save, numbered from the count already saved; an event
    /// already stored (a replayed save) is left as it is.
    static func events(_ activities: [Activity]) -> (sql: String, values: [SQLValue])? {
        var rows: [[SQLValue]] = []
        for activity in activities {
            for (offset, event) in activity.pendingEvents.enumerated() {
                rows.append([
                    .text(activity.uuid.uuidString.lowercased()), .integer(activity.eventCount + offset),
                    .text(event.kind.rawValue), .real(event.at.timeIntervalSince1970), .real(event.progress),
                    .text(event.outcome?.rawValue),
                ])
            }
        }
        guard !rows.isEmpty else { return nil }
        let sql = """
            INSERT INTO attempt_events (\(RowDecoder.eventColumns))
            SELECT a.id, t.sequence, t.kind, t.at, t.progress, t.outcome
            FROM unnest($1::uuid[], $2::integer[], $3::text[], $4::float8[], $5::float8[], $6::text[])
                AS t(uuid, sequence, kind, at, progress, outcome)
            JOIN activities a ON a.uuid = t.uuid
            ON CONFLICT (activity_id, sequence) DO NOTHING
            """
        return (sql, PGArray.columns(rows, count: 6))
    }
}

/// PostgreSQL array literals (`{"a","b",NULL}`), to send a column of values as one parameter.
package enum PGArray {
    /// One array of texts (or of anything whose text PostgreSQL reads: numbers, UUIDs, Booleans).
    package static func text(_ values: [String?]) -> SQLValue {
        .text("{" + values.map { $0.map(quoted) ?? "NULL" }.joined(separator: ",") + "}")
    }

    /// One array of texts.
    package static func text(_ values: [String]) -> SQLValue { text(values.map(Optional.some)) }

    /// Rows of `count` values turned into `count` arrays, one per column.
    static func columns(_ rows: [[SQLValue]], count: Int) -> [SQLValue] {
        (0..<count).map { column in text(rows.map { $0[column].postgresText }) }
    }

    private static func quoted(_ value: String) -> String {
        "\"" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
