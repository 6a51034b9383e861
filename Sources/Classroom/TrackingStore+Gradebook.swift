import Foundation
import Tracking

extension TrackingStore {
    /// Every class's assignments, oldest first within a class, classes by name, for grade export;
    /// or one class's.
    ///
    /// One class's gradebook reads that class's attempts and Done marks only: what it costs grows
    /// with the class, not with the store.
    /// - Parameter className: One class, or nil for every class.
    /// - Returns: The assignments with their cells.
    /// - Throws: ``ClassroomError/unknownClass(_:)``, ``TrackingError/corruptRow(_:)`` or an engine error.
    public func gradebook(className: String? = nil) throws -> [GradebookAssignment] {
        let engine = classroom
        let (rows, ids, attemptChanges, doneTimes, removedBefore) = try engine.transaction(readOnly: true) {
            let classID = try className.map { try engine.requireClassID(named: $0) }
            let classes = try classID.map { [$0] } ?? engine.classList().map(\.id)  // by name
            return (
                try classes.flatMap { try engine.assignmentRows(classID: $0) }, try rosterSourcedIds(engine),
                try engine.attemptLastChanges(classID: classID), try engine.doneMarkTimes(classID: classID),
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
