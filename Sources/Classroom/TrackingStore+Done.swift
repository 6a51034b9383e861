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
        try sqlite.transaction {
            let row = try requireAssignmentRow(id: id)
            guard row.students.contains(student) else {
                throw TrackingError.unknownStudent(student, className: row.className)
            }
            let targets = try paths.map { try contextIDs(of: $0, in: row) } ?? row.activities.map(\.contextID)
            let insert = try sqlite.statement("""
                INSERT OR IGNORE INTO assignment_done (assignment_id, context_id, student, done_at) VALUES (?, ?, ?, ?)
                """)
            let now = clock().timeIntervalSince1970
            for contextID in targets { try insert.run([.integer(id), .integer(contextID), .text(student), .real(now)]) }
        }
    }

    /// The teacher marks the whole assignment complete (`edujam done ID`): every activity counts as
    /// done for every assignee. As in Schoolwork this cannot be undone; marking again changes nothing.
    /// - Parameter id: The assignment.
    /// - Throws: ``TrackingError/unknownAssignment(_:)``, ``TrackingError/busy(sql:)``.
    public func markAssignmentComplete(_ id: Int64) throws {
        try sqlite.transaction {
            let exists = try sqlite.statement("SELECT 1 FROM assignments WHERE id = ?").query([.integer(id)]) { _ in true }
            guard !exists.isEmpty else { throw TrackingError.unknownAssignment(id) }
            try sqlite.statement("UPDATE assignments SET completed_at = ? WHERE id = ? AND completed_at IS NULL")
                .run([.real(clock().timeIntervalSince1970), .integer(id)])
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
