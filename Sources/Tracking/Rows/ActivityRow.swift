import Foundation

/// The `activities` table (attempts): its columns, the values of an attempt's row from the model
/// or from an outbox snapshot, and how an attempt written again by its UUID updates the row.
enum ActivityRow {
    /// The columns, in the order ``values(_:context:now:)`` and ``values(_:context:)`` give: the
    /// attempt's identity (``identity``), its state, its owner (``RunOwner``), when the state
    /// was taken (`saved_at`) and the game's version (``GameVersionRule``; written again with the
    /// state, which never changes it).
    static let columns = TableColumns(
        "activities",
        [
            "context_id": "bigint", "uuid": "uuid", "student": "text", "created_at": "float8",
            "started_at": "float8", "ended_at": "float8", "outcome": "text", "done_by": "text", "duration": "float8",
            "progress": "float8", "ranges": "text", "primary_item": "text", "was_started": "boolean",
            "owner_host": "text", "owner_pid": "integer", "owner_start": "text", "saved_at": "float8",
            "game_version": "text",
        ])

    /// An attempt's row id looked up by its UUID (one `?`): how a row points at an attempt by its
    /// natural key.
    static let byUUID = "(SELECT id FROM activities WHERE uuid = ?)"

    /// The columns that never change once the attempt is stored: the first four of ``columns``.
    static let identity = Array(columns.names.prefix(4))

    /// `UPDATE` of everything but ``identity`` by row id: its values are ``columns``' without
    /// the first four, then the id.
    static let updateByID = """
        UPDATE activities SET \(columns.names.dropFirst(4).map { "\($0) = ?" }.joined(separator: ", ")) WHERE id = ?
        """

    /// How an attempt written again by its UUID (a replayed save, an outbox delivery) updates the
    /// stored row: only when the stored state is not later (`saved_at`), so a state never goes
    /// back, and has not ended: an ended attempt is final (on a school server it is frozen,
    /// ``PGMigrations/endedAttemptsFrozen``, and updating it would be refused, not skipped), so
    /// the same ended state delivered again, or a save after the end (the keys a game read
    /// after `activity.finish()`), leaves it as it is. Both engines' SQL.
    static let onUUIDConflict = """
        ON CONFLICT (uuid) DO UPDATE SET \(columns.excluded(except: identity))
        WHERE activities.saved_at <= excluded.saved_at AND activities.ended_at IS NULL
        """

    /// The attempt's row at `now`, its context given as `context` (its row id, or what an engine
    /// looks it up by). The attempt lives in this process's memory until it ends: the process
    /// that writes it owns it, also when it continues an attempt restored from an earlier launch.
    static func values(_ a: Activity, context: SQLValue, now: Double) -> [SQLValue] {
        named(a, context: context, now: now).map(\.value)
    }

    /// The snapshot's row, its context given as `context`.
    static func values(_ s: RunSnapshot, context: SQLValue) -> [SQLValue] {
        named(s, context: context).map(\.value)
    }

    /// ``values(_:context:now:)`` with each value's column, in ``columns``' order (a test holds
    /// both lists to it, so a value never lands in its neighbour's column).
    static func named(_ a: Activity, context: SQLValue, now: Double) -> KeyValuePairs<String, SQLValue> {
        let owner = RunOwner.current
        return [
            "context_id": context, "uuid": .text(a.uuid.lowercasedString), "student": .text(a.student),
            "created_at": .real(a.createdAt.timeIntervalSince1970),
            "started_at": .real(a.startedAt.timeIntervalSince1970),
            "ended_at": .real(a.endedAt?.timeIntervalSince1970), "outcome": .text(a.outcome.rawValue),
            "done_by": .text(a.doneBy?.rawValue),
            "duration": .real(a.duration(at: .init(timeIntervalSince1970: now))), "progress": .real(a.progress),
            "ranges": .text(a.ranges.json), "primary_item": .text(a.items.primary?.identifier),
            "was_started": .bool(a.hasStarted), "owner_host": .text(owner.host),
            "owner_pid": .integer(Int64(owner.pid)), "owner_start": .text(owner.start), "saved_at": .real(now),
            "game_version": .text(a.gameVersion),
        ]
    }

    /// ``values(_:context:)`` with each value's column, in ``columns``' order.
    static func named(_ s: RunSnapshot, context: SQLValue) -> KeyValuePairs<String, SQLValue> {
        [
            "context_id": context, "uuid": .text(s.uuid.lowercasedString), "student": .text(s.student),
            "created_at": .real(s.createdAt), "started_at": .real(s.startedAt), "ended_at": .real(s.endedAt),
            "outcome": .text(s.outcome.rawValue), "done_by": .text(s.doneBy?.rawValue), "duration": .real(s.duration),
            "progress": .real(s.progress), "ranges": .text(ProgressRanges(s.ranges).json),
            "primary_item": .text(s.primaryItem), "was_started": .bool(s.hasStarted), "owner_host": .text(s.owner.host),
            "owner_pid": .integer(Int64(s.owner.pid)), "owner_start": .text(s.owner.start),
            "saved_at": .real(s.savedAt), "game_version": .text(s.gameVersion),
        ]
    }

    /// How every reader selects an attempt (the alias `a`): `others` (columns of the tables it
    /// joins, such as its context's `c.path`), its row id, then ``columns``; read by name.
    static func projection(with others: [String] = []) -> Projection {
        Projection(others + ["a.id"] + columns.names.map { "a.\($0)" })
    }

    /// ``projection(with:)`` of the attempt alone, as ``saved(_:)`` reads it.
    private static let savedColumns = projection()

    /// The start of a query ``saved(_:)`` reads.
    static let selectSaved = "SELECT \(savedColumns.list) FROM activities a"

    /// The latest attempt at a context (``selectSaved``), its items and events left out.
    static func saved(_ selected: some SQLRow) throws -> SavedAttempt {
        let row = savedColumns.row(selected)
        guard let uuid = row.text("uuid").flatMap(UUID.init(uuidString:)) else {
            throw TrackingError.corruptRow("activities.uuid")
        }
        guard let outcome = row.text("outcome").flatMap(RunOutcome.init(rawValue:)) else {
            throw TrackingError.corruptRow("activities.outcome")
        }
        let ranges = try RowDecoder.ranges(row.text("ranges"))
        return SavedAttempt(
            rowID: row.int("id"), uuid: uuid, student: row.text("student") ?? "",
            createdAt: Date(timeIntervalSince1970: row.double("created_at")),
            startedAt: Date(timeIntervalSince1970: row.double("started_at")),
            endedAt: row.optionalDouble("ended_at").map(Date.init(timeIntervalSince1970:)), outcome: outcome,
            doneBy: row.text("done_by").flatMap(DoneMarker.init(rawValue:)), hasStarted: row.int("was_started") != 0,
            // Clamped, not refused, as runs() does: versions before the limit could save an infinite duration.
            duration: SafeNumbers.duration(row.double("duration")), ranges: ranges,
            primaryItem: row.text("primary_item"), gameVersion: try RowDecoder.gameVersion(row.text("game_version")),
            items: [], nextEvent: 0)
    }
}
