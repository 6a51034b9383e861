import Foundation
import Tracking

extension TrackingStore {
    /// Brings a school roster into the store (`edujam class import --oneroster`), by sourcedId.
    ///
    /// In one transaction, so a refused roster changes nothing:
    /// - people are created or updated; a student whose username changed is renamed everywhere
    ///   (attempts, classes, assignments), because the username is their EduJam name;
    /// - classes are created, or renamed when their title changed since the last import; a class
    ///   not in the roster is left as it is (an export may cover only some classes), a closed one
    ///   loses its students and teachers;
    /// - a student no longer enrolled is marked as left: out of the class (assignments and
    ///   reports skip them), their attempts kept; enrolled again, they come back;
    /// - teachers are recorded with their classes.
    ///
    /// Students added by hand (`class add`) are never touched. Importing the same roster twice
    /// changes nothing the second time.
    /// - Parameter roster: The roster, already checked for duplicates and references.
    /// - Returns: What changed.
    /// - Throws: ``RosterConflict``, ``TrackingError/invalidName(what:reason:)`` for a class or
    ///   student name that breaks ``NameRule``, ``TrackingError/busy(sql:)``.
    @discardableResult
    public func syncRoster(_ roster: Roster) throws -> RosterChanges {
        let people = Dictionary(roster.people.map { ($0.sourcedId, $0) }, uniquingKeysWith: { first, _ in first })
        let studentIDs = Set(roster.classes.flatMap(\.students))
        for id in studentIDs { try Validate.student(people[id]?.username ?? "") }
        for entry in roster.classes { try Validate.className(entry.name) }
        return try sqlite.transaction {
            var changes = RosterChanges()
            try syncPeople(roster.people, changes: &changes)
            let now = clock().timeIntervalSince1970
            for entry in roster.classes {
                let classID = try syncClass(entry, changes: &changes)
                try syncEnrollments(
                    classID: classID, students: entry.students, teachers: entry.teachers, now: now, changes: &changes)
            }
            for sourcedId in roster.closedClasses {
                guard let classID = try rosterClassID(sourcedId) else { continue }
                try syncEnrollments(classID: classID, students: [], teachers: [], now: now, changes: &changes)
            }
            return changes
        }
    }

    /// Each class's roster, keyed by class name; classes not imported are absent.
    /// - Returns: The rosters.
    /// - Throws: A SQLite error.
    public func classRosters() throws -> [String: ClassRoster] {
        try sqlite.transaction(readOnly: true) {
            let classes = try sqlite.statement(
                """
                SELECT c.id, c.name, r.sourced_id FROM roster_classes r JOIN classes c ON c.id = r.class_id
                """
            ).query { (id: $0.int(0), name: $0.text(1) ?? "", sourcedId: $0.text(2) ?? "") }
            var rosters: [String: ClassRoster] = [:]
            for entry in classes {
                let people = try sqlite.statement(
                    """
                    SELECT p.sourced_id, p.username, p.given_name, p.family_name, e.role, e.left_at
                    FROM roster_enrollments e JOIN roster_people p ON p.sourced_id = e.person
                    WHERE e.class_id = ? ORDER BY e.position
                    """
                ).query([.integer(entry.id)]) { row in
                    (
                        person: RosterPerson(
                            sourcedId: row.text(0) ?? "", username: row.text(1) ?? "",
                            givenName: row.text(2) ?? "", familyName: row.text(3) ?? ""),
                        teacher: row.text(4) == "teacher", left: !row.isNull(5)
                    )
                }
                rosters[entry.name] = ClassRoster(
                    sourcedId: entry.sourcedId,
                    teachers: people.filter(\.teacher).map(\.person),
                    students: people.filter { !$0.teacher && !$0.left }.map(\.person),
                    left: people.filter { !$0.teacher && $0.left }.map(\.person))
            }
            return rosters
        }
    }

    /// The sourcedIds the store knows: class name → class sourcedId, student name → person
    /// sourcedId (students only). Call inside a transaction.
    func rosterSourcedIds() throws -> (classes: [String: String], students: [String: String]) {
        var classes: [String: String] = [:]
        var students: [String: String] = [:]
        _ = try sqlite.statement(
            "SELECT c.name, r.sourced_id FROM roster_classes r JOIN classes c ON c.id = r.class_id"
        )
        .query { classes[$0.text(0) ?? ""] = $0.text(1) ?? "" }
        _ = try sqlite.statement(
            """
            SELECT DISTINCT p.username, p.sourced_id FROM roster_people p
            JOIN roster_enrollments e ON e.person = p.sourced_id AND e.role = 'student'
            """
        ).query { students[$0.text(0) ?? ""] = $0.text(1) ?? "" }
        return (classes, students)
    }

    // MARK: - People

    private func syncPeople(_ people: [RosterPerson], changes: inout RosterChanges) throws {
        let stored = try storedPeople()
        var holders: [String: String] = [:]  // final username -> sourcedId
        let incoming = Set(people.map(\.sourcedId))
        for (id, person) in stored where !incoming.contains(id) && !person.username.isEmpty {
            holders[person.username] = id
        }
        let storedHolders = Dictionary(
            stored.map { ($0.value.username, $0.key) }, uniquingKeysWith: { first, _ in first })
        for person in people where !person.username.isEmpty {
            if let holder = holders[person.username], holder != person.sourcedId {
                throw RosterConflict.usernameTaken(
                    personSourcedId: person.sourcedId, username: person.username, holder: holder)
            }
            holders[person.username] = person.sourcedId
            // A rename onto a name another person holds now would merge two people's attempts.
            if let old = stored[person.sourcedId], old.username != person.username,
                let holder = storedHolders[person.username], holder != person.sourcedId
            {
                throw RosterConflict.usernameTaken(
                    personSourcedId: person.sourcedId, username: person.username, holder: holder)
            }
        }
        let insert = try sqlite.statement(
            "INSERT INTO roster_people (sourced_id, username, given_name, family_name) VALUES (?, ?, ?, ?)")
        let update = try sqlite.statement(
            "UPDATE roster_people SET username = ?, given_name = ?, family_name = ? WHERE sourced_id = ?")
        for person in people {
            guard let old = stored[person.sourcedId] else {
                try insert.run([
                    .text(person.sourcedId), .text(person.username), .text(person.givenName), .text(person.familyName),
                ])
                continue
            }
            guard old != person else { continue }
            try update.run([
                .text(person.username), .text(person.givenName), .text(person.familyName), .text(person.sourcedId),
            ])
            if old.givenName != person.givenName || old.familyName != person.familyName { changes.namesUpdated += 1 }
            if old.username != person.username, try isRosterStudent(person.sourcedId) {
                try renameStudent(from: old.username, to: person.username)
                changes.studentsRenamed += 1
            }
        }
    }

    private func storedPeople() throws -> [String: RosterPerson] {
        var people: [String: RosterPerson] = [:]
        _ = try sqlite.statement("SELECT sourced_id, username, given_name, family_name FROM roster_people").query {
            row in
            let person = RosterPerson(
                sourcedId: row.text(0) ?? "", username: row.text(1) ?? "",
                givenName: row.text(2) ?? "", familyName: row.text(3) ?? "")
            people[person.sourcedId] = person
        }
        return people
    }

    private func isRosterStudent(_ sourcedId: String) throws -> Bool {
        try !sqlite.statement("SELECT 1 FROM roster_enrollments WHERE person = ? AND role = 'student' LIMIT 1")
            .query([.text(sourcedId)]) { _ in true }.isEmpty
    }

    /// Files everything a student did under their new name. `OR REPLACE`: if the new name was
    /// already in a class or on a Done mark (added by hand), the two rows become one.
    private func renameStudent(from old: String, to new: String) throws {
        for table in ["activities", "class_students", "assignment_recipients", "assignment_done"] {
            try sqlite.statement("UPDATE OR REPLACE \(table) SET student = ? WHERE student = ?").run([
                .text(new), .text(old),
            ])
        }
    }

    // MARK: - Classes

    private func rosterClassID(_ sourcedId: String) throws -> Int64? {
        try sqlite.statement("SELECT class_id FROM roster_classes WHERE sourced_id = ?").query([.text(sourcedId)]) {
            $0.int(0)
        }.first
    }

    /// Creates the class, or renames it when its title changed since the last import (a class
    /// the teacher renamed keeps the teacher's name until the school changes the title); returns its row id.
    private func syncClass(_ entry: RosterClass, changes: inout RosterChanges) throws -> Int64 {
        let stored = try sqlite.statement("SELECT class_id, title FROM roster_classes WHERE sourced_id = ?")
            .query([.text(entry.sourcedId)]) { (id: $0.int(0), title: $0.text(1) ?? "") }.first
        if let stored, stored.title == entry.name { return stored.id }
        if let holder = try classroom.classID(named: entry.name), holder != stored?.id {
            throw RosterConflict.classNameTaken(classSourcedId: entry.sourcedId, name: entry.name)
        }
        if let stored {
            try sqlite.statement("UPDATE classes SET name = ? WHERE id = ?").run([
                .text(entry.name), .integer(stored.id),
            ])
            try sqlite.statement("UPDATE roster_classes SET title = ? WHERE class_id = ?").run([
                .text(entry.name), .integer(stored.id),
            ])
            changes.classesRenamed += 1
            return stored.id
        }
        try sqlite.statement("INSERT INTO classes (name, created_at) VALUES (?, ?)")
            .run([.text(entry.name), .real(clock().timeIntervalSince1970)])
        let id = sqlite.lastInsertRowID
        try sqlite.statement("INSERT INTO roster_classes (class_id, sourced_id, title) VALUES (?, ?, ?)")
            .run([.integer(id), .text(entry.sourcedId), .text(entry.name)])
        changes.classesCreated += 1
        return id
    }

    // MARK: - Enrollments

    private struct Enrollment {
        let person: String
        let role: String
        let left: Bool
    }

    private func syncEnrollments(
        classID: Int64, students: [String], teachers: [String], now: Double,
        changes: inout RosterChanges
    ) throws {
        let stored = try sqlite.statement("SELECT person, role, left_at FROM roster_enrollments WHERE class_id = ?")
            .query([.integer(classID)]) {
                Enrollment(person: $0.text(0) ?? "", role: $0.text(1) ?? "", left: !$0.isNull(2))
            }
        let usernames = try storedPeople().mapValues(\.username)
        let enrolled = Set(students)
        for person in students {
            let username = usernames[person] ?? ""
            if let row = stored.first(where: { $0.person == person && $0.role == "student" }) {
                guard row.left else { continue }
                try sqlite.statement(
                    "UPDATE roster_enrollments SET left_at = NULL WHERE class_id = ? AND person = ? AND role = 'student'"
                )
                .run([.integer(classID), .text(person)])
            } else {
                try insertEnrollment(classID: classID, person: person, role: "student")
            }
            try classroom.addStudents([username], toClass: classID)
            changes.studentsJoined += 1
        }
        for row in stored where row.role == "student" && !row.left && !enrolled.contains(row.person) {
            try sqlite.statement(
                "UPDATE roster_enrollments SET left_at = ? WHERE class_id = ? AND person = ? AND role = 'student'"
            )
            .run([.real(now), .integer(classID), .text(row.person)])
            try sqlite.statement("DELETE FROM class_students WHERE class_id = ? AND student = ?")
                .run([.integer(classID), .text(usernames[row.person] ?? "")])
            changes.studentsLeft += 1
        }
        let teaching = Set(teachers)
        for row in stored where row.role == "teacher" && !teaching.contains(row.person) {
            try sqlite.statement(
                "DELETE FROM roster_enrollments WHERE class_id = ? AND person = ? AND role = 'teacher'"
            )
            .run([.integer(classID), .text(row.person)])
            changes.teachersRemoved += 1
        }
        for person in teachers where !stored.contains(where: { $0.person == person && $0.role == "teacher" }) {
            try insertEnrollment(classID: classID, person: person, role: "teacher")
            changes.teachersAdded += 1
        }
    }

    private func insertEnrollment(classID: Int64, person: String, role: String) throws {
        try sqlite.statement(
            """
            INSERT INTO roster_enrollments (class_id, person, role, position)
            VALUES (?1, ?2, ?3, (SELECT COALESCE(MAX(position), -1) + 1 FROM roster_enrollments WHERE class_id = ?1))
            """
        ).run([.integer(classID), .text(person), .text(role)])
    }
}
