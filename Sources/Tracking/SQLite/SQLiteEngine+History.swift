import Foundation

extension SQLiteEngine {
    package func histories(of runs: [RunRecord]) throws -> (histories: [AttemptHistory], unreadable: [UnreadableRow]) {
        try connection.transaction(readOnly: true) {
            var reader = RunReader()
            reader.know(runs)
            var ids: [Int64: UUID] = [:]
            _ = try connection.statement("SELECT id, uuid FROM activities").query { row in
                ids[row.int(0)] = row.text(1).flatMap(UUID.init(uuidString:))
            }
            var events: [Int64: [AttemptEvent]] = [:]
            _ = try connection.statement(RunReader.eventsSQL(bounded: false)).query { row in
                if let read = reader.event(row) { events[read.attempt, default: []].append(read.event) }
            }
            let histories = reader.histories(runs, ids: ids, events: events)
            return (histories, reader.unreadable)
        }
    }
}
