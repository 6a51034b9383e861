import Tracking

extension SQLiteClassroomEngine {
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
        try loadAssignments("\(AssignmentSQL.assignmentSelect) WHERE s.id = ?", [.integer(id)]).first
    }

    func assignmentRows(classID: Int64) throws -> [AssignmentRow] {
        try loadAssignments("\(AssignmentSQL.assignmentSelect) WHERE s.class_id = ? ORDER BY s.id", [.integer(classID)])
    }

    func assignmentRows(student: String) throws -> [AssignmentRow] {
        let sql = """
            \(AssignmentSQL.assignmentSelect) JOIN class_students cs ON cs.class_id = s.class_id AND cs.student = ?
            WHERE \(AssignmentSQL.isAssignee) ORDER BY s.due_at IS NULL, s.due_at, s.id
            """
        return try loadAssignments(sql, [.text(student)])
    }

    func assignmentIDs(countingAttempt attempt: Int64) throws -> [Int64] {
        try connection.statement(
            "\(AssignmentSQL.linkedAttempts(assignmentsIn: AssignmentSQL.assignments(ofAttempt: "?1"))) AND a.id = ?1 ORDER BY s.id"
        )
        .query([.integer(attempt)]) { $0.int(1) }
    }

    func linkedAttempts(student: String) throws -> Set<Int64> {
        Set(
            try connection.statement(
                "\(AssignmentSQL.linkedAttempts(assignmentsIn: AssignmentSQL.assignments(ofStudent: "?1"))) AND a.student = ?1"
            ).query([.text(student)]) {
                $0.int(0)
            })
    }

    private func loadAssignments(_ sql: String, _ values: [SQLValue]) throws -> [AssignmentRow] {
        let rows = try connection.statement(sql).query(values) { ClassroomRows.assignment($0) }
        return try rows.map(withDetails)
    }

    private func withDetails(_ row: AssignmentRow) throws -> AssignmentRow {
        var row = row
        let id: [SQLValue] = [.integer(row.id)]
        row.students = try connection.statement(
            """
            SELECT cs.student FROM assignments s JOIN class_students cs ON cs.class_id = s.class_id
            WHERE s.id = ? AND \(AssignmentSQL.isAssignee) ORDER BY cs.position
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
            try connection.statement("\(AssignmentSQL.linkedAttempts(assignmentsIn: "?1")) AND s.id = ?1").query(id) {
                $0.int(0)
            })
        row.doneMarks = Set(
            try connection.statement("SELECT student, context_id FROM assignment_done WHERE assignment_id = ?")
                .query(id) { AssignmentRow.DoneKey(student: $0.text(0) ?? "", contextID: $0.int(1)) })
        return row
    }
}
