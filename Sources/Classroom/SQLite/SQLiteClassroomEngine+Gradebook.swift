import Tracking

extension SQLiteClassroomEngine {
    func attemptLastChanges() throws -> [Int64: Double] {
        var changes: [Int64: Double] = [:]
        _ = try connection.statement(
            """
            SELECT a.id, COALESCE((SELECT MAX(e.at) FROM attempt_events e WHERE e.activity_id = a.id), a.ended_at, a.started_at)
            FROM activities a
            """
        ).query { changes[$0.int(0)] = $0.double(1) }
        return changes
    }

    func doneMarkTimes() throws -> [DoneMark: Double] {
        var times: [DoneMark: Double] = [:]
        _ = try connection.statement("SELECT assignment_id, context_id, student, done_at FROM assignment_done").query {
            row in
            times[DoneMark(assignment: row.int(0), contextID: row.int(1), student: row.text(2) ?? "")] = row.double(3)
        }
        return times
    }
}
