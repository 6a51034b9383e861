import Tracking

extension PostgreSQLClassroomEngine {
    func rosterPeople() throws -> [String: RosterPerson] {
        var people: [String: RosterPerson] = [:]
        for row in try connection.query("SELECT sourced_id, username, given_name, family_name FROM roster_people").rows
        {
            let person = ClassroomRows.person(row)
            people[person.sourcedId] = person
        }
        return people
    }

    func insertRosterPerson(_ person: RosterPerson) throws {
        try connection.query(
            "INSERT INTO roster_people (sourced_id, username, given_name, family_name) VALUES ($1, $2, $3, $4)",
            [.text(person.sourcedId), .text(person.username), .text(person.givenName), .text(person.familyName)])
    }

    func updateRosterPerson(_ person: RosterPerson) throws {
        try connection.query(
            "UPDATE roster_people SET username = $1, given_name = $2, family_name = $3 WHERE sourced_id = $4",
            [.text(person.username), .text(person.givenName), .text(person.familyName), .text(person.sourcedId)])
    }

    func rosterStudentIDs() throws -> Set<String> {
        Set(
            try connection.query("SELECT DISTINCT person FROM roster_enrollments WHERE role = 'student'").map {
                $0.text(0) ?? ""
            })
    }

    /// As SQLite's `UPDATE OR REPLACE`: a row the new name already has (same class, same Done
    /// mark) gives way to the renamed one. One round trip.
    func renameStudent(from old: String, to new: String) throws {
        let keys = [
            ("class_students", "class_id"), ("assignment_recipients", "assignment_id"),
            ("assignment_done", "assignment_id, context_id"),
        ]
        var statements: [(sql: String, values: [SQLValue])] = keys.map { table, key in
            (
                "DELETE FROM \(table) WHERE student = $2 AND (\(key)) IN (SELECT \(key) FROM \(table) WHERE student = $1)",
                [.text(old), .text(new)]
            )
        }
        for table in ["activities", "class_students", "assignment_recipients", "assignment_done"] {
            statements.append(("UPDATE \(table) SET student = $2 WHERE student = $1", [.text(old), .text(new)]))
        }
        try connection.pipeline(statements)
    }

    private static let importedClassSelect = """
        SELECT c.id, c.name, r.sourced_id, r.title FROM roster_classes r JOIN classes c ON c.id = r.class_id
        """

    func importedClasses() throws -> [ImportedClass] {
        try connection.query(Self.importedClassSelect).map(Self.importedClass)
    }

    func importedClass(sourcedId: String) throws -> ImportedClass? {
        try connection.query("\(Self.importedClassSelect) WHERE r.sourced_id = $1", [.text(sourcedId)])
            .map(Self.importedClass).first
    }

    private static func importedClass(_ row: PGRow) -> ImportedClass {
        ImportedClass(id: row.int(0), name: row.text(1) ?? "", sourcedId: row.text(2) ?? "", title: row.text(3) ?? "")
    }

    func insertImportedClass(id: Int64, sourcedId: String, title: String) throws {
        try connection.query(
            "INSERT INTO roster_classes (class_id, sourced_id, title) VALUES ($1, $2, $3)",
            [.integer(id), .text(sourcedId), .text(title)])
    }

    func setImportedTitle(_ title: String, ofClass id: Int64) throws {
        try connection.query("UPDATE roster_classes SET title = $1 WHERE class_id = $2", [.text(title), .integer(id)])
    }

    func enrollments(ofClass id: Int64) throws -> [RosterEnrollment] {
        try connection.query(
            "SELECT person, role, left_at FROM roster_enrollments WHERE class_id = $1 ORDER BY position", [.integer(id)]
        ).map { try ClassroomRows.enrollment($0) }
    }

    func insertEnrollment(classID: Int64, person: String, role: RosterEnrollment.Role) throws {
        try connection.query(
            """
            INSERT INTO roster_enrollments (class_id, person, role, position)
            VALUES ($1, $2, $3, (SELECT COALESCE(MAX(position), -1) + 1 FROM roster_enrollments WHERE class_id = $1))
            """, [.integer(classID), .text(person), .text(role.rawValue)])
    }

    func setLeft(at time: Double?, student person: String, inClass id: Int64) throws {
        try connection.query(
            "UPDATE roster_enrollments SET left_at = $1 WHERE class_id = $2 AND person = $3 AND role = 'student'",
            [.real(time), .integer(id), .text(person)])
    }

    func deleteEnrollment(classID: Int64, person: String, role: RosterEnrollment.Role) throws {
        try connection.query(
            "DELETE FROM roster_enrollments WHERE class_id = $1 AND person = $2 AND role = $3",
            [.integer(classID), .text(person), .text(role.rawValue)])
    }

    // MARK: Gradebook

    func attemptLastChanges() throws -> [Int64: Double] {
        var changes: [Int64: Double] = [:]
        let sql = """
            SELECT a.id, COALESCE((SELECT MAX(e.at) FROM attempt_events e WHERE e.activity_id = a.id), a.ended_at, a.started_at)
            FROM activities a
            """
        for row in try connection.query(sql).rows { changes[row.int(0)] = row.double(1) }
        return changes
    }

    func doneMarkTimes() throws -> [DoneMark: Double] {
        var times: [DoneMark: Double] = [:]
        for row in try connection.query("SELECT assignment_id, context_id, student, done_at FROM assignment_done").rows
        {
            times[DoneMark(assignment: row.int(0), contextID: row.int(1), student: row.text(2) ?? "")] = row.double(3)
        }
        return times
    }
}
