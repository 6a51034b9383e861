import Foundation
import Tracking

extension TrackingStore {
    /// The student marks activities of an assignment done (`edujam done ID --student S [PATH...]`).
    ///
    /// Done is separate from progress, as in Schoolwork: it needs no attempt, and progress 1 does
    /// not imply it. Marking twice keeps the first time.
    /// - Parameters:
    ///   - id: The assignment.
    ///   - student: One of its assignees.
    ///   - paths: Some of its activity paths (with or without the root identifier), or nil for all.
    /// - Throws: ``ClassroomError/unknownAssignment(_:)``, ``ClassroomError/unknownStudent(_:className:)``,
    ///   ``ClassroomError/pathNotInAssignment(_:assignment:)``, ``TrackingError/busy(sql:)``;
    ///   nothing is marked when any of them is thrown.
    public func markDone(assignment id: Int64, student: String, paths: [[String]]? = nil) throws {
        let engine = classroom
        try engine.transaction {
            let row = try engine.requireAssignmentRow(id: id)
            guard row.students.contains(student) else {
                throw ClassroomError.unknownStudent(student, className: row.className)
            }
            let targets = try paths.map { try contextIDs(of: $0, in: row) } ?? row.activities.map(\.contextID)
            try engine.insertDoneMarks(
                assignment: id, contextIDs: targets, student: student, at: clock().timeIntervalSince1970)
        }
    }

    /// The teacher marks the whole assignment complete (`edujam done ID`): every activity counts as
    /// done for every assignee. As in Schoolwork this cannot be undone; marking again changes nothing.
    /// - Parameter id: The assignment.
    /// - Throws: ``ClassroomError/unknownAssignment(_:)``, ``TrackingError/busy(sql:)``.
    public func markAssignmentComplete(_ id: Int64) throws {
        let engine = classroom
        try engine.transaction {
            guard try engine.assignmentExists(id: id) else { throw ClassroomError.unknownAssignment(id) }
            try engine.markComplete(assignment: id, at: clock().timeIntervalSince1970)
        }
    }

    /// Marks done, for `student`, every assigned activity at `identifierPath` (ClassKit's
    /// `completeAllAssignedActivities(matching:)`), for an app whose task has a hard end (a timed
    /// quiz, a submit button). It needs no attempt, live or saved.
    ///
    /// Only assigned work is marked: each assignment of the student that is not complete and holds
    /// exactly this context, as ClassKit affects only the last context of the path (an assignment
    /// of the whole game is not done because one level is). Practice is never done. The mark
    /// belongs to the assignment: it stays when the student plays again (the teacher sees the
    /// newer results). Marking twice keeps the first time.
    /// - Parameters:
    ///   - identifierPath: The context's path, with or without the root identifier first.
    ///   - student: The student.
    /// - Returns: The ids of the assignments in which the activity is now done for the student,
    ///   oldest first; empty when nothing assigned to them holds it.
    /// - Throws: ``TrackingError/busy(sql:)`` or another engine error; nothing is marked then.
    @discardableResult
    public func completeAllAssignedActivities(matching identifierPath: [String], student: String) throws -> [Int64] {
        let full = [rootIdentifier] + relativePath(identifierPath)
        let now = clock().timeIntervalSince1970
        let engine = classroom
        return try engine.transaction {
            var marked: [Int64] = []
            for row in try engine.assignmentRows(student: student) where row.completedAt == nil {
                let targets = row.activities.filter { $0.activity.identifierPath == full }.map(\.contextID)
                guard !targets.isEmpty else { continue }
                try engine.insertDoneMarks(assignment: row.id, contextIDs: targets, student: student, at: now)
                marked.append(row.id)
            }
            return marked.sorted()
        }
    }

    /// The context ids of `paths` inside `row`, in the order given.
    private func contextIDs(of paths: [[String]], in row: AssignmentRow) throws -> [Int64] {
        try paths.map { path in
            let full = [rootIdentifier] + relativePath(path)
            guard let match = row.activities.first(where: { $0.activity.identifierPath == full }) else {
                throw ClassroomError.pathNotInAssignment(path, assignment: row.id)
            }
            return match.contextID
        }
    }
}
