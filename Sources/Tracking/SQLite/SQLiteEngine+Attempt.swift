import Foundation

extension SQLiteEngine {
    /// One indexed look-up (`activities_context`) and the attempt's items; see
    /// ``StoreEngine/latestAttempt(contextID:student:)``.
    package func latestAttempt(contextID: Int64, student: String?) throws -> SavedAttempt? {
        try connection.transaction(readOnly: true) {
            let filter = student == nil ? "" : "AND student = ?"
            let sql = """
                SELECT id, uuid, student, created_at, started_at, ended_at, outcome, done_by, was_started, duration,
                    ranges, primary_item
                FROM activities WHERE context_id = ? \(filter) ORDER BY created_at DESC, id DESC LIMIT 1
                """
            let values: [SQLValue] = [.integer(contextID)] + (student.map { [.text($0)] } ?? [])
            guard var attempt = try connection.statement(sql).query(values, row: savedAttempt).first else { return nil }
            attempt.items = try items(ofAttempt: attempt.rowID)
            attempt.nextEvent = try nextEvent(ofAttempt: attempt.rowID)
            return attempt
        }
    }

    private func savedAttempt(_ row: Statement) throws -> SavedAttempt {
        guard let uuid = row.text(1).flatMap(UUID.init(uuidString:)) else {
            throw TrackingError.corruptRow("activities.uuid")
        }
        guard let outcome = row.text(6).flatMap(RunOutcome.init(rawValue:)) else {
            throw TrackingError.corruptRow("activities.outcome")
        }
        let ranges = try JSON.decode([[Double]].self, from: row.text(10), column: "activities.ranges").map { pair in
            guard pair.count == 2, pair[0].isFinite, pair[1].isFinite, 0 <= pair[0], pair[0] <= pair[1], pair[1] <= 1
            else { throw TrackingError.corruptRow("activities.ranges") }
            return pair[0]...pair[1]
        }
        return SavedAttempt(
            rowID: row.int(0), uuid: uuid, student: row.text(2) ?? "",
            createdAt: Date(timeIntervalSince1970: row.double(3)),
            startedAt: Date(timeIntervalSince1970: row.double(4)),
            endedAt: row.optionalDouble(5).map(Date.init(timeIntervalSince1970:)), outcome: outcome,
            doneBy: row.text(7).flatMap(DoneMarker.init(rawValue:)), hasStarted: row.int(8) != 0,
            // Clamped, not refused, as runs() does: versions before the limit could save an infinite duration.
            duration: SafeNumbers.duration(row.double(9)), ranges: ranges, primaryItem: row.text(11), items: [],
            nextEvent: 0)
    }

    private func items(ofAttempt id: Int64) throws -> [(item: ActivityItem, sequence: Int64)] {
        let sql = """
            SELECT activity_id, sequence, identifier, title, kind, quantity, flag, value_type, score, max_score
            FROM activity_items WHERE activity_id = ? ORDER BY sequence
            """
        return try connection.statement(sql).query([.integer(id)]) { row in (try activityItem(row), row.int(1)) }
    }

    private func nextEvent(ofAttempt id: Int64) throws -> Int {
        let sql = "SELECT COALESCE(MAX(sequence) + 1, 0) FROM attempt_events WHERE activity_id = ?"
        return Int(try connection.statement(sql).query([.integer(id)]) { $0.int(0) }.first ?? 0)
    }
}
