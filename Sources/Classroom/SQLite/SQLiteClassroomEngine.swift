import Tracking

/// The SQLite implementation of ``ClassroomEngine``, on the tracking store's own connection.
///
/// The tables are the store's migrations `005-classes`, `006-assignments` and `010-oneroster` (Tracking's one
/// ordered schema history, `Sources/Tracking/SQLite/Migrations.swift`: a store file records the
/// position of every migration it applied, so the list cannot be split per module).
struct SQLiteClassroomEngine: ClassroomEngine {
    let connection: Connection

    func transaction<T>(readOnly: Bool, _ body: () throws -> T) throws -> T {
        try connection.transaction(readOnly: readOnly, body)
    }

    func classID(named name: String) throws -> Int64? {
        try connection.statement("SELECT id FROM classes WHERE name = ?").query([.text(name)]) { $0.int(0) }.first
    }

    func classList() throws -> [(id: Int64, name: String)] {
        try connection.statement("SELECT id, name FROM classes ORDER BY name").query {
            (id: $0.int(0), name: $0.text(1) ?? "")
        }
    }

    func insertClass(named name: String, createdAt: Double) throws -> Int64 {
        try connection.statement("INSERT INTO classes (name, created_at) VALUES (?, ?)").run([
            .text(name), .real(createdAt),
        ])
        return connection.lastInsertRowID
    }

    func renameClass(id: Int64, to name: String) throws {
        try connection.statement("UPDATE classes SET name = ? WHERE id = ?").run([.text(name), .integer(id)])
    }

    func students(ofClass id: Int64) throws -> [String] {
        try connection.statement("SELECT student FROM class_students WHERE class_id = ? ORDER BY position")
            .query([.integer(id)]) { $0.text(0) ?? "" }
    }

    func addStudents(_ students: [String], toClass id: Int64) throws {
        let insert = try connection.statement(
            """
            INSERT OR IGNORE INTO class_students (class_id, student, position)
            VALUES (?1, ?2, (SELECT COALESCE(MAX(position), -1) + 1 FROM class_students WHERE class_id = ?1))
            """)
        for student in students { try insert.run([.integer(id), .text(student)]) }
    }

    func removeStudents(_ students: [String], fromClass id: Int64) throws {
        let delete = try connection.statement("DELETE FROM class_students WHERE class_id = ? AND student = ?")
        for student in students { try delete.run([.integer(id), .text(student)]) }
    }

    func isOnAnyRoster(_ student: String) throws -> Bool {
        try !connection.statement("SELECT 1 FROM class_students WHERE student = ? LIMIT 1").query([.text(student)]) {
            _ in true
        }
        .isEmpty
    }

    func assignmentExists(id: Int64) throws -> Bool {
        try !connection.statement("SELECT 1 FROM assignments WHERE id = ?").query([.integer(id)]) { _ in true }.isEmpty
    }

    func insertDoneMarks(assignment id: Int64, contextIDs: [Int64], student: String, at time: Double) throws {
        let insert = try connection.statement(
            """
            INSERT OR IGNORE INTO assignment_done (assignment_id, context_id, student, done_at) VALUES (?, ?, ?, ?)
            """)
        for contextID in contextIDs {
            try insert.run([.integer(id), .integer(contextID), .text(student), .real(time)])
        }
    }

    func markComplete(assignment id: Int64, at time: Double) throws {
        try connection.statement("UPDATE assignments SET completed_at = ? WHERE id = ? AND completed_at IS NULL")
            .run([.real(time), .integer(id)])
    }

    // A SQLite store has no logins: whoever can open the file is trusted (`docs/classroom.md`).

    func identity() throws -> StoreIdentity { .anyone }

    func login(ofStudent student: String) throws -> String? { nil }

    func student(ofLogin login: String) throws -> String? { nil }

    func mapLogin(_ login: String, toStudent student: String) throws { throw IdentityError.noLogins }

    func createStudentLogin(_ login: String) throws -> Bool { throw IdentityError.noLogins }

    func schoolRole(ofLogin login: String) throws -> SchoolRole? { throw IdentityError.noLogins }

    func createTeacherLogin(_ login: String) throws -> Bool { throw IdentityError.noLogins }

    func owner(ofClass id: Int64) throws -> String? { nil }

    func setOwner(_ login: String, ofClass id: Int64) throws { throw IdentityError.noLogins }

    func remapLogin(_ login: String, ofStudent student: String) throws { throw IdentityError.noLogins }
}
