import Tracking

/// The PostgreSQL implementation of ``ClassroomEngine``, on the tracking store's own connection.
///
/// The tables are the PostgreSQL schema's `003-classroom` and `004-oneroster` (`Sources/Tracking/PostgreSQL/PGMigrations.swift`).
/// Lists of students and contexts travel as one array parameter each, so adding a roster or an
/// assignment is one statement, not one per student.
struct PostgreSQLClassroomEngine: ClassroomEngine {
    let connection: PGConnection

    func transaction<T>(readOnly: Bool, _ body: () throws -> T) throws -> T {
        try connection.transaction(readOnly: readOnly, body)
    }

    func classID(named name: String) throws -> Int64? {
        try connection.query("SELECT id FROM classes WHERE name = $1", [.text(name)]).rows.first?.int(0)
    }

    func classList() throws -> [(id: Int64, name: String)] {
        try connection.query("SELECT id, name FROM classes ORDER BY name COLLATE \"C\"").map {
            (id: $0.int(0), name: $0.text(1) ?? "")
        }
    }

    func insertClass(named name: String, createdAt: Double) throws -> Int64 {
        let inserted = try connection.query(
            "INSERT INTO classes (name, created_at) VALUES ($1, $2) RETURNING id", [.text(name), .real(createdAt)])
        guard let id = inserted.rows.first?.int(0) else { throw TrackingError.corruptRow("classes.id") }
        return id
    }

    func renameClass(id: Int64, to name: String) throws {
        try connection.query("UPDATE classes SET name = $1 WHERE id = $2", [.text(name), .integer(id)])
    }

    func students(ofClass id: Int64) throws -> [String] {
        try connection.query(
            "SELECT student FROM class_students WHERE class_id = $1 ORDER BY position", [.integer(id)]
        ).map { $0.text(0) ?? "" }
    }

    func addStudents(_ students: [String], toClass id: Int64) throws {
        try connection.query(
            """
            INSERT INTO class_students (class_id, student, position)
            SELECT $1, s.student, (SELECT COALESCE(MAX(position), -1) FROM class_students WHERE class_id = $1) + s.n
            FROM unnest($2::text[]) WITH ORDINALITY AS s(student, n)
            ON CONFLICT DO NOTHING
            """, [.integer(id), PGArray.text(students)])
    }

    func removeStudents(_ students: [String], fromClass id: Int64) throws {
        try connection.query(
            "DELETE FROM class_students WHERE class_id = $1 AND student = ANY($2::text[])",
            [.integer(id), PGArray.text(students)])
    }

    func isOnAnyRoster(_ student: String) throws -> Bool {
        try connection.query("SELECT 1 FROM class_students WHERE student = $1 LIMIT 1", [.text(student)]).count > 0
    }

    func assignmentExists(id: Int64) throws -> Bool {
        try connection.query("SELECT 1 FROM assignments WHERE id = $1", [.integer(id)]).count > 0
    }

    func insertDoneMarks(assignment id: Int64, contextIDs: [Int64], student: String, at time: Double) throws {
        try connection.query(
            """
            INSERT INTO assignment_done (assignment_id, context_id, student, done_at)
            SELECT $1, context_id, $3, $4 FROM unnest($2::bigint[]) AS context_id
            ON CONFLICT DO NOTHING
            """, [.integer(id), PGArray.text(contextIDs.map(String.init)), .text(student), .real(time)])
    }

    func markComplete(assignment id: Int64, at time: Double) throws {
        try connection.query(
            "UPDATE assignments SET completed_at = $1 WHERE id = $2 AND completed_at IS NULL",
            [.real(time), .integer(id)])
    }
}
