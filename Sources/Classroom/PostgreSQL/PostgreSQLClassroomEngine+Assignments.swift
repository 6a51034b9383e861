import Tracking

extension PostgreSQLClassroomEngine {
    func context(atFullPath path: [String]) throws -> (id: Int64, isAssignable: Bool)? {
        try connection.query("SELECT id, is_assignable FROM contexts WHERE path = $1", [.text(try JSON.encode(path))])
            .rows.first.map { (id: $0.int(0), isAssignable: $0.int(1) != 0) }
    }

    func insertAssignment(
        _ draft: AssignmentDraft, classID: Int64, students: [String], contextIDs: [Int64],
        createdAt: Double
    ) throws -> Int64 {
        let results = try connection.pipeline([
            (
                """
                INSERT INTO assignments (class_id, title, instructions, due_at, whole_class, created_at)
                VALUES ($1, $2, $3, $4, $5, $6) RETURNING id
                """,
                [
                    .integer(classID), .text(draft.title), .text(draft.instructions),
                    .real(draft.due?.timeIntervalSince1970), .bool(students.isEmpty), .real(createdAt),
                ]
            ),
            (
                """
                INSERT INTO assignment_recipients (assignment_id, student)
                SELECT currval(pg_get_serial_sequence('assignments', 'id')), student FROM unnest($1::text[]) AS student
                """,
                [PGArray.text(students)]
            ),
            (
                """
                INSERT INTO assignment_activities (assignment_id, context_id, position)
                SELECT currval(pg_get_serial_sequence('assignments', 'id')), a.context_id, a.n - 1
                FROM unnest($1::bigint[]) WITH ORDINALITY AS a(context_id, n)
                """,
                [PGArray.text(contextIDs.map(String.init))]
            ),
        ])
        guard let id = results[0].rows.first?.int(0) else { throw TrackingError.corruptRow("assignments.id") }
        return id
    }

    func assignmentRow(id: Int64) throws -> AssignmentRow? {
        try loadAssignments("\(AssignmentSQL.assignmentSelect) WHERE s.id = $1", [.integer(id)]).first
    }

    func assignmentRows(classID: Int64) throws -> [AssignmentRow] {
        try loadAssignments(
            "\(AssignmentSQL.assignmentSelect) WHERE s.class_id = $1 ORDER BY s.id", [.integer(classID)])
    }

    func assignmentRows(student: String) throws -> [AssignmentRow] {
        let sql = """
            \(AssignmentSQL.assignmentSelect) JOIN class_students cs ON cs.class_id = s.class_id AND cs.student = $1
            WHERE \(AssignmentSQL.isAssignee) ORDER BY s.due_at IS NULL, s.due_at, s.id
            """
        return try loadAssignments(sql, [.text(student)])
    }

    func assignmentIDs(countingAttempt attempt: Int64) throws -> [Int64] {
        try connection.query(
            "\(AssignmentSQL.linkedAttempts(assignmentsIn: AssignmentSQL.assignments(ofAttempt: "$1"))) AND a.id = $1 ORDER BY s.id",
            [.integer(attempt)]
        ).map {
            $0.int(1)
        }
    }

    func linkedAttempts(student: String) throws -> Set<Int64> {
        Set(
            try connection.query(
                "\(AssignmentSQL.linkedAttempts(assignmentsIn: AssignmentSQL.assignments(ofStudent: "$1"))) AND a.student = $1",
                [.text(student)]
            ).map {
                $0.int(0)
            })
    }

    private func loadAssignments(_ sql: String, _ values: [SQLValue]) throws -> [AssignmentRow] {
        let rows = try connection.query(sql, values).map { ClassroomRows.assignment($0) }
        return try rows.map(withDetails)
    }

    /// An assignment's students, activities, linked attempts and Done marks: one round trip.
    private func withDetails(_ row: AssignmentRow) throws -> AssignmentRow {
        var row = row
        let id: [SQLValue] = [.integer(row.id)]
        let results = try connection.pipeline([
            (
                """
                SELECT cs.student FROM assignments s JOIN class_students cs ON cs.class_id = s.class_id
                WHERE s.id = $1 AND \(AssignmentSQL.isAssignee) ORDER BY cs.position
                """, id
            ),
            (
                """
                SELECT aa.context_id, c.path, c.title FROM assignment_activities aa
                JOIN contexts c ON c.id = aa.context_id WHERE aa.assignment_id = $1 ORDER BY aa.position
                """, id
            ),
            ("\(AssignmentSQL.linkedAttempts(assignmentsIn: "$1")) AND s.id = $1", id),
            ("SELECT student, context_id FROM assignment_done WHERE assignment_id = $1", id),
        ])
        row.students = results[0].map { $0.text(0) ?? "" }
        row.activities = try results[1].map { r in
            let path = try JSON.decode([String].self, from: r.text(1), column: "contexts.path")
            return (r.int(0), AssignedActivity(identifierPath: path, title: r.text(2) ?? ""))
        }
        row.linkedAttempts = Set(results[2].map { $0.int(0) })
        row.doneMarks = Set(results[3].map { AssignmentRow.DoneKey(student: $0.text(0) ?? "", contextID: $0.int(1)) })
        return row
    }
}
