import Classroom
import Foundation
import Tracking

/// Reads a OneRoster 1.1 CSV folder (`manifest.csv`, `users.csv`, `classes.csv`,
/// `enrollments.csv`, optionally `orgs.csv`) and brings it into a store: a folder that breaks the
/// format changes nothing; a student the store cannot take is left out and reported, the rest imported.
///
/// The mapping (docs/interop.md, "OneRoster in"):
/// - a class becomes an EduJam class named by its `title`, known by its `sourcedId`;
/// - a user enrolled with role `student` becomes a student named by their `username` (their
///   login: what they type after `--student`); `givenName` and `familyName` are kept for display;
///   names and titles are read in Unicode's composed form (``NameRule/composed(_:)``), the one
///   form EduJam compares names in;
/// - a user enrolled with role `teacher` is recorded as a teacher of the class; other roles are ignored;
/// - status `tobedeleted` (or 1.0's `inactive`) on a user, class or enrollment ends the enrollment:
///   the student is marked as left, their attempts kept.
///
/// Strict about what EduJam relies on (required columns, sourcedIds, references, names), tolerant
/// of the rest (column order, extra columns, blank optional fields, files it does not read).
public enum OneRosterImport {
    /// What an import did.
    public struct Outcome: Sendable {
        /// The roster that was read.
        public var roster: Roster
        /// What changed in the store (all zero on a re-import).
        public var changes: RosterChanges
        /// Things tolerated that the person importing should know about.
        public var warnings: [String]
    }

    /// Reads the folder and syncs the store; on any error nothing is changed. Each student left out
    /// is a warning naming their row (`Reading.warning(leftOut:)`), first among the warnings.
    /// - Parameters:
    ///   - folder: The folder holding the CSV files.
    ///   - store: The store.
    ///   - createLogins: On a PostgreSQL store, create the students' and teachers' missing logins.
    /// - Returns: The roster, the changes and the warnings (the import's notes among them).
    /// - Throws: ``OneRosterError`` naming the file and line at fault, or a store error.
    public static func run(folder: URL, store: TrackingStore, createLogins: Bool = false) throws -> Outcome {
        let reading = try read(folder: folder)
        do {
            let changes = try store.syncRoster(reading.roster, createLogins: createLogins)
            let leftOut = changes.leftOut.sorted {
                (reading.userLines[$0.sourcedId] ?? 0) < (reading.userLines[$1.sourcedId] ?? 0)
            }
            .map { reading.warning(leftOut: $0) }
            return Outcome(
                roster: reading.roster, changes: changes, warnings: reading.warnings + leftOut + changes.notes)
        } catch let conflict as RosterConflict {
            throw reading.locate(conflict)
        }
    }

    /// A folder read and checked, with where each class and person came from.
    public struct Reading: Sendable {
        /// The roster.
        public var roster: Roster
        /// Tolerated oddities.
        public var warnings: [String]
        var classLines: [String: Int]
        var userLines: [String: Int]

        /// A student left out, on the row that names them: `users.csv:7: ana.lima left out: why`.
        func warning(leftOut student: LeftOutStudent) -> String {
            let line = userLines[student.sourcedId].map { ":\($0)" } ?? ""
            return "users.csv\(line): the student \(student.username) is left out: \(student.reason)"
        }

        /// The store's conflict as an error on the row that caused it.
        func locate(_ conflict: RosterConflict) -> OneRosterError {
            switch conflict {
            case .classNameTaken(let id, _):
                return OneRosterError(file: "classes.csv", line: classLines[id], message: conflict.description)
            case .usernameTaken(let id, _, _):
                return OneRosterError(file: "users.csv", line: userLines[id], message: conflict.description)
            }
        }
    }

    /// Reads and checks the folder without touching any store.
    /// - Parameter folder: The folder.
    /// - Returns: The roster and warnings.
    /// - Throws: ``OneRosterError``.
    public static func read(folder: URL) throws -> Reading {
        var warnings: [String] = []
        let manifest = try Manifest(folder: folder)
        let orgs = try readOrgs(folder: folder, manifest: manifest, warnings: &warnings)
        let classes = try ClassRows(folder: folder, orgs: orgs)
        let users = try UserRows(folder: folder, orgs: orgs)
        let enrollments = try EnrollmentRows(folder: folder, classes: classes, users: users, orgs: orgs)
        return try Reading(
            roster: roster(classes: classes, users: users, enrollments: enrollments), warnings: warnings,
            classLines: classes.lines, userLines: users.lines)
    }

    // MARK: - Files

    /// `manifest.csv`: the version and which files are there, bulk or delta.
    struct Manifest {
        var files: [String: (mode: String, line: Int)] = [:]

        init(folder: URL) throws {
            let table = try OneRosterTable(folder: folder, file: "manifest.csv", required: ["propertyName", "value"])
            var version: (text: String, line: Int)?
            for row in table.rows {
                let name = row.value("propertyName")
                let value = row.value("value").lowercased()
                if name.lowercased() == "oneroster.version" { version = (value, row.line) }
                if name.lowercased().hasPrefix("file.") {
                    files[String(name.dropFirst(5)).lowercased()] = (value, row.line)
                }
            }
            if let version, !["1.0", "1.1"].contains(version.text) {
                throw OneRosterError(
                    file: "manifest.csv", line: version.line,
                    message: "oneroster.version is \(version.text); EduJam reads OneRoster 1.1 (and 1.0)")
            }
            for name in ["users", "classes", "enrollments"] {
                guard let entry = files[name.lowercased()] else { continue }  // not declared: the file itself decides
                guard entry.mode == "bulk" else {
                    let why =
                        entry.mode == "delta"
                        ? "delta files are not supported; export the roster in bulk"
                        : "EduJam needs users, classes and enrollments, in bulk"
                    throw OneRosterError(
                        file: "manifest.csv", line: entry.line, message: "file.\(name) is \(entry.mode): \(why)")
                }
            }
            if let orgs = files["orgs"], !["bulk", "absent"].contains(orgs.mode) {
                throw OneRosterError(
                    file: "manifest.csv", line: orgs.line,
                    message: "file.orgs is \(orgs.mode): delta files are not supported; export the roster in bulk")
            }
        }
    }

    /// The org sourcedIds, or nil when `orgs.csv` is absent (school references are then not checked).
    static func readOrgs(folder: URL, manifest: Manifest, warnings: inout [String]) throws -> Set<String>? {
        let exists = FileManager.default.fileExists(atPath: folder.appendingPathComponent("orgs.csv").path)
        switch (manifest.files["orgs"]?.mode, exists) {
        case ("absent"?, _), (nil, false): return nil
        case ("bulk"?, false):
            warnings.append(
                "manifest.csv names orgs.csv, which is not in the folder: school references are not checked")
            return nil
        default: break
        }
        let table = try OneRosterTable(folder: folder, file: "orgs.csv", required: ["sourcedId", "name", "type"])
        var ids: [String: Int] = [:]
        for row in table.rows { try claim(try row.required("sourcedId"), row: row, in: &ids) }
        return Set(ids.keys)
    }

    /// Records a sourcedId, refusing one seen earlier in the same file.
    static func claim(_ id: String, row: OneRosterTable.Row, in seen: inout [String: Int]) throws {
        if let first = seen[id] { throw row.error("duplicate sourcedId '\(id)' (first on line \(first))") }
        seen[id] = row.line
    }

    /// Checks that `id` names an org of `orgs.csv`, when it was read.
    static func checkOrg(_ id: String, column: String, row: OneRosterTable.Row, orgs: Set<String>?) throws {
        guard let orgs, !orgs.contains(id) else { return }
        throw row.error("\(column) '\(id)' is not in orgs.csv")
    }

    struct ClassRows {
        struct Entry {
            let sourcedId: String, title: String, deleted: Bool, line: Int
        }
        var entries: [Entry] = []
        var byId: [String: Entry] = [:]
        var lines: [String: Int] = [:]

        init(folder: URL, orgs: Set<String>?) throws {
            let table = try OneRosterTable(
                folder: folder, file: "classes.csv",
                required: [
                    "sourcedId", "title", "courseSourcedId", "classType", "schoolSourcedId", "termSourcedIds",
                ])
            var titles: [String: Int] = [:]
            for row in table.rows {
                let id = try row.required("sourcedId")
                try claim(id, row: row, in: &lines)
                let title = NameRule.composed(try row.required("title"))
                let deleted = try row.isDeleted()
                try checkOrg(row.value("schoolSourcedId"), column: "schoolSourcedId", row: row, orgs: orgs)
                if !deleted {
                    if let problem = NameRule.problem(with: title) {
                        throw row.error("title cannot be an EduJam class name: it \(problem)")
                    }
                    if let first = titles[title] {
                        throw row.error(
                            "title '\(title)' is also the title of the class on line \(first); EduJam class names are unique"
                        )
                    }
                    titles[title] = row.line
                }
                let entry = Entry(sourcedId: id, title: title, deleted: deleted, line: row.line)
                entries.append(entry)
                byId[id] = entry
            }
        }
    }

    struct UserRows {
        struct Entry {
            let person: RosterPerson, deleted: Bool, row: OneRosterTable.Row
        }
        var byId: [String: Entry] = [:]
        var lines: [String: Int] = [:]

        init(folder: URL, orgs: Set<String>?) throws {
            let table = try OneRosterTable(
                folder: folder, file: "users.csv",
                required: [
                    "sourcedId", "enabledUser", "orgSourcedIds", "role", "username", "givenName", "familyName",
                ])
            byId.reserveCapacity(table.rows.count)
            lines.reserveCapacity(table.rows.count)
            for row in table.rows {
                let id = try row.required("sourcedId")
                try claim(id, row: row, in: &lines)
                for org in row.list("orgSourcedIds") {
                    try checkOrg(org, column: "orgSourcedIds", row: row, orgs: orgs)
                }
                let person = RosterPerson(
                    sourcedId: id, username: NameRule.composed(row.value("username")),
                    givenName: NameRule.composed(row.value("givenName")),
                    familyName: NameRule.composed(row.value("familyName")))
                byId[id] = Entry(person: person, deleted: try row.isDeleted(), row: row)
            }
        }
    }

    struct EnrollmentRows {
        struct Entry {
            let classId: String, userId: String, role: String
            /// A teacher enrollment marked `primary` (the class's main teacher: its owner in EduJam).
            var primary = false
        }
        /// Active student and teacher enrollments by class sourcedId, in file order.
        var byClass: [String: [Entry]] = [:]

        init(folder: URL, classes: ClassRows, users: UserRows, orgs: Set<String>?) throws {
            let table = try OneRosterTable(
                folder: folder, file: "enrollments.csv",
                required: [
                    "sourcedId", "classSourcedId", "schoolSourcedId", "userSourcedId", "role",
                ])
            var ids: [String: Int] = [:]
            ids.reserveCapacity(table.rows.count)  // a district's export: hundreds of thousands, grown once
            for row in table.rows {
                try claim(try row.required("sourcedId"), row: row, in: &ids)
                let classId = try row.required("classSourcedId")
                let userId = try row.required("userSourcedId")
                guard let schoolClass = classes.byId[classId] else {
                    throw row.error("unknown class '\(classId)': not in classes.csv")
                }
                guard let user = users.byId[userId] else {
                    throw row.error("unknown user '\(userId)': not in users.csv")
                }
                try checkOrg(row.value("schoolSourcedId"), column: "schoolSourcedId", row: row, orgs: orgs)
                let role = try row.required("role").lowercased()
                guard ["student", "teacher"].contains(role), !schoolClass.deleted, !user.deleted, !(try row.isDeleted())
                else { continue }
                byClass[classId, default: []].append(
                    Entry(
                        classId: classId, userId: userId, role: role,
                        primary: row.value("primary").lowercased() == "true"))
            }
        }
    }

    // MARK: - Mapping

    /// Joins the three files into a roster, checking every enrolled person's username: a student
    /// whose username is no EduJam name is left out (``Roster/leftOut``), the rest kept.
    static func roster(classes: ClassRows, users: UserRows, enrollments: EnrollmentRows) throws -> Roster {
        var leftOut: [String: String] = [:]
        var people: [RosterPerson] = []
        var listed: Set<String> = []
        var usernames: [String: Int] = [:]
        var checkedStudents: Set<String> = []  // each student's name checked once, not per enrollment
        // Sized once for everyone: a district's tens of thousands, not grown step by step.
        people.reserveCapacity(users.byId.count)
        listed.reserveCapacity(users.byId.count)
        usernames.reserveCapacity(users.byId.count)
        checkedStudents.reserveCapacity(users.byId.count)
        func person(_ id: String, student: Bool) throws {
            guard let user = users.byId[id] else { return }
            if student, checkedStudents.insert(id).inserted {
                if user.person.username.isEmpty {
                    leftOut[id] = "username is empty; a student needs one (it is their name in EduJam)"
                } else if let problem = NameRule.problem(with: user.person.username) {
                    leftOut[id] = "username cannot be an EduJam student name: it \(problem)"
                }
            }
            guard listed.insert(id).inserted else { return }
            let name = user.person.username
            if !name.isEmpty {
                if let first = usernames[name] {
                    throw user.row.error("username '\(name)' is also the username of the user on line \(first)")
                }
                usernames[name] = user.row.line
            }
            people.append(user.person)
        }
        var result: [RosterClass] = []
        for entry in classes.entries where !entry.deleted {
            var teachers: [String] = []
            var students: [String] = []
            var seen: (teachers: Set<String>, students: Set<String>) = ([], [])  // linear in the class's size
            for enrollment in enrollments.byClass[entry.sourcedId] ?? [] {
                let student = enrollment.role == "student"
                try person(enrollment.userId, student: student)
                if student {
                    if seen.students.insert(enrollment.userId).inserted { students.append(enrollment.userId) }
                } else if seen.teachers.insert(enrollment.userId).inserted {
                    teachers.append(enrollment.userId)
                }
            }
            // Primary teachers first: the first teacher with a login owns the class (docs/classroom.md).
            let primary = Set((enrollments.byClass[entry.sourcedId] ?? []).filter(\.primary).map(\.userId))
            teachers = teachers.filter { primary.contains($0) } + teachers.filter { !primary.contains($0) }
            result.append(
                RosterClass(sourcedId: entry.sourcedId, name: entry.title, teachers: teachers, students: students))
        }
        return Roster(
            people: people, classes: result, closedClasses: classes.entries.filter(\.deleted).map(\.sourcedId),
            leftOut: leftOut)
    }
}
