import Foundation

/// A class: a named roster of students (Schoolwork's class).
///
/// JSON keys: `name`, `students` (in the order they joined).
public struct SchoolClass: Codable, Equatable, Sendable {
    /// The class name, unique in the store.
    public var name: String
    /// Its students, in the order they joined.
    public var students: [String]

    /// Creates a class value.
    /// - Parameters:
    ///   - name: The class name.
    ///   - students: Its students.
    public init(name: String, students: [String]) {
        self.name = name
        self.students = students
    }
}

extension TrackingStore {
    /// Creates an empty class (`edujam class create NAME`).
    /// - Parameter name: 1 to 256 characters, not blank, not used by another class.
    /// - Throws: ``TrackingError/invalidIdentifier(_:)`` or ``TrackingError/identifierTooLong(length:)``
    ///   for a bad name, ``TrackingError/duplicateClass(_:)``, ``TrackingError/busy(sql:)``.
    public func createClass(named name: String) throws {
        try Validate.identifier(name, what: "class name")
        try connection.transaction {
            guard try classID(named: name) == nil else { throw TrackingError.duplicateClass(name) }
            try connection.statement("INSERT INTO classes (name, created_at) VALUES (?, ?)")
                .run([.text(name), .real(clock().timeIntervalSince1970)])
        }
    }

    /// Adds students to a class (`edujam class add NAME STUDENT...`).
    ///
    /// Students already in the class are left as they are, so repeating a call is harmless.
    /// - Parameters:
    ///   - students: Names or ids, 1 to 256 characters, not blank.
    ///   - className: An existing class.
    /// - Throws: ``TrackingError/invalidStudent`` (nothing is added), ``TrackingError/unknownClass(_:)``,
    ///   ``TrackingError/busy(sql:)``.
    public func addStudents(_ students: [String], toClass className: String) throws {
        for student in students { try Validate.student(student) }
        try connection.transaction {
            let id = try requireClassID(named: className)
            for student in students { try insertClassStudent(student, classID: id) }
        }
    }

    /// Adds `student` at the end of class `classID`, unless already in it. Call inside a transaction.
    func insertClassStudent(_ student: String, classID: Int64) throws {
        try connection.statement("""
            INSERT OR IGNORE INTO class_students (class_id, student, position)
            VALUES (?1, ?2, (SELECT COALESCE(MAX(position), -1) + 1 FROM class_students WHERE class_id = ?1))
            """).run([.integer(classID), .text(student)])
    }

    /// Every class with its students (`edujam class list`), ordered by name.
    /// - Returns: The classes.
    /// - Throws: A SQLite error.
    public func classes() throws -> [SchoolClass] {
        try connection.transaction(readOnly: true) {
            let rows = try connection.statement("SELECT id, name FROM classes ORDER BY name")
                .query { (id: $0.int(0), name: $0.text(1) ?? "") }
            return try rows.map { SchoolClass(name: $0.name, students: try students(ofClass: $0.id)) }
        }
    }

    /// The row id of the class `name`, or nil. Call inside a transaction.
    func classID(named name: String) throws -> Int64? {
        try connection.statement("SELECT id FROM classes WHERE name = ?").query([.text(name)]) { $0.int(0) }.first
    }

    /// The row id of the class `name`. Call inside a transaction.
    /// - Throws: ``TrackingError/unknownClass(_:)``.
    func requireClassID(named name: String) throws -> Int64 {
        guard let id = try classID(named: name) else { throw TrackingError.unknownClass(name) }
        return id
    }

    /// The students of a class, in the order they joined. Call inside a transaction.
    func students(ofClass id: Int64) throws -> [String] {
        try connection.statement("SELECT student FROM class_students WHERE class_id = ? ORDER BY position")
            .query([.integer(id)]) { $0.text(0) ?? "" }
    }
}

extension Validate {
    /// Checks a student name or id: 1 to ``Limits/identifierLength`` characters, not blank.
    /// - Parameter student: The candidate.
    /// - Throws: ``TrackingError/invalidStudent``.
    static func student(_ student: String) throws {
        guard !isBlank(student), student.count <= Limits.identifierLength else { throw TrackingError.invalidStudent }
    }
}
