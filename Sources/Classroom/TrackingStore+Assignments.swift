import Foundation
import Tracking

extension TrackingStore {
    /// Assigns one or more catalog contexts to a class or some of its students (`edujam assign`).
    ///
    /// The catalog is the saved context tree: publish contexts (and ``save()``) first. Everything
    /// is checked before anything is written, in one transaction, so a refused draft changes nothing.
    /// - Parameter draft: The class, students, title, due date, instructions and paths.
    /// - Returns: The new assignment's id.
    /// - Throws: ``TrackingError/blankTitle``, ``TrackingError/titleTooLong(length:)``,
    ///   ``TrackingError/noActivities``, ``TrackingError/invalidName(what:reason:)``,
    ///   ``TrackingError/unknownClass(_:)``, ``TrackingError/unknownStudent(_:className:)``,
    ///   ``TrackingError/unknownPath(_:)``, ``TrackingError/notAssignable(_:)``,
    ///   ``TrackingError/busy(sql:)``.
    @discardableResult
    public func createAssignment(_ draft: AssignmentDraft) throws -> Int64 {
        try Validate.title(draft.title)
        guard !draft.paths.isEmpty else { throw TrackingError.noActivities }
        if let due = draft.due { try Validate.finite(due.timeIntervalSince1970, field: "due") }
        let selected = uniqued(draft.students ?? [])
        try Validate.students(selected)
        return try sqlite.transaction {
            let classID = try requireClassID(named: draft.className)
            let members = Set(try students(ofClass: classID))
            for student in selected where !members.contains(student) {
                throw TrackingError.unknownStudent(student, className: draft.className)
            }
            let contextIDs = try assignableContextIDs(draft.paths)
            try sqlite.statement("""
                INSERT INTO assignments (class_id, title, instructions, due_at, whole_class, created_at)
                VALUES (?, ?, ?, ?, ?, ?)
                """).run([.integer(classID), .text(draft.title), .text(draft.instructions),
                          .real(draft.due?.timeIntervalSince1970), .bool(selected.isEmpty), .real(clock().timeIntervalSince1970)])
            let id = sqlite.lastInsertRowID
            let recipient = try sqlite.statement("INSERT INTO assignment_recipients (assignment_id, student) VALUES (?, ?)")
            for student in selected { try recipient.run([.integer(id), .text(student)]) }
            let activity = try sqlite.statement(
                "INSERT INTO assignment_activities (assignment_id, context_id, position) VALUES (?, ?, ?)")
            for (position, contextID) in contextIDs.enumerated() {
                try activity.run([.integer(id), .integer(contextID), .integer(position)])
            }
            return id
        }
    }

    /// The assignment with this id, or nil.
    /// - Parameter id: An assignment id.
    /// - Returns: The assignment.
    /// - Throws: A SQLite error.
    public func assignment(id: Int64) throws -> Assignment? {
        try sqlite.transaction(readOnly: true) { try assignmentRow(id: id)?.record }
    }

    /// A class's assignments, oldest first.
    /// - Parameter className: An existing class.
    /// - Returns: The assignments.
    /// - Throws: ``TrackingError/unknownClass(_:)`` or a SQLite error.
    public func assignments(className: String) throws -> [Assignment] {
        try sqlite.transaction(readOnly: true) {
            try assignmentRows(classID: try requireClassID(named: className)).map(\.record)
        }
    }

    /// The assignments a saved attempt counts for (`edujam play` says so); empty means practice,
    /// or a launch the game never started.
    /// - Parameter attempt: The attempt's row id (``RunRecord/id``).
    /// - Returns: The assignments, oldest first.
    /// - Throws: A SQLite error.
    public func assignments(countingAttempt attempt: Int64) throws -> [Assignment] {
        try sqlite.transaction(readOnly: true) {
            let ids = try sqlite.statement("\(Self.linkedAttemptsSQL) AND a.id = ? ORDER BY s.id")
                .query([.integer(attempt)]) { $0.int(1) }
            return try uniqued(ids).compactMap { try assignmentRow(id: $0)?.record }
        }
    }

    /// Resolves each path to a saved, assignable context; a repeated path counts once.
    private func assignableContextIDs(_ paths: [[String]]) throws -> [Int64] {
        let lookup = try sqlite.statement("SELECT id, is_assignable FROM contexts WHERE path = ?")
        var ids: [Int64] = []
        for path in paths {
            let full = try JSON.encode([rootIdentifier] + relativePath(path))
            guard let found = try lookup.query([.text(full)], row: { ($0.int(0), $0.int(1) != 0) }).first else {
                throw TrackingError.unknownPath(path)
            }
            guard found.1 else { throw TrackingError.notAssignable(path) }
            if !ids.contains(found.0) { ids.append(found.0) }
        }
        return ids
    }

    /// `values` without repeats, in first-seen order.
    func uniqued<Value: Hashable>(_ values: [Value]) -> [Value] {
        var seen: Set<Value> = []
        return values.filter { seen.insert($0).inserted }
    }
}
