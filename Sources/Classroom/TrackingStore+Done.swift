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
    /// - Throws: ``TrackingError/unknownAssignment(_:)``, ``TrackingError/unknownStudent(_:className:)``,
    ///   ``TrackingError/pathNotInAssignment(_:assignment:)``, ``TrackingError/busy(sql:)``;
    ///   nothing is marked when any of them is thrown.
    public func markDone(assignment id: Int64, student: String, paths: [[String]]? = nil) throws {
        let engine = classroom
        try engine.transaction {
            let row = try engine.requireAssignmentRow(id: id)
            guard row.students.contains(student) else {
                throw TrackingError.unknownStudent(student, className: row.className)
            }
            let targets = try paths.map { try contextIDs(of: $0, in: row) } ?? row.activities.map(\.contextID)
            try engine.insertDoneMarks(
                assignment: id, contextIDs: targets, student: student, at: clock().timeIntervalSince1970)
        }
    }

    /// The teacher marks the whole assignment complete (`edujam done ID`): every activity counts as
    /// done for every assignee. As in Schoolwork this cannot be undone; marking again changes nothing.
    /// - Parameter id: The assignment.
    /// - Throws: ``TrackingError/unknownAssignment(_:)``, ``TrackingError/busy(sql:)``.
    public func markAssignmentComplete(_ id: Int64) throws {
        let engine = classroom
        try engine.transaction {
            guard try engine.assignmentExists(id: id) else { throw TrackingError.unknownAssignment(id) }
            try engine.markComplete(assignment: id, at: clock().timeIntervalSince1970)
        }
    }

    /// The context ids of `paths` inside `row`, in the order given.
    private func contextIDs(of paths: [[String]], in row: AssignmentRow) throws -> [Int64] {
        try paths.map { path in
            let full = [rootIdentifier] + relativePath(path)
            guard let match = row.activities.first(where: { $0.activity.identifierPath == full }) else {
                throw TrackingError.pathNotInAssignment(path, assignment: row.id)
            }
            return match.contextID
        }
    }
}
