import Tracking

extension SQLiteClassroomEngine {
    func rosterPeople() throws -> [String: RosterPerson] {
        var people: [String: RosterPerson] = [:]
        _ = try connection.statement("SELECT sourced_id, username, given_name, family_name FROM roster_people")
            .query { row in
                let person = ClassroomRows.person(row)
                people[person.sourcedId] = person
            }
        return people
    }

    func insertRosterPerson(_ person: RosterPerson) throws {
        try connection.statement(
            "INSERT INTO roster_people (sourced_id, username, given_name, family_name) VALUES (?, ?, ?, ?)"
        ).run([.text(person.sourcedId), .text(person.username), .text(person.givenName), .text(person.familyName)])
    }

    func updateRosterPerson(_ person: RosterPerson) throws {
        try connection.statement(
            "UPDATE roster_people SET username = ?, given_name = ?, family_name = ? WHERE sourced_id = ?"
        ).run([.text(person.username), .text(person.givenName), .text(person.familyName), .text(person.sourcedId)])
    }

    func rosterStudentIDs() throws -> Set<String> {
        Set(
            try connection.statement("SELECT DISTINCT person FROM roster_enrollments WHERE role = 'student'").query {
                $0.text(0) ?? ""
            })
    }

    /// `OR REPLACE`: a row the new name already has (same class, same Done mark) absorbs the old one.
    func renameStudent(from old: String, to new: String) throws {
        for table in ["activities", "class_students", "assignment_recipients", "assignment_done"] {
            try connection.statement("UPDATE OR REPLACE \(table) SET student = ? WHERE student = ?").run([
                .text(new), .text(old),
            ])
        }
    }

    private static let importedClassSelect = """
        SELECT c.id, c.name, r.sourced_id, r.title FROM roster_classes r JOIN classes c ON c.id = r.class_id
        """

    func importedClasses() throws -> [ImportedClass] {
        try connection.statement(Self.importedClassSelect).query(row: Self.importedClass)
    }

    func importedClass(sourcedId: String) throws -> ImportedClass? {
        try connection.statement("\(Self.importedClassSelect) WHERE r.sourced_id = ?")
            .query([.text(sourcedId)], row: Self.importedClass).first
    }

    private static func importedClass(_ row: Statement) -> ImportedClass {
        ImportedClass(id: row.int(0), name: row.text(1) ?? "", sourcedId: row.text(2) ?? "", title: row.text(3) ?? "")
    }

    func insertImportedClass(id: Int64, sourcedId: String, title: String) throws {
        try connection.statement("INSERT INTO roster_classes (class_id, sourced_id, title) VALUES (?, ?, ?)")
            .run([.integer(id), .text(sourcedId), .text(title)])
    }

    func setImportedTitle(_ title: String, ofClass id: Int64) throws {
        try connection.statement("UPDATE roster_classes SET title = ? WHERE class_id = ?").run([
            .text(title), .integer(id),
        ])
    }

    func enrollments(ofClass id: Int64) throws -> [RosterEnrollment] {
        try connection.statement(
            "SELECT person, role, left_at FROM roster_enrollments WHERE class_id = ? ORDER BY position"
        ).query([.integer(id)]) { try ClassroomRows.enrollment($0) }
    }

    func insertEnrollment(classID: Int64, person: String, role: RosterEnrollment.Role) throws {
        try connection.statement(
            """
            INSERT INTO roster_enrollments (class_id, person, role, position)
            VALUES (?1, ?2, ?3, (SELECT COALESCE(MAX(position), -1) + 1 FROM roster_enrollments WHERE class_id = ?1))
            """
        ).run([.integer(classID), .text(person), .text(role.rawValue)])
    }

    func setLeft(at time: Double?, student person: String, inClass id: Int64) throws {
        try connection.statement(
            "UPDATE roster_enrollments SET left_at = ? WHERE class_id = ? AND person = ? AND role = 'student'"
        ).run([.real(time), .integer(id), .text(person)])
    }

    func deleteEnrollment(classID: Int64, person: String, role: RosterEnrollment.Role) throws {
        try connection.statement("DELETE FROM roster_enrollments WHERE class_id = ? AND person = ? AND role = ?")
            .run([.integer(classID), .text(person), .text(role.rawValue)])
    }
}
