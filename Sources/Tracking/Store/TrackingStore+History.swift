import Foundation

extension TrackingStore {
    /// Saved attempts with their UUIDs and histories, oldest first, for exports.
    /// - Parameters:
    ///   - since: Only attempts started at or after this time; nil for all.
    ///   - students: Only these students' attempts; nil for everyone.
    /// - Returns: The attempts, ordered by start time then id.
    /// - Throws: ``TrackingError/corruptRow(_:)`` or a SQLite error.
    public func attemptHistories(since: Date? = nil, students: Set<String>? = nil) throws -> [AttemptHistory] {
        let cutoff = since.map { ISO8601.string(fromEpoch: $0.timeIntervalSince1970) }
        let runs = try runs().filter { run in
            (cutoff.map { run.startedAt >= $0 } ?? true) && (students.map { $0.contains(run.student) } ?? true)
        }
        // Read after the runs: anything saved in between belongs to runs not in the list, or adds
        // events that happened after the run was read (exported next time).
        return try connection.transaction(readOnly: true) {
            let ids = try uuidsByActivity()
            let events = try eventsByActivity()
            return try runs.reversed().map { run in
                guard let uuid = ids[run.id] else { throw TrackingError.corruptRow("activities.uuid") }
                return AttemptHistory(run: run, uuid: uuid, events: events[run.id] ?? [])
            }
        }
    }

    private func uuidsByActivity() throws -> [Int64: UUID] {
        var ids: [Int64: UUID] = [:]
        _ = try connection.statement("SELECT id, uuid FROM activities").query { row in
            ids[row.int(0)] = row.text(1).flatMap(UUID.init(uuidString:))
        }
        return ids
    }

    private func eventsByActivity() throws -> [Int64: [AttemptEvent]] {
        var grouped: [Int64: [AttemptEvent]] = [:]
        let sql = "SELECT activity_id, sequence, kind, at, progress, outcome FROM attempt_events ORDER BY activity_id, sequence"
        _ = try connection.statement(sql).query { row in
            guard let kind = row.text(2).flatMap(AttemptEvent.Kind.init(rawValue:)) else {
                throw TrackingError.corruptRow("attempt_events.kind")
            }
            let outcome = try row.text(5).map { text in
                guard let outcome = RunOutcome(rawValue: text) else { throw TrackingError.corruptRow("attempt_events.outcome") }
                return outcome
            }
            grouped[row.int(0), default: []].append(AttemptEvent(
                sequence: Int(row.int(1)), kind: kind, at: ISO8601.string(fromEpoch: row.double(3)),
                progress: row.isNull(4) ? nil : row.double(4), outcome: outcome))
        }
        return grouped
    }
}
