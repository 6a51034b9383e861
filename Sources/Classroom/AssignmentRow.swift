import Foundation
import Tracking

/// An assignment as stored, with everything the status rules need: its assignees, its contexts,
/// the attempts that count for it and the Done marks. Loaded inside one transaction.
struct AssignmentRow {
    /// A student's Done mark on one assigned context.
    struct DoneKey: Hashable {
        let student: String
        let contextID: Int64
    }

    let id: Int64
    let className: String
    let title: String
    let instructions: String?
    let due: Double?
    let createdAt: Double
    let completedAt: Double?
    let wholeClass: Bool
    var students: [String] = []
    var activities: [(contextID: Int64, activity: AssignedActivity)] = []
    /// Row ids of the attempts that count for this assignment (see ``TrackingStore/linkedAttemptsSQL``).
    var linkedAttempts: Set<Int64> = []
    var doneMarks: Set<DoneKey> = []

    /// The public value.
    var record: Assignment {
        Assignment(
            id: id, className: className, title: title, instructions: instructions,
            due: due.map(ISO8601.string(fromEpoch:)), createdAt: ISO8601.string(fromEpoch: createdAt),
            completedAt: completedAt.map(ISO8601.string(fromEpoch:)), wholeClass: wholeClass,
            students: students, activities: activities.map(\.activity))
    }
}

extension TrackingStore {
    /// SQL condition: class member `cs.student` is an assignee of assignment `s`. The one place
    /// that says who an assignment is for; every query below reuses it.
    static let isAssigneeSQL = """
        (s.whole_class = 1 OR EXISTS (SELECT 1 FROM assignment_recipients r
            WHERE r.assignment_id = s.id AND r.student = cs.student))
        """

    /// The linking rule: an attempt counts for an assignment when its student is an assignee, its
    /// context is an assigned context or a descendant of one (a level of an assigned game), the
    /// game started it, and it started no earlier than the assignment was created. `covered` walks
    /// down the context tree from every assigned context, so each attempt needs one indexed lookup.
    static let linkedAttemptsSQL = """
        WITH RECURSIVE covered(assigned_id, context_id) AS (
            SELECT context_id, context_id FROM assignment_activities
            UNION SELECT covered.assigned_id, c.id FROM covered JOIN contexts c ON c.parent_id = covered.context_id)
        SELECT a.id, s.id FROM assignments s
        JOIN assignment_activities aa ON aa.assignment_id = s.id
        JOIN covered ON covered.assigned_id = aa.context_id
        JOIN activities a ON a.context_id = covered.context_id AND a.was_started = 1 AND a.started_at >= s.created_at
        JOIN class_students cs ON cs.class_id = s.class_id AND cs.student = a.student
        WHERE \(isAssigneeSQL)
        """

    private static let assignmentSelect = """
        SELECT s.id, c.name, s.title, s.instructions, s.due_at, s.created_at, s.completed_at, s.whole_class
        FROM assignments s JOIN classes c ON c.id = s.class_id
        """

    /// The assignment `id` with its details, or nil. Call inside a transaction.
    func assignmentRow(id: Int64) throws -> AssignmentRow? {
        try loadAssignments("\(Self.assignmentSelect) WHERE s.id = ?", [.integer(id)]).first
    }

    /// The assignment `id` with its details. Call inside a transaction.
    /// - Throws: ``TrackingError/unknownAssignment(_:)``.
    func requireAssignmentRow(id: Int64) throws -> AssignmentRow {
        guard let row = try assignmentRow(id: id) else { throw TrackingError.unknownAssignment(id) }
        return row
    }

    /// A class's assignments, oldest first. Call inside a transaction.
    func assignmentRows(classID: Int64) throws -> [AssignmentRow] {
        try loadAssignments("\(Self.assignmentSelect) WHERE s.class_id = ? ORDER BY s.id", [.integer(classID)])
    }

    /// The assignments `student` must do, soonest due first, undated last. Call inside a transaction.
    func assignmentRows(student: String) throws -> [AssignmentRow] {
        let sql = """
            \(Self.assignmentSelect) JOIN class_students cs ON cs.class_id = s.class_id AND cs.student = ?
            WHERE \(Self.isAssigneeSQL) ORDER BY s.due_at IS NULL, s.due_at, s.id
            """
        return try loadAssignments(sql, [.text(student)])
    }

    private func loadAssignments(_ sql: String, _ values: [SQLValue]) throws -> [AssignmentRow] {
        let rows = try sqlite.statement(sql).query(values) { row in
            AssignmentRow(
                id: row.int(0), className: row.text(1) ?? "", title: row.text(2) ?? "", instructions: row.text(3),
                due: row.optionalDouble(4), createdAt: row.double(5), completedAt: row.optionalDouble(6),
                wholeClass: row.int(7) != 0)
        }
        return try rows.map(withDetails)
    }

    private func withDetails(_ row: AssignmentRow) throws -> AssignmentRow {
        var row = row
        let id: [SQLValue] = [.integer(row.id)]
        row.students = try sqlite.statement("""
            SELECT cs.student FROM assignments s JOIN class_students cs ON cs.class_id = s.class_id
            WHERE s.id = ? AND \(Self.isAssigneeSQL) ORDER BY cs.position
            """).query(id) { $0.text(0) ?? "" }
        row.activities = try sqlite.statement("""
            SELECT aa.context_id, c.path, c.title FROM assignment_activities aa JOIN contexts c ON c.id = aa.context_id
            WHERE aa.assignment_id = ? ORDER BY aa.position
            """).query(id) { r in
                let path = try JSON.decode([String].self, from: r.text(1), column: "contexts.path")
                return (r.int(0), AssignedActivity(identifierPath: path, title: r.text(2) ?? ""))
            }
        row.linkedAttempts = Set(try sqlite.statement("\(Self.linkedAttemptsSQL) AND s.id = ?").query(id) { $0.int(0) })
        row.doneMarks = Set(try sqlite.statement("SELECT student, context_id FROM assignment_done WHERE assignment_id = ?")
            .query(id) { AssignmentRow.DoneKey(student: $0.text(0) ?? "", contextID: $0.int(1)) })
        return row
    }
}
