import Foundation

extension SQLiteEngine {
    package func histories(of runs: [RunRecord]) throws -> [AttemptHistory] {
        try connection.transaction(readOnly: true) {
            let ids = try uuidsByActivity()
            let events = try eventsByActivity()
            return try runs.map { run in
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
        let sql =
            "SELECT activity_id, sequence, kind, at, progress, outcome FROM attempt_events ORDER BY activity_id, sequence"
        _ = try connection.statement(sql).query { row in
            guard let kind = row.text(2).flatMap(AttemptEvent.Kind.init(rawValue:)) else {
                throw TrackingError.corruptRow("attempt_events.kind")
            }
            let outcome = try row.text(5).map { text in
                guard let outcome = RunOutcome(rawValue: text) else {
                    throw TrackingError.corruptRow("attempt_events.outcome")
                }
                return outcome
            }
            grouped[row.int(0), default: []].append(
                AttemptEvent(
                    sequence: Int(row.int(1)), kind: kind, at: ISO8601.string(fromEpoch: row.double(3)),
                    progress: row.isNull(4) ? nil : row.double(4), outcome: outcome))
        }
        return grouped
    }
}
