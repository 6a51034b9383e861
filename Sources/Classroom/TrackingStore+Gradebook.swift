import Foundation
import Tracking

extension TrackingStore {
    /// Every class's assignments, oldest first within a class, classes by name, for grade export.
    /// - Returns: The assignments with their cells.
    /// - Throws: ``TrackingError/corruptRow(_:)`` or a SQLite error.
    public func gradebook() throws -> [GradebookAssignment] {
        let (rows, ids, changes) = try sqlite.transaction(readOnly: true) {
            let engine = classroom
            let assignments = try engine.classList().flatMap { try engine.assignmentRows(classID: $0.id) }  // by name
            return (assignments, try rosterSourcedIds(), try lastChanges())
        }
        let runs = try runsByStudent(rows)
        let now = clock().timeIntervalSince1970
        return rows.map { row in
            GradebookAssignment(
                assignment: row.record, classSourcedId: ids.classes[row.className],
                rows: row.students.map { student in
                    let mine = runs[student] ?? []
                    let cells = zip(row.progress(of: student, runs: mine, now: now), row.activities).map {
                        progress, entry in
                        let attempts = mine.filter {
                            row.linkedAttempts.contains($0.id) && $0.identifierPath == progress.identifierPath
                        }
                        let marked = changes.doneMarks[
                            DoneMarkKey(assignment: row.id, contextID: entry.contextID, student: student)]
                        let last = (attempts.compactMap { changes.attempts[$0.id] } + [marked]).compactMap { $0 }.max()
                        return GradebookCell(
                            progress: progress, attempts: attempts, lastChange: last.map(ISO8601.string(fromEpoch:)))
                    }
                    return GradebookRow(student: student, studentSourcedId: ids.students[student], cells: cells)
                })
        }
    }

    private struct DoneMarkKey: Hashable {
        let assignment: Int64, contextID: Int64, student: String
    }

    /// Each attempt's last change (its last event, else its end, else its start) and each Done mark's time.
    private func lastChanges() throws -> (attempts: [Int64: Double], doneMarks: [DoneMarkKey: Double]) {
        var attempts: [Int64: Double] = [:]
        var marks: [DoneMarkKey: Double] = [:]
        _ = try sqlite.statement(
            """
            SELECT a.id, COALESCE((SELECT MAX(e.at) FROM attempt_events e WHERE e.activity_id = a.id), a.ended_at, a.started_at)
            FROM activities a
            """
        ).query { attempts[$0.int(0)] = $0.double(1) }
        _ = try sqlite.statement("SELECT assignment_id, context_id, student, done_at FROM assignment_done").query {
            row in
            marks[DoneMarkKey(assignment: row.int(0), contextID: row.int(1), student: row.text(2) ?? "")] = row.double(
                3)
        }
        return (attempts, marks)
    }
}
