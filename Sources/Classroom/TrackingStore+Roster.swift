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
    /// On a PostgreSQL store, last, the logins and owners
    /// (``settleLoginsAndOwners(_:createLogins:engine:changes:)``): with `createLogins` the missing
    /// logins are created, and each class belongs to a teacher the roster names for it.
    ///
    /// Students added by hand (`class add`) are never touched. Importing the same roster twice
    /// changes nothing the second time.
    ///
    /// A student the store cannot take is left out and reported in ``RosterChanges/leftOut``, and
    /// the rest is imported (``studentsLeftOut(_:createLogins:engine:changes:)``): one pupil's
    /// username must not hold back a school's roster. What the store has of them stays as it was.
    /// - Parameters:
    ///   - roster: The roster, already checked for duplicates and references.
    ///   - createLogins: Whether to create the students' and teachers' missing logins.
    /// - Returns: What changed.
    /// - Throws: ``RosterConflict``, ``TrackingError/invalidName(what:reason:)`` for a class name
    ///   that breaks ``NameRule``, ``IdentityError/noLogins`` for `createLogins` on SQLite,
    ///   ``TrackingError/busy(sql:)``.
    @discardableResult
    public func syncRoster(_ roster: Roster, createLogins: Bool = false) throws -> RosterChanges {
        for entry in roster.classes { try Validate.className(entry.name) }
        let engine = classroom
        return try engine.withRosterCache {
            try engine.transaction { try sync(roster, createLogins: createLogins, engine: engine) }
        }
    }

    /// ``syncRoster(_:createLogins:)``'s work inside its transaction.
    private func sync(_ roster: Roster, createLogins: Bool, engine: ClassroomEngine) throws -> RosterChanges {
        var changes = RosterChanges()
        let leftOut = try studentsLeftOut(roster, createLogins: createLogins, engine: engine, changes: &changes)
        let kept = Set(leftOut.map(\.sourcedId))
        let roster = roster.leaving(out: kept)
        try syncPeople(roster.people, engine: engine, changes: &changes)
        let now = clock().timeIntervalSince1970
        // Read once: every class's sync looks its people up here (a district has thousands
        // of classes, and reading every person for each made an import quadratic).
        let usernames = try engine.rosterPeople().mapValues(\.username)
        for entry in roster.classes {
            let (classID, created) = try syncClass(entry, engine: engine, changes: &changes)
            try syncEnrollments(
                classID: classID, created: created, students: entry.students, teachers: entry.teachers, now: now,
                usernames: usernames, keeping: kept, engine: engine, changes: &changes)
        }
        for sourcedId in roster.closedClasses {
            guard let imported = try engine.importedClass(sourcedId: sourcedId) else { continue }
            try syncEnrollments(
                classID: imported.id, created: false, students: [], teachers: [], now: now, usernames: usernames,
                keeping: [], engine: engine, changes: &changes)
        }
        try settleLoginsAndOwners(roster, createLogins: createLogins, engine: engine, changes: &changes)
        changes.leftOut = leftOut
        return changes
    }

    /// Each class's roster, keyed by class name; classes not imported are absent.
    /// - Returns: The rosters.
    /// - Throws: ``TrackingError/corruptRow(_:)`` or an engine error.
    public func classRosters() throws -> [String: ClassRoster] {
        let engine = classroom
        return try engine.transaction(readOnly: true) {
            let people = try engine.rosterPeople()
            var rosters: [String: ClassRoster] = [:]
            for imported in try engine.importedClasses() {
                let enrolled = try engine.enrollments(ofClass: imported.id).compactMap { enrollment in
                    people[enrollment.person].map { (person: $0, enrollment: enrollment) }
                }
                let students = enrolled.filter { $0.enrollment.role == .student }
                rosters[imported.name] = ClassRoster(
                    sourcedId: imported.sourcedId,
                    teachers: enrolled.filter { $0.enrollment.role == .teacher }.map(\.person),
                    students: students.filter { !$0.enrollment.left }.map(\.person),
                    left: students.filter(\.enrollment.left).map(\.person))
            }
            return rosters
        }
    }

    /// The sourcedIds the store knows: class name → class sourcedId, student name → person
    /// sourcedId (students only). Call inside a transaction.
    func rosterSourcedIds(_ engine: ClassroomEngine) throws -> (
        classes: [String: String], students: [String: String]
    ) {
        let classes = Dictionary(
            try engine.importedClasses().map { ($0.name, $0.sourcedId) }, uniquingKeysWith: { _, last in last })
        let people = try engine.rosterPeople()
        let students = Dictionary(
            try engine.rosterStudentIDs().compactMap { id in people[id].map { ($0.username, id) } },
            uniquingKeysWith: { _, last in last })
        return (classes, students)
    }

    // MARK: - People

    private func syncPeople(_ people: [RosterPerson], engine: ClassroomEngine, changes: inout RosterChanges)
        throws
    {
        let stored = try engine.rosterPeople()
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
        // Enrollments change only after the people, so who is a student is known once.
        let studentIDs = try engine.rosterStudentIDs()
        for person in people {
            guard let old = stored[person.sourcedId] else {
                try engine.insertRosterPerson(person)
                continue
            }
            guard old != person else { continue }
            try engine.updateRosterPerson(person)
            if old.givenName != person.givenName || old.familyName != person.familyName { changes.namesUpdated += 1 }
            // The username is a student's EduJam name: everything they did follows it.
            if old.username != person.username, studentIDs.contains(person.sourcedId) {
                try engine.renameStudent(from: old.username, to: person.username)
                changes.studentsRenamed += 1
            }
        }
    }

    // MARK: - Classes

    /// Creates the class, or renames it when its title changed since the last import (a class
    /// the teacher renamed keeps the teacher's name until the school changes the title); returns its
    /// row id and whether this import created it.
    private func syncClass(_ entry: RosterClass, engine: ClassroomEngine, changes: inout RosterChanges) throws
        -> (id: Int64, created: Bool)
    {
        let stored = try engine.importedClass(sourcedId: entry.sourcedId)
        if let stored, stored.title == entry.name { return (stored.id, false) }
        if let holder = try engine.classID(named: entry.name), holder != stored?.id {
            throw RosterConflict.classNameTaken(classSourcedId: entry.sourcedId, name: entry.name)
        }
        if let stored {
            try engine.renameClass(id: stored.id, to: entry.name)
            try engine.setImportedTitle(entry.name, ofClass: stored.id)
            changes.classesRenamed += 1
            return (stored.id, false)
        }
        let id = try engine.insertClass(named: entry.name, createdAt: clock().timeIntervalSince1970)
        try engine.insertImportedClass(id: id, sourcedId: entry.sourcedId, title: entry.name)
        changes.classesCreated += 1
        return (id, true)
    }

    // MARK: - Enrollments

    /// Enrolls `students` and `teachers` (sourcedIds) in the class: a student not enrolled before
    /// joins, one who left comes back, one no longer listed leaves (off the class, attempts kept);
    /// teachers are added and dropped. Linear in the class's size: the class's rows are read once
    /// (not at all for a class this import `created`), new rows are numbered here the way
    /// `MAX(position) + 1` would number them, and `usernames` (sourcedId → username) is read once
    /// for the whole import. Students `keeping` (left out of this import) keep their places.
    private func syncEnrollments(
        classID: Int64, created: Bool, students: [String], teachers: [String], now: Double,
        usernames: [String: String], keeping: Set<String>, engine: ClassroomEngine, changes: inout RosterChanges
    ) throws {
        let stored = created ? [] : try engine.enrollments(ofClass: classID)
        // Usernames follow NameRule (NFC), so Swift's canonical equality is SQL's byte equality here.
        var places = created ? [:] : try engine.rosterPlaces(ofClass: classID)
        var nextPlace = try Self.place(after: places.values.max(), in: "class_students")
        let firstNew = try Self.place(after: stored.map(\.position).max(), in: "roster_enrollments")
        var nextEnrollment = firstNew
        let storedStudents = Dictionary(
            stored.filter { $0.role == .student }.map { ($0.person, $0) }, uniquingKeysWith: { first, _ in first })
        let storedTeachers = Set(stored.filter { $0.role == .teacher }.map(\.person))
        let enrolled = Set(students).union(keeping)
        for person in students {
            if let row = storedStudents[person] {
                guard row.left else { continue }
                try engine.setLeft(at: nil, student: person, inClass: classID)
            } else {
                try engine.insertEnrollment(classID: classID, person: person, role: .student, position: nextEnrollment)
                nextEnrollment = try Self.place(after: nextEnrollment, in: "roster_enrollments")
            }
            let username = usernames[person] ?? ""
            if places[username] == nil {  // one added by hand keeps their place
                try engine.addStudent(username, toClass: classID, at: nextPlace)
                places[username] = nextPlace
                nextPlace = try Self.place(after: nextPlace, in: "class_students")
            }
            changes.studentsJoined += 1
        }
        for row in stored where row.role == .student && !row.left && !enrolled.contains(row.person) {
            try engine.setLeft(at: now, student: row.person, inClass: classID)
            try engine.removeStudents([usernames[row.person] ?? ""], fromClass: classID)
            changes.studentsLeft += 1
        }
        let teaching = Set(teachers)
        let dropped = stored.filter { $0.role == .teacher && !teaching.contains($0.person) }
        for row in dropped {
            try engine.deleteEnrollment(classID: classID, person: row.person, role: .teacher)
            changes.teachersRemoved += 1
        }
        // New teachers come after what is left once the dropped ones are gone.
        if nextEnrollment == firstNew {
            let kept = stored.filter { $0.role == .student || teaching.contains($0.person) }
            nextEnrollment = try Self.place(after: kept.map(\.position).max(), in: "roster_enrollments")
        }
        for person in teachers where !storedTeachers.contains(person) {
            try engine.insertEnrollment(classID: classID, person: person, role: .teacher, position: nextEnrollment)
            nextEnrollment = try Self.place(after: nextEnrollment, in: "roster_enrollments")
            changes.teachersAdded += 1
        }
    }

    /// The place after `position` in a class's order (after none, the first: 0).
    /// - Throws: ``TrackingError/corruptRow(_:)`` naming `table` when a stored place is the
    ///   largest integer: a damaged or hostile row must not crash the import.
    private static func place(after position: Int64?, in table: String) throws -> Int64 {
        let (next, overflow) = (position ?? -1).addingReportingOverflow(1)
        guard !overflow else { throw TrackingError.corruptRow("\(table).position") }
        return next
    }
}
