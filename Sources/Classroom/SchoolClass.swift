import Foundation
import Tracking

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
    /// - Parameter name: A name following ``NameRule``, not used by another class.
    /// - Throws: ``TrackingError/invalidName(what:reason:)``, ``TrackingError/duplicateClass(_:)``,
    ///   ``TrackingError/busy(sql:)``.
    public func createClass(named name: String) throws {
        try Validate.className(name)
        try sqlite.transaction {
            guard try classID(named: name) == nil else { throw TrackingError.duplicateClass(name) }
            try sqlite.statement("INSERT INTO classes (name, created_at) VALUES (?, ?)")
                .run([.text(name), .real(clock().timeIntervalSince1970)])
        }
    }

    /// Adds students to a class (`edujam class add NAME STUDENT...`).
    ///
    /// Students already in the class are left as they are, so repeating a call is harmless.
    /// - Parameters:
    ///   - students: Names or ids following ``NameRule``.
    ///   - className: An existing class.
    /// - Throws: ``TrackingError/invalidName(what:reason:)`` (nothing is added), ``TrackingError/unknownClass(_:)``,
    ///   ``TrackingError/busy(sql:)``.
    public func addStudents(_ students: [String], toClass className: String) throws {
        try Validate.students(students)
        try sqlite.transaction {
            let id = try requireClassID(named: className)
            let insert = try sqlite.statement("""
                INSERT OR IGNORE INTO class_students (class_id, student, position)
                VALUES (?1, ?2, (SELECT COALESCE(MAX(position), -1) + 1 FROM class_students WHERE class_id = ?1))
                """)
            for student in students { try insert.run([.integer(id), .text(student)]) }
        }
    }

    /// Takes students off a class's roster (`edujam class remove NAME STUDENT...`), to undo a mistake.
    ///
    /// Only the roster changes: their attempts stay in the store, and so do their Done marks and
    /// the assignments given to them by name, so adding a student back restores where they stood.
    /// While off the roster they are nobody's assignee: the class report and inbox leave them out.
    /// - Parameters:
    ///   - students: Students of the class.
    ///   - className: An existing class.
    /// - Throws: ``TrackingError/unknownClass(_:)``, ``TrackingError/unknownStudent(_:className:)`` for a
    ///   name not on the roster (nobody is removed), ``TrackingError/busy(sql:)``.
    public func removeStudents(_ students: [String], fromClass className: String) throws {
        try sqlite.transaction {
            let id = try requireClassID(named: className)
            let members = Set(try self.students(ofClass: id))
            for student in students where !members.contains(student) {
                throw TrackingError.unknownStudent(student, className: className)
            }
            let delete = try sqlite.statement("DELETE FROM class_students WHERE class_id = ? AND student = ?")
            for student in students { try delete.run([.integer(id), .text(student)]) }
        }
    }

    /// Renames a class (`edujam class rename OLD NEW`); its roster and assignments go with it.
    /// - Parameters:
    ///   - name: An existing class.
    ///   - newName: A name following ``NameRule``, not used by another class.
    /// - Throws: ``TrackingError/invalidName(what:reason:)``, ``TrackingError/unknownClass(_:)``,
    ///   ``TrackingError/duplicateClass(_:)``, ``TrackingError/busy(sql:)``.
    public func renameClass(_ name: String, to newName: String) throws {
        try Validate.className(newName)
        try sqlite.transaction {
            let id = try requireClassID(named: name)
            guard newName != name else { return }
            guard try classID(named: newName) == nil else { throw TrackingError.duplicateClass(newName) }
            try sqlite.statement("UPDATE classes SET name = ? WHERE id = ?").run([.text(newName), .integer(id)])
        }
    }

    /// Every class with its students (`edujam class list`), ordered by name.
    /// - Returns: The classes.
    /// - Throws: A SQLite error.
    public func classes() throws -> [SchoolClass] {
        try sqlite.transaction(readOnly: true) {
            let rows = try sqlite.statement("SELECT id, name FROM classes ORDER BY name")
                .query { (id: $0.int(0), name: $0.text(1) ?? "") }
            return try rows.map { SchoolClass(name: $0.name, students: try students(ofClass: $0.id)) }
        }
    }

    /// The row id of the class `name`, or nil. Call inside a transaction.
    func classID(named name: String) throws -> Int64? {
        try sqlite.statement("SELECT id FROM classes WHERE name = ?").query([.text(name)]) { $0.int(0) }.first
    }

    /// The row id of the class `name`. Call inside a transaction.
    /// - Throws: ``TrackingError/unknownClass(_:)``.
    func requireClassID(named name: String) throws -> Int64 {
        guard let id = try classID(named: name) else { throw TrackingError.unknownClass(name) }
        return id
    }

    /// The students of a class, in the order they joined. Call inside a transaction.
    func students(ofClass id: Int64) throws -> [String] {
        try sqlite.statement("SELECT student FROM class_students WHERE class_id = ? ORDER BY position")
            .query([.integer(id)]) { $0.text(0) ?? "" }
    }
}
