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
        let sql = "SELECT \(RowDecoder.eventColumns) FROM attempt_events ORDER BY activity_id, sequence"
        _ = try connection.statement(sql).query { row in
            grouped[row.int(0), default: []].append(try RowDecoder.event(row))
        }
        return grouped
    }
}
