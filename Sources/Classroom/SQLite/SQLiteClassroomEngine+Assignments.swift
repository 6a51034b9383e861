import Tracking

extension SQLiteClassroomEngine {
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

    func context(atFullPath path: [String]) throws -> (id: Int64, isAssignable: Bool)? {
        try connection.statement("SELECT id, is_assignable FROM contexts WHERE path = ?")
            .query([.text(try JSON.encode(path))]) { (id: $0.int(0), isAssignable: $0.int(1) != 0) }.first
    }

    func insertAssignment(
        _ draft: AssignmentDraft, classID: Int64, students: [String], contextIDs: [Int64],
        createdAt: Double
    ) throws -> Int64 {
        try connection.statement(
            """
            INSERT INTO assignments (class_id, title, instructions, due_at, whole_class, created_at)
            VALUES (?, ?, ?, ?, ?, ?)
            """
        ).run([
            .integer(classID), .text(draft.title), .text(draft.instructions),
            .real(draft.due?.timeIntervalSince1970), .bool(students.isEmpty), .real(createdAt),
        ])
        let id = connection.lastInsertRowID
        let recipient = try connection.statement(
            "INSERT INTO assignment_recipients (assignment_id, student) VALUES (?, ?)")
        for student in students { try recipient.run([.integer(id), .text(student)]) }
        let activity = try connection.statement(
            "INSERT INTO assignment_activities (assignment_id, context_id, position) VALUES (?, ?, ?)")
        for (position, contextID) in contextIDs.enumerated() {
            try activity.run([.integer(id), .integer(contextID), .integer(position)])
        }
        return id
    }

    func assignmentRow(id: Int64) throws -> AssignmentRow? {
        try loadAssignments("\(Self.assignmentSelect) WHERE s.id = ?", [.integer(id)]).first
    }

    func assignmentRows(classID: Int64) throws -> [AssignmentRow] {
        try loadAssignments("\(Self.assignmentSelect) WHERE s.class_id = ? ORDER BY s.id", [.integer(classID)])
    }

    func assignmentRows(student: String) throws -> [AssignmentRow] {
        let sql = """
            \(Self.assignmentSelect) JOIN class_students cs ON cs.class_id = s.class_id AND cs.student = ?
            WHERE \(Self.isAssigneeSQL) ORDER BY s.due_at IS NULL, s.due_at, s.id
            """
        return try loadAssignments(sql, [.text(student)])
    }

    func assignmentIDs(countingAttempt attempt: Int64) throws -> [Int64] {
        try connection.statement("\(Self.linkedAttemptsSQL) AND a.id = ? ORDER BY s.id")
            .query([.integer(attempt)]) { $0.int(1) }
    }

    func linkedAttempts(student: String) throws -> Set<Int64> {
        Set(
            try connection.statement("\(Self.linkedAttemptsSQL) AND a.student = ?").query([.text(student)]) {
                $0.int(0)
            })
    }

    private func loadAssignments(_ sql: String, _ values: [SQLValue]) throws -> [AssignmentRow] {
        let rows = try connection.statement(sql).query(values) { row in
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
        row.students = try connection.statement(
            """
            SELECT cs.student FROM assignments s JOIN class_students cs ON cs.class_id = s.class_id
            WHERE s.id = ? AND \(Self.isAssigneeSQL) ORDER BY cs.position
            """
        ).query(id) { $0.text(0) ?? "" }
        row.activities = try connection.statement(
            """
            SELECT aa.context_id, c.path, c.title FROM assignment_activities aa JOIN contexts c ON c.id = aa.context_id
            WHERE aa.assignment_id = ? ORDER BY aa.position
            """
        ).query(id) { r in
            let path = try JSON.decode([String].self, from: r.text(1), column: "contexts.path")
            return (r.int(0), AssignedActivity(identifierPath: path, title: r.text(2) ?? ""))
        }
        row.linkedAttempts = Set(
            try connection.statement("\(Self.linkedAttemptsSQL) AND s.id = ?").query(id) { $0.int(0) })
        row.doneMarks = Set(
            try connection.statement("SELECT student, context_id FROM assignment_done WHERE assignment_id = ?")
                .query(id) { AssignmentRow.DoneKey(student: $0.text(0) ?? "", contextID: $0.int(1)) })
        return row
    }
}
