import Foundation
import Tracking

extension TrackingStore {
    /// Every class's assignments, oldest first within a class, classes by name, for grade export.
    /// - Returns: The assignments with their cells.
    /// - Throws: ``TrackingError/corruptRow(_:)`` or an engine error.
    public func gradebook() throws -> [GradebookAssignment] {
        let engine = classroom
        let (rows, ids, attemptChanges, doneTimes, removedBefore) = try engine.transaction(readOnly: true) {
            let assignments = try engine.classList().flatMap { try engine.assignmentRows(classID: $0.id) }  // by name
            return (
                assignments, try rosterSourcedIds(engine), try engine.attemptLastChanges(), try engine.doneMarkTimes(),
                try attemptsRemovedBefore()
            )
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
                        let attempts = row.countedAttempts(at: progress.identifierPath, among: mine)
                        let marked = doneTimes[
                            DoneMark(assignment: row.id, contextID: entry.contextID, student: student)]
                        let last = (attempts.compactMap { attemptChanges[$0.id] } + [marked]).compactMap { $0 }.max()
                        return GradebookCell(
                            progress: progress, attempts: attempts, lastChange: last.map(ISO8601.string(fromEpoch:)))
                    }
                    return GradebookRow(student: student, studentSourcedId: ids.students[student], cells: cells)
                }, attemptsRemovedBefore: row.attemptsRemoved(before: removedBefore))
        }
    }
}
