import Tracking

extension ClassroomEngine {
    // MARK: OneRoster people

    /// Every person a roster import recorded, by sourcedId.
    func rosterPeople() throws -> [String: RosterPerson] {
        let people = try rows("SELECT sourced_id, username, given_name, family_name FROM roster_people") {
            ClassroomRows.person($0)
        }
        return Dictionary(people.map { ($0.sourcedId, $0) }, uniquingKeysWith: { _, last in last })
    }

    /// Records a person new to the store.
    func insertRosterPerson(_ person: RosterPerson) throws {
        try sql.run(
            "INSERT INTO roster_people (sourced_id, username, given_name, family_name) VALUES (?, ?, ?, ?)",
            [.text(person.sourcedId), .text(person.username), .text(person.givenName), .text(person.familyName)])
    }

    /// Replaces the username and names recorded for the person with `person.sourcedId`.
    func updateRosterPerson(_ person: RosterPerson) throws {
        try sql.run(
            "UPDATE roster_people SET username = ?, given_name = ?, family_name = ? WHERE sourced_id = ?",
            [.text(person.username), .text(person.givenName), .text(person.familyName), .text(person.sourcedId)])
    }

    /// The sourcedIds of the people enrolled as a student in some class, now or in the past.
    func rosterStudentIDs() throws -> Set<String> {
        Set(try rows("SELECT DISTINCT person FROM roster_enrollments WHERE role = 'student'") { $0.text(0) ?? "" })
    }

    /// Files everything `old` did under `new`: attempts, class places, assignments given by name,
    /// Done marks. Where `new` already has the same row (added by hand), the two become one: the
    /// row `new` had gives way to the renamed one (as SQLite's `UPDATE OR REPLACE`, said in SQL
    /// both engines run).
    func renameStudent(from old: String, to new: String) throws {
        let keys = [
            ("class_students", "class_id"), ("assignment_recipients", "assignment_id"),
            ("assignment_done", "assignment_id, context_id"),
        ]
        let merged = keys.map { table, key -> (sql: String, values: [SQLValue]) in
            (
                "DELETE FROM \(table) WHERE student = ? AND (\(key)) IN (SELECT \(key) FROM \(table) WHERE student = ?)",
                [.text(new), .text(old)]
            )
        }
        let renamed = ["activities", "class_students", "assignment_recipients", "assignment_done"].map {
            table -> (sql: String, values: [SQLValue]) in
            ("UPDATE \(table) SET student = ? WHERE student = ?", [.text(new), .text(old)])
        }
        try sql.runAll(merged + renamed)
    }

    // MARK: OneRoster classes and enrollments

    /// Runs `body` with room for a district's rows in SQLite's page cache (PostgreSQL: as it is).
    /// The default cache (2 MB) holds a school, not 300,000 enrollments and their indexes: an
    /// import that outgrew it wrote pages out to the WAL file and read them back mid-transaction,
    /// so its time grew faster than its size. The cache is given back afterwards.
    func withRosterCache<T>(_ body: () throws -> T) throws -> T {
        guard sql.dialect == .sqlite else { return try body() }
        let previous = try rows("PRAGMA cache_size") { $0.int(0) }.first ?? -2000
        try sql.run("PRAGMA cache_size = -262144", [])  // in KiB: up to 256 MB, used only as pages are
        defer { try? sql.run("PRAGMA cache_size = \(previous)", []) }
        return try body()
    }

    private static let importedClassSelect = """
        SELECT c.id, c.name, r.sourced_id, r.title FROM roster_classes r JOIN classes c ON c.id = r.class_id
        """

    private static func importedClass(_ row: any SQLRow) -> ImportedClass {
        ImportedClass(id: row.int(0), name: row.text(1) ?? "", sourcedId: row.text(2) ?? "", title: row.text(3) ?? "")
    }

    /// Every imported class.
    func importedClasses() throws -> [ImportedClass] {
        try rows(Self.importedClassSelect, row: Self.importedClass)
    }

    /// The imported class with this sourcedId, or nil.
    func importedClass(sourcedId: String) throws -> ImportedClass? {
        try rows("\(Self.importedClassSelect) WHERE r.sourced_id = ?", [.text(sourcedId)], row: Self.importedClass)
            .first
    }

    /// Records that the class `id` came from the roster class `sourcedId` titled `title`.
    func insertImportedClass(id: Int64, sourcedId: String, title: String) throws {
        try sql.run(
            "INSERT INTO roster_classes (class_id, sourced_id, title) VALUES (?, ?, ?)",
            [.integer(id), .text(sourcedId), .text(title)])
    }

    /// Records the title the roster gives the imported class `id` now.
    func setImportedTitle(_ title: String, ofClass id: Int64) throws {
        try sql.run("UPDATE roster_classes SET title = ? WHERE class_id = ?", [.text(title), .integer(id)])
    }

    /// An imported class's enrollments, in the order they were recorded.
    func enrollments(ofClass id: Int64) throws -> [RosterEnrollment] {
        try rows(
            "SELECT person, role, left_at, position FROM roster_enrollments WHERE class_id = ? ORDER BY position",
            [.integer(id)]
        ) { try ClassroomRows.enrollment($0) }
    }

    /// Records the enrollment of `person` (a sourcedId) in `role` at `position`, not left. The
    /// import numbers a class's enrollments itself: asking the table for the next place on every
    /// row made a class's sync quadratic in its size.
    func insertEnrollment(classID: Int64, person: String, role: RosterEnrollment.Role, position: Int64) throws {
        try sql.run(
            "INSERT INTO roster_enrollments (class_id, person, role, position) VALUES (?, ?, ?, ?)",
            [.integer(classID), .text(person), .text(role.rawValue), .integer(position)])
    }

    /// The students on a class's roster, each with their place.
    func rosterPlaces(ofClass id: Int64) throws -> [String: Int64] {
        let places = try rows("SELECT student, position FROM class_students WHERE class_id = ?", [.integer(id)]) {
            ($0.text(0) ?? "", $0.int(1))
        }
        return Dictionary(places, uniquingKeysWith: { first, _ in first })
    }

    /// Puts `student` on the roster of class `id` at `position` (the import's own numbering, as
    /// ``insertEnrollment(classID:person:role:position:)``).
    func addStudent(_ student: String, toClass id: Int64, at position: Int64) throws {
        try sql.run(
            "INSERT INTO class_students (class_id, student, position) VALUES (?, ?, ?)",
            [.integer(id), .text(student), .integer(position)])
    }

    /// Records when a student left the class, or with nil that they are enrolled again.
    func setLeft(at time: Double?, student person: String, inClass id: Int64) throws {
        try sql.run(
            "UPDATE roster_enrollments SET left_at = ? WHERE class_id = ? AND person = ? AND role = 'student'",
            [.real(time), .integer(id), .text(person)])
    }

    /// Removes the enrollment of `person` in `role`.
    func deleteEnrollment(classID: Int64, person: String, role: RosterEnrollment.Role) throws {
        try sql.run(
            "DELETE FROM roster_enrollments WHERE class_id = ? AND person = ? AND role = ?",
            [.integer(classID), .text(person), .text(role.rawValue)])
    }

    // MARK: Gradebook

    /// Each attempt's last change, by attempt id: its last event, else its end, else its start.
    /// - Parameter classID: Only the attempts of this class's students (through their index), or
    ///   nil for every attempt.
    func attemptLastChanges(classID: Int64? = nil) throws -> [Int64: Double] {
        let changes = try rows(
            """
            SELECT a.id, COALESCE((SELECT MAX(e.at) FROM attempt_events e WHERE e.activity_id = a.id), a.ended_at, a.started_at)
            FROM activities a
            """
                + (classID == nil
                    ? "" : " WHERE a.student IN (SELECT cs.student FROM class_students cs WHERE cs.class_id = ?)"),
            classID.map { [.integer($0)] } ?? []
        ) { (id: $0.int(0), at: $0.double(1)) }
        return Dictionary(changes, uniquingKeysWith: { _, last in last })
    }

    /// When each Done mark was made.
    /// - Parameter classID: Only the marks of this class's assignments, or nil for every mark.
    func doneMarkTimes(classID: Int64? = nil) throws -> [DoneMark: Double] {
        let marks = try rows(
            "SELECT assignment_id, context_id, student, done_at FROM assignment_done"
                + (classID == nil
                    ? "" : " WHERE assignment_id IN (SELECT s.id FROM assignments s WHERE s.class_id = ?)"),
            classID.map { [.integer($0)] } ?? []
        ) {
            (DoneMark(assignment: $0.int(0), contextID: $0.int(1), student: $0.text(2) ?? ""), $0.double(3))
        }
        return Dictionary(marks, uniquingKeysWith: { _, last in last })
    }
}
