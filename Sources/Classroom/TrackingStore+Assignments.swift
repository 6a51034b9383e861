import Foundation
import Tracking

extension TrackingStore {
    /// Assigns one or more catalog contexts to a class or some of its students (`edujam assign`).
    ///
    /// The catalog is the saved context tree: publish contexts (and ``save()``) first. Everything
    /// is checked before anything is written, in one transaction, so a refused draft changes nothing.
    /// - Parameter draft: The class, students, title, due date, instructions and paths.
    /// - Returns: The new assignment's id.
    /// - Throws: ``TrackingError/blankTitle``, ``TrackingError/tooLong(_:)``,
    ///   ``ClassroomError/noActivities``, ``TrackingError/invalidName(what:reason:)``,
    ///   ``ClassroomError/unknownClass(_:)``, ``ClassroomError/unknownStudent(_:className:)``,
    ///   ``ClassroomError/unknownPath(_:)``, ``ClassroomError/notAssignable(_:)``,
    ///   ``TrackingError/busy(sql:)``.
    @discardableResult
    public func createAssignment(_ draft: AssignmentDraft) throws -> Int64 {
        try Validate.title(draft.title)
        guard !draft.paths.isEmpty else { throw ClassroomError.noActivities }
        if let due = draft.due { try Validate.finite(due.timeIntervalSince1970, field: "due") }
        let selected = uniqued(draft.students ?? [])
        try Validate.students(selected)
        let engine = classroom
        return try engine.transaction {
            let classID = try engine.requireClassID(named: draft.className)
            let members = Set(try engine.students(ofClass: classID))
            for student in selected where !members.contains(student) {
                throw ClassroomError.unknownStudent(student, className: draft.className)
            }
            let contextIDs = try assignableContextIDs(draft.paths, engine)
            return try engine.insertAssignment(
                draft, classID: classID, students: selected, contextIDs: contextIDs,
                createdAt: clock().timeIntervalSince1970)
        }
    }

    /// The assignment with this id, or nil.
    /// - Parameter id: An assignment id.
    /// - Returns: The assignment.
    /// - Throws: An engine error.
    public func assignment(id: Int64) throws -> Assignment? {
        let engine = classroom
        return try engine.transaction(readOnly: true) { try engine.assignmentRow(id: id)?.record }
    }

    /// A class's assignments, oldest first.
    /// - Parameter className: An existing class.
    /// - Returns: The assignments.
    /// - Throws: ``ClassroomError/unknownClass(_:)`` or an engine error.
    public func assignments(className: String) throws -> [Assignment] {
        let engine = classroom
        return try engine.transaction(readOnly: true) {
            try engine.assignmentRows(classID: try engine.requireClassID(named: className)).map(\.record)
        }
    }

    /// The assignments a saved attempt counts for (`edujam play` says so); empty means practice,
    /// or a launch the game never started.
    /// - Parameter attempt: The attempt's row id (``RunRecord/id``).
    /// - Returns: The assignments, oldest first.
    /// - Throws: An engine error.
    public func assignments(countingAttempt attempt: Int64) throws -> [Assignment] {
        let engine = classroom
        return try engine.transaction(readOnly: true) {
            try uniqued(engine.assignmentIDs(countingAttempt: attempt)).compactMap {
                try engine.assignmentRow(id: $0)?.record
            }
        }
    }

    /// Resolves each path to a saved, assignable context; a repeated path counts once.
    private func assignableContextIDs(_ paths: [[String]], _ engine: ClassroomEngine) throws -> [Int64] {
        var ids: [Int64] = []
        for path in paths {
            guard let found = try engine.context(atFullPath: [rootIdentifier] + relativePath(path)) else {
                throw ClassroomError.unknownPath(path)
            }
            guard found.isAssignable else { throw ClassroomError.notAssignable(path) }
            if !ids.contains(found.id) { ids.append(found.id) }
        }
        return ids
    }

    /// `values` without repeats, in first-seen order.
    func uniqued<Value: Hashable>(_ values: [Value]) -> [Value] {
        var seen: Set<Value> = []
        return values.filter { seen.insert($0).inserted }
    }
}
