import Tracking

/// What the classroom rules need from the database: rows of classes, rosters, assignments and
/// Done marks, the linking rule that says which attempts count for which assignment, what a
/// OneRoster import recorded, and the times a grade export reports.
///
/// The rules themselves (who may be marked done, what is refused before anything is written, the
/// status of each activity, what a roster sync creates, renames, enrolls or marks as left, what a
/// gradebook cell holds) live in the `TrackingStore+*.swift` files of this module and never see
/// SQL. Each query here is written once, with `?` parameters, and runs on the store's own
/// database (``StoreSQL``, from ``TrackingStore/classroom``), so the classroom tables change in
/// the same transaction as the rest of the store. What the engines do not share, logins, is
/// behind ``SchoolLogins``. Every method but ``transaction(readOnly:_:)`` is called inside a
/// transaction.
struct ClassroomEngine {
    /// The store's database.
    let sql: any StoreSQL
    /// The store's logins: none on SQLite.
    let logins: any SchoolLogins

    /// Runs `body` atomically: everything it writes, or nothing when it throws.
    /// - Parameters:
    ///   - readOnly: Whether `body` only reads (one consistent snapshot).
    ///   - body: The work.
    /// - Returns: What `body` returns.
    /// - Throws: The first error thrown by `body` or by the commit.
    func transaction<T>(readOnly: Bool = false, _ body: () throws -> T) throws -> T {
        try sql.inTransaction(readOnly: readOnly, body)
    }

    /// Every row of `query`, each read by `row`.
    func rows<T>(_ query: String, _ values: [SQLValue] = [], row: (any SQLRow) throws -> T) throws -> [T] {
        try sql.query(query, values, row: row)
    }

    /// Whether `query` returns any row.
    func exists(_ query: String, _ values: [SQLValue]) throws -> Bool {
        try !rows(query, values) { _ in true }.isEmpty
    }

    /// The id of the row `insert` (ending in `RETURNING id`) adds.
    /// - Throws: ``TrackingError/corruptRow(_:)`` naming `column` when no id comes back.
    func insertedID(_ insert: String, _ values: [SQLValue], column: String) throws -> Int64 {
        guard let id = try rows(insert, values, row: { $0.int(0) }).first else {
            throw TrackingError.corruptRow(column)
        }
        return id
    }

    // MARK: Classes and rosters

    /// The id of the class `name`, or nil.
    func classID(named name: String) throws -> Int64? {
        try rows("SELECT id FROM classes WHERE name = ?", [.text(name)]) { $0.int(0) }.first
    }

    /// Every class's id and name, ordered by name as bytes (both engines' order, said once here).
    func classList() throws -> [(id: Int64, name: String)] {
        try rows("SELECT id, name FROM classes") { (id: $0.int(0), name: $0.text(1) ?? "") }
            .sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
    }

    /// Adds an empty class; returns its id.
    @discardableResult
    func insertClass(named name: String, createdAt: Double) throws -> Int64 {
        try insertedID(
            "INSERT INTO classes (name, created_at) VALUES (?, ?) RETURNING id", [.text(name), .real(createdAt)],
            column: "classes.id")
    }

    /// Gives the class `id` a new name.
    func renameClass(id: Int64, to name: String) throws {
        try sql.run("UPDATE classes SET name = ? WHERE id = ?", [.text(name), .integer(id)])
    }

    /// The students of a class, in the order they joined.
    func students(ofClass id: Int64) throws -> [String] {
        try rows("SELECT student FROM class_students WHERE class_id = ? ORDER BY position", [.integer(id)]) {
            $0.text(0) ?? ""
        }
    }

    /// Appends students to a roster; one already on it keeps their place.
    func addStudents(_ students: [String], toClass id: Int64) throws {
        let insert = """
            INSERT INTO class_students (class_id, student, position)
            VALUES (?, ?, (SELECT COALESCE(MAX(position), -1) + 1 FROM class_students WHERE class_id = ?))
            ON CONFLICT DO NOTHING
            """
        try sql.runAll(students.map { (insert, [.integer(id), .text($0), .integer(id)]) })
    }

    /// Takes students off a roster; nothing else about them changes.
    func removeStudents(_ students: [String], fromClass id: Int64) throws {
        for student in students {
            try sql.run(
                "DELETE FROM class_students WHERE class_id = ? AND student = ?", [.integer(id), .text(student)])
        }
    }

    /// Whether `student` is on any class's roster.
    func isOnAnyRoster(_ student: String) throws -> Bool {
        try exists("SELECT 1 FROM class_students WHERE student = ? LIMIT 1", [.text(student)])
    }

    // MARK: Done

    /// Whether an assignment has this id.
    func assignmentExists(id: Int64) throws -> Bool {
        try exists("SELECT 1 FROM assignments WHERE id = ?", [.integer(id)])
    }

    /// Records `student`'s Done marks; a context already marked keeps its first time.
    func insertDoneMarks(assignment id: Int64, contextIDs: [Int64], student: String, at time: Double) throws {
        let insert = """
            INSERT INTO assignment_done (assignment_id, context_id, student, done_at) VALUES (?, ?, ?, ?)
            ON CONFLICT DO NOTHING
            """
        try sql.runAll(contextIDs.map { (insert, [.integer(id), .integer($0), .text(student), .real(time)]) })
    }

    /// Marks the assignment complete, unless it already is (the first time stays).
    func markComplete(assignment id: Int64, at time: Double) throws {
        try sql.run(
            "UPDATE assignments SET completed_at = ? WHERE id = ? AND completed_at IS NULL",
            [.real(time), .integer(id)])
    }

    /// The id of the class `name`.
    /// - Throws: ``ClassroomError/unknownClass(_:)``.
    func requireClassID(named name: String) throws -> Int64 {
        guard let id = try classID(named: name) else { throw ClassroomError.unknownClass(name) }
        return id
    }

    /// The assignment `id` with its details.
    /// - Throws: ``ClassroomError/unknownAssignment(_:)``.
    func requireAssignmentRow(id: Int64) throws -> AssignmentRow {
        guard let row = try assignmentRow(id: id) else { throw ClassroomError.unknownAssignment(id) }
        return row
    }
}
