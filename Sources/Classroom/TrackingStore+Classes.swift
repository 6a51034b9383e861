import Tracking

extension TrackingStore {
    /// Creates an empty class (`edujam class create NAME`).
    /// - Parameter name: A name following ``NameRule``, not used by another class.
    /// - Throws: ``TrackingError/invalidName(what:reason:)``, ``ClassroomError/duplicateClass(_:)``,
    ///   ``TrackingError/busy(sql:)``.
    public func createClass(named name: String) throws {
        try Validate.className(name)
        let engine = classroom
        try engine.transaction {
            guard try engine.classID(named: name) == nil else { throw ClassroomError.duplicateClass(name) }
            try engine.insertClass(named: name, createdAt: clock().timeIntervalSince1970)
        }
    }

    /// Adds students to a class (`edujam class add NAME STUDENT...`).
    ///
    /// Students already in the class are left as they are, so repeating a call is harmless.
    /// - Parameters:
    ///   - students: Names or ids following ``NameRule``.
    ///   - className: An existing class.
    /// - Returns: The students who were on the roster already, in the order given.
    /// - Throws: ``TrackingError/invalidName(what:reason:)`` (nothing is added), ``ClassroomError/unknownClass(_:)``,
    ///   ``TrackingError/busy(sql:)``.
    @discardableResult
    public func addStudents(_ students: [String], toClass className: String) throws -> [String] {
        try Validate.students(students)
        let engine = classroom
        return try engine.transaction {
            try addStudents(students, toClass: try engine.requireClassID(named: className), engine)
        }
    }

    /// Adds students to the class `id`; returns those on its roster already. Call inside a transaction.
    func addStudents(_ students: [String], toClass id: Int64, _ engine: ClassroomEngine) throws -> [String] {
        let members = Set(try engine.students(ofClass: id))
        try engine.addStudents(students, toClass: id)
        var seen: Set<String> = []
        return students.filter { members.contains($0) && seen.insert($0).inserted }
    }

    /// Takes students off a class's roster (`edujam class remove NAME STUDENT...`), to undo a mistake.
    ///
    /// Only the roster changes: their attempts stay in the store, and so do their Done marks and
    /// the assignments given to them by name, so adding a student back restores where they stood.
    /// While off the roster they are nobody's assignee: the class report and inbox leave them out.
    /// - Parameters:
    ///   - students: Students of the class.
    ///   - className: An existing class.
    /// - Throws: ``ClassroomError/unknownClass(_:)``, ``ClassroomError/unknownStudent(_:className:)`` for a
    ///   name not on the roster (nobody is removed), ``TrackingError/busy(sql:)``.
    public func removeStudents(_ students: [String], fromClass className: String) throws {
        let engine = classroom
        try engine.transaction {
            let id = try engine.requireClassID(named: className)
            let members = Set(try engine.students(ofClass: id))
            for student in students where !members.contains(student) {
                throw ClassroomError.unknownStudent(student, className: className)
            }
            try engine.removeStudents(students, fromClass: id)
        }
    }

    /// Renames a class (`edujam class rename OLD NEW`); its roster and assignments go with it.
    /// - Parameters:
    ///   - name: An existing class.
    ///   - newName: A name following ``NameRule``, not used by another class.
    /// - Throws: ``TrackingError/invalidName(what:reason:)``, ``ClassroomError/unknownClass(_:)``,
    ///   ``ClassroomError/duplicateClass(_:)``, ``TrackingError/busy(sql:)``.
    public func renameClass(_ name: String, to newName: String) throws {
        try Validate.className(newName)
        let engine = classroom
        try engine.transaction {
            let id = try engine.requireClassID(named: name)
            guard newName != name else { return }
            guard try engine.classID(named: newName) == nil else { throw ClassroomError.duplicateClass(newName) }
            try engine.renameClass(id: id, to: newName)
        }
    }

    /// Every class with its students (`edujam class list`), ordered by name.
    /// - Returns: The classes.
    /// - Throws: An engine error.
    public func classes() throws -> [SchoolClass] {
        let engine = classroom
        return try engine.transaction(readOnly: true) {
            try engine.classList().map { SchoolClass(name: $0.name, students: try engine.students(ofClass: $0.id)) }
        }
    }

    /// Checks a student name a command was given (`--student`): it must follow ``NameRule``, unless
    /// that student is on a class roster already. A store written before names were checked may
    /// hold such a name, and that student must still be able to play, see their inbox and be
    /// reviewed; every new name passes the rule.
    /// - Parameter student: The name as typed.
    /// - Throws: ``TrackingError/invalidName(what:reason:)`` or an engine error.
    public func checkStudentName(_ student: String) throws {
        guard let reason = NameRule.problem(with: student) else { return }
        // A store whose server could not be reached (`isOffline`) has no rosters to ask: the rule alone.
        if !isOffline {
            let engine = classroom
            guard try !engine.transaction(readOnly: true, { try engine.isOnAnyRoster(student) }) else { return }
        }
        throw TrackingError.invalidName(what: "student name", reason: reason)
    }
}
