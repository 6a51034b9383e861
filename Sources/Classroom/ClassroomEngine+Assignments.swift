import Tracking

extension ClassroomEngine {
    /// The saved context at the full identifier path `path`: its id and whether it is assignable.
    func context(atFullPath path: [String]) throws -> (id: Int64, isAssignable: Bool)? {
        try rows("SELECT id, is_assignable FROM contexts WHERE path = ?", [.text(try JSON.encode(path))]) {
            (id: $0.int(0), isAssignable: $0.int(1) != 0)
        }.first
    }

    /// Saves an assignment of `contextIDs` (in that order) to `students`, or to the whole class
    /// when `students` is empty; returns its id.
    func insertAssignment(
        _ draft: AssignmentDraft, classID: Int64, students: [String], contextIDs: [Int64],
        createdAt: Double
    ) throws -> Int64 {
        let id = try insertedID(
            """
            INSERT INTO assignments (class_id, title, instructions, due_at, whole_class, created_at)
            VALUES (?, ?, ?, ?, ?, ?) RETURNING id
            """,
            [
                .integer(classID), .text(draft.title), .text(draft.instructions),
                .real(draft.due?.timeIntervalSince1970), .bool(students.isEmpty), .real(createdAt),
            ], column: "assignments.id")
        let recipients = students.map { student -> (sql: String, values: [SQLValue]) in
            (
                "INSERT INTO assignment_recipients (assignment_id, student) VALUES (?, ?)",
                [.integer(id), .text(student)]
            )
        }
        let activities = contextIDs.enumerated().map { position, contextID -> (sql: String, values: [SQLValue]) in
            (
                "INSERT INTO assignment_activities (assignment_id, context_id, position) VALUES (?, ?, ?)",
                [.integer(id), .integer(contextID), .integer(position)]
            )
        }
        try sql.runAll(recipients + activities)
        return id
    }

    /// The assignment `id` with everything the status rules need, or nil.
    func assignmentRow(id: Int64) throws -> AssignmentRow? {
        try loadAssignments("\(AssignmentSQL.assignmentSelect) WHERE s.id = ?", [.integer(id)]).first
    }

    /// A class's assignments, oldest first.
    func assignmentRows(classID: Int64) throws -> [AssignmentRow] {
        try loadAssignments("\(AssignmentSQL.assignmentSelect) WHERE s.class_id = ? ORDER BY s.id", [.integer(classID)])
    }

    /// The assignments `student` must do, soonest due first, undated last.
    func assignmentRows(student: String) throws -> [AssignmentRow] {
        let query = """
            \(AssignmentSQL.assignmentSelect) JOIN class_students cs ON cs.class_id = s.class_id AND cs.student = ?
            WHERE \(AssignmentSQL.isAssignee) ORDER BY s.due_at IS NULL, s.due_at, s.id
            """
        return try loadAssignments(query, [.text(student)])
    }

    /// The ids of the assignments an attempt counts for, oldest first; an id may repeat.
    func assignmentIDs(countingAttempt attempt: Int64) throws -> [Int64] {
        let scope = AssignmentSQL.assignments(ofAttempt: "?")
        return try rows(
            "\(AssignmentSQL.linkedAttempts(assignmentsIn: scope)) AND a.id = ? ORDER BY s.id",
            [.integer(attempt), .integer(attempt)]
        ) { $0.int(1) }
    }

    /// The ids of `student`'s attempts that count for some assignment.
    func linkedAttempts(student: String) throws -> Set<Int64> {
        let scope = AssignmentSQL.assignments(ofStudent: "?")
        return Set(
            try rows(
                "\(AssignmentSQL.linkedAttempts(assignmentsIn: scope)) AND a.student = ?",
                [.text(student), .text(student)]
            ) { $0.int(0) })
    }

    /// The ids of the attempts linked to assignment `id` under the version rule `versions`.
    private func attemptIDs(linkedTo id: Int64, versions: AssignmentSQL.VersionRule) throws -> Set<Int64> {
        Set(
            try rows(
                "\(AssignmentSQL.linkedAttempts(assignmentsIn: "?", versions: versions)) AND s.id = ?",
                [.integer(id), .integer(id)]
            ) { $0.int(0) })
    }

    private func loadAssignments(_ query: String, _ values: [SQLValue]) throws -> [AssignmentRow] {
        try rows(query, values) { ClassroomRows.assignment($0) }.map(withDetails)
    }

    /// An assignment's students, activities, linked attempts and Done marks.
    private func withDetails(_ row: AssignmentRow) throws -> AssignmentRow {
        var row = row
        let id: [SQLValue] = [.integer(row.id)]
        row.students = try rows(
            """
            SELECT cs.student FROM assignments s JOIN class_students cs ON cs.class_id = s.class_id
            WHERE s.id = ? AND \(AssignmentSQL.isAssignee) ORDER BY cs.position
            """, id
        ) { $0.text(0) ?? "" }
        row.activities = try rows(
            """
            SELECT aa.context_id, c.path, c.title FROM assignment_activities aa JOIN contexts c ON c.id = aa.context_id
            WHERE aa.assignment_id = ? ORDER BY aa.position
            """, id
        ) { r in
            let path = try JSON.decode([String].self, from: r.text(1), column: "contexts.path")
            return (r.int(0), AssignedActivity(identifierPath: path, title: r.text(2) ?? ""))
        }
        row.linkedAttempts = try attemptIDs(linkedTo: row.id, versions: .published)
        row.localCopyAttempts = try attemptIDs(linkedTo: row.id, versions: .localCopy)
        row.retiredAttempts = try attemptIDs(linkedTo: row.id, versions: .retired)
        row.doneMarks = Set(
            try rows("SELECT student, context_id FROM assignment_done WHERE assignment_id = ?", id) {
                AssignmentRow.DoneKey(student: $0.text(0) ?? "", contextID: $0.int(1))
            })
        return row
    }
}
