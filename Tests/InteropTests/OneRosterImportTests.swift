import Classroom
import Foundation
import Interop
import Testing
import Tracking

/// A fixture folder under `Fixtures/`, or a temporary copy of one with some files replaced.
enum RosterFixture {
    static func url(_ name: String) -> URL {
        Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil)!
    }

    /// A copy of fixture `name` in a fresh temporary folder; `files` replace (or, with nil, remove) files.
    static func copy(_ name: String, _ files: [String: String?] = [:]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("oneroster-\(UUID())")
        try FileManager.default.copyItem(at: url(name), to: folder)
        for (file, text) in files {
            let target = folder.appendingPathComponent(file)
            try? FileManager.default.removeItem(at: target)
            if let text { try Data(text.utf8).write(to: target) }
        }
        return folder
    }

    /// `school`'s file with `line` (1-based) replaced, or appended when `line` is past the end.
    static func school(_ file: String, line: Int, _ text: String) throws -> URL {
        var lines = try String(contentsOf: url("school/\(file)"), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        if line <= lines.count { lines[line - 1] = text } else { lines.append(text) }
        return try copy("school", [file: lines.joined(separator: "\n") + "\n"])
    }

    static func store() throws -> TrackingStore {
        try TrackingStore.inMemory(rootIdentifier: "org.edujam.games", rootTitle: "EduJam Games")
    }
}

@Suite struct OneRosterImportTests {
    /// Everything an import can change, as the store shows it.
    private func snapshot(_ store: TrackingStore) throws -> String {
        let rosters = try store.classRosters().sorted { $0.key < $1.key }
        return "\(try store.classes()) \(rosters)"
    }

    @Test func classesStudentsAndTeachersByName() throws {
        let store = try RosterFixture.store()
        let outcome = try OneRosterImport.run(folder: RosterFixture.url("school"), store: store)
        #expect(
            try store.classes() == [
                SchoolClass(name: "3B", students: ["ana.lima", "bo.chen", "cy.okafor"]),
                SchoolClass(name: "4A", students: ["dee.park"]),
            ])
        let roster = try #require(try store.classRosters()["3B"])
        #expect(roster.sourcedId == "cls-3b")
        #expect(roster.teachers.map(\.displayName) == ["Jane Smith"])
        #expect(roster.students.map(\.sourcedId) == ["usr-s1", "usr-s2", "usr-s3"])
        #expect(
            roster.students.first
                == RosterPerson(sourcedId: "usr-s1", username: "ana.lima", givenName: "Ana", familyName: "Lima"))
        #expect(
            outcome.changes.classesCreated == 2 && outcome.changes.studentsJoined == 4
                && outcome.changes.teachersAdded == 2)
        #expect(outcome.warnings.isEmpty)
    }

    /// An export written with decomposed accents names the student as they type themselves:
    /// names are read in NFC, the one form EduJam compares names in.
    @Test func namesAreReadInComposedForm() throws {
        let folder = try RosterFixture.school(
            "users.csv", line: 4, "usr-s1,,,true,org-riverside,student,jose\u{301},,Jose\u{301},Lima,,S-1001,,,,,03,")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try RosterFixture.store()
        try OneRosterImport.run(folder: folder, store: store)
        let students = try #require(try store.classes().first?.students)
        #expect(students.first?.unicodeScalars.elementsEqual("jos\u{E9}".unicodeScalars) == true)
        #expect(try store.classRosters()["3B"]?.students.first?.givenName.unicodeScalars.count == 4)
    }

    @Test func reimportChangesNothing() throws {
        let store = try RosterFixture.store()
        _ = try OneRosterImport.run(folder: RosterFixture.url("school"), store: store)
        let before = try snapshot(store)
        let again = try OneRosterImport.run(folder: RosterFixture.url("school"), store: store)
        #expect(again.changes.isEmpty)
        #expect(try snapshot(store) == before)
    }

    @Test func offSpecExportsAreReadByHeaderName() throws {
        let store = try RosterFixture.store()
        let outcome = try OneRosterImport.run(folder: RosterFixture.url("offspec"), store: store)
        #expect(
            try store.classes() == [
                SchoolClass(name: "Art", students: ["noor.a"]),
                SchoolClass(name: "Maths, Year 5", students: ["liam.obrien", "mia.k"]),
            ])
        let maths = try #require(try store.classRosters()["Maths, Year 5"])
        #expect(maths.students.first?.familyName == "O'Brien, \"Jr\"")
        #expect(maths.teachers.map(\.username) == ["ms.hill"])
        #expect(try store.classRosters()["Art"]?.teachers == [])  // an administrator is not a teacher
        #expect(
            outcome.warnings == [
                "manifest.csv names orgs.csv, which is not in the folder: school references are not checked"
            ])
    }

    @Test func studentsWhoLeaveAreMarkedAndKeepTheirAttempts() throws {
        let store = try RosterFixture.store()
        _ = try OneRosterImport.run(folder: RosterFixture.url("school"), store: store)
        let level = try store.mainContext.addChild(identifier: "QUIZ", title: "Quiz", type: .quiz)
        for student in ["bo.chen", "cy.okafor"] {
            let attempt = try level.createNewActivity(student: student)
            try attempt.start()
            try attempt.end(outcome: .finished)
        }
        try store.save()

        let later = try OneRosterImport.run(folder: RosterFixture.url("school-later"), store: store)
        #expect(
            try store.classes() == [
                SchoolClass(name: "3B", students: ["ana.lima", "eve.ruiz"]),
                SchoolClass(name: "4A", students: []),
            ])
        let rosters = try store.classRosters()
        #expect(rosters["3B"]?.left.map(\.username) == ["bo.chen", "cy.okafor"])  // not enrolled; user tobedeleted
        #expect(rosters["4A"]?.left.map(\.username) == ["dee.park"])  // enrollment tobedeleted
        #expect(rosters["4A"]?.teachers.map(\.displayName) == ["Marta Rossi"])
        #expect(try store.runs(student: "bo.chen").count == 1 && store.runs(student: "cy.okafor").count == 1)
        #expect(later.changes.studentsLeft == 3 && later.changes.studentsJoined == 1)
        #expect(later.changes.teachersAdded == 1 && later.changes.teachersRemoved == 1)
        #expect(try OneRosterImport.run(folder: RosterFixture.url("school-later"), store: store).changes.isEmpty)

        // they come back, eve leaves
        let back = try OneRosterImport.run(folder: RosterFixture.url("school"), store: store)
        #expect(back.changes.studentsJoined == 3 && back.changes.studentsLeft == 1)
        #expect(try store.classes().map(\.students) == [["ana.lima", "bo.chen", "cy.okafor"], ["dee.park"]])
        #expect(try store.classRosters()["3B"]?.left.map(\.username) == ["eve.ruiz"])
    }

    @Test func aChangedUsernameRenamesTheStudentEverywhere() throws {
        let store = try RosterFixture.store()
        _ = try OneRosterImport.run(folder: RosterFixture.url("school"), store: store)
        let level = try store.mainContext.addChild(identifier: "QUIZ", title: "Quiz", type: .quiz)
        try level.createNewActivity(student: "ana.lima").start()
        try store.save()
        let renamed = try RosterFixture.school(
            "users.csv", line: 4,
            "usr-s1,,,true,org-riverside,student,ana.l,\"{LDAP:1001}\",Ana,Lima-Reyes,,S-1001,,,,,03,")
        let outcome = try OneRosterImport.run(folder: renamed, store: store)
        #expect(outcome.changes.studentsRenamed == 1 && outcome.changes.namesUpdated == 1)
        #expect(try store.classes().first?.students == ["ana.l", "bo.chen", "cy.okafor"])
        #expect(try store.runs(student: "ana.l").count == 1 && store.runs(student: "ana.lima").isEmpty)
    }

    @Test func aNewTitleRenamesTheClassButATeachersRenameSurvives() throws {
        let store = try RosterFixture.store()
        _ = try OneRosterImport.run(folder: RosterFixture.url("school"), store: store)
        try store.renameClass("3B", to: "3B maths")
        #expect(try OneRosterImport.run(folder: RosterFixture.url("school"), store: store).changes.isEmpty)
        #expect(try store.classes().map(\.name) == ["3B maths", "4A"])
        let retitled = try RosterFixture.school(
            "classes.csv", line: 2,
            "cls-3b,,,Year 3 Blue,03,crs-y3,,homeroom,,org-riverside,term-2026,,,")
        #expect(try OneRosterImport.run(folder: retitled, store: store).changes.classesRenamed == 1)
        #expect(try store.classes().map(\.name) == ["4A", "Year 3 Blue"])
        #expect(try store.classRosters()["Year 3 Blue"]?.sourcedId == "cls-3b")
    }

    @Test func classesAddedByHandAreLeftAlone() throws {
        let store = try RosterFixture.store()
        try store.createClass(named: "Chess club")
        try store.addStudents(["zed"], toClass: "Chess club")
        _ = try OneRosterImport.run(folder: RosterFixture.url("school"), store: store)
        try store.addStudents(["walk.in"], toClass: "3B")
        _ = try OneRosterImport.run(folder: RosterFixture.url("school-later"), store: store)
        #expect(try store.classes().map(\.students) == [["ana.lima", "walk.in", "eve.ruiz"], [], ["zed"]])
        #expect(try store.classRosters()["Chess club"] == nil)
    }

    /// One bad row anywhere: the error names the file and line, and the store is as it was.
    @Test(arguments: [
        (
            "users.csv", 1, "sourcedId,status,enabledUser,orgSourcedIds,role,userIds,givenName,familyName",
            "users.csv:1: missing required column 'username'"
        ),
        (
            "enrollments.csv", 4, "enr-3,cls-9,org-riverside,usr-s2,student,false,,,,",
            "enrollments.csv:4: unknown class 'cls-9': not in classes.csv"
        ),
        (
            "enrollments.csv", 4, "enr-3,cls-3b,org-riverside,usr-s9,student,false,,,,",
            "enrollments.csv:4: unknown user 'usr-s9': not in users.csv"
        ),
        (
            "users.csv", 8, "usr-s1,,,true,org-riverside,student,ana2,,Ana,Two,,,,,,,,",
            "users.csv:8: duplicate sourcedId 'usr-s1' (first on line 4)"
        ),
        (
            "enrollments.csv", 8, "enr-2,cls-4a,org-riverside,usr-s1,student,,,,,",
            "enrollments.csv:8: duplicate sourcedId 'enr-2' (first on line 3)"
        ),
        (
            "users.csv", 5, "usr-s2,,,true,org-riverside,student,ana.lima,,Bo,Chen,,,,,,,,",
            "users.csv:5: username 'ana.lima' is also the username of the user on line 4"
        ),
        (
            "classes.csv", 2, "cls-3b,,,3B\u{202E},03,crs-y3,,homeroom,,org-riverside,term-2026,,,",
            "classes.csv:2: title cannot be an EduJam class name: it contains an invisible formatting character (U+202E)"
        ),
        (
            "classes.csv", 3, "cls-4a,,,3B,04,crs-y4,,homeroom,,org-riverside,term-2026,,,",
            "classes.csv:3: title '3B' is also the title of the class on line 2; EduJam class names are unique"
        ),
        (
            "classes.csv", 3, "cls-4a,,,4A,04,crs-y4,,homeroom,,org-elsewhere,term-2026,,,",
            "classes.csv:3: schoolSourcedId 'org-elsewhere' is not in orgs.csv"
        ),
        (
            "classes.csv", 3, "cls-4a,archived,,4A,04,crs-y4,,homeroom,,org-riverside,term-2026,,,",
            "classes.csv:3: status 'archived' is not active or tobedeleted"
        ),
        (
            "users.csv", 6, "usr-s3,,,true,org-riverside,student,\"cy,okafor,,Cy,Okafor,,,,,,,,",
            "users.csv:6: a quoted field is never closed"
        ),
        (
            "users.csv", 6, "usr-s3,,,true,org-riverside,student,cy.okafor,,Cy,Okafor",
            "users.csv:6: 10 fields, but the header has 18"
        ),
        (
            "manifest.csv", 11, "file.enrollments,delta",
            "manifest.csv:11: file.enrollments is delta: delta files are not supported; export the roster in bulk"
        ),
        (
            "manifest.csv", 3, "oneroster.version,1.2",
            "manifest.csv:3: oneroster.version is 1.2; EduJam reads OneRoster 1.1 (and 1.0)"
        ),
    ])
    func aBadRowAbortsTheImport(file: String, line: Int, text: String, message: String) throws {
        let store = try RosterFixture.store()
        _ = try OneRosterImport.run(folder: RosterFixture.url("school-later"), store: store)
        let before = try snapshot(store)
        let folder = try RosterFixture.school(file, line: line, text)
        do {
            _ = try OneRosterImport.run(folder: folder, store: store)
            Issue.record("imported a bad folder")
        } catch {
            #expect(error is OneRosterError)
            #expect("\(error)" == message)
        }
        #expect(try snapshot(store) == before)
    }

    /// One pupil's row the store cannot take holds back nobody else's: it is left out, named by
    /// its file and line with why, and the rest of the school is imported (docs/interop.md,
    /// "One student's row, or the whole folder").
    @Test(arguments: [
        ("", "username is empty; a student needs one (it is their name in EduJam)"),
        (
            String(repeating: "b", count: 300),
            "username cannot be an EduJam student name: it is 300 characters long (limit 64)"
        ),
        ("bo\u{1B}[2J", "username cannot be an EduJam student name: it contains a control character (U+001B)"),
    ])
    func aStudentWhoseUsernameIsNoNameIsLeftOutAndTheRestImported(username: String, why: String) throws {
        let store = try RosterFixture.store()
        let folder = try RosterFixture.school(
            "users.csv", line: 5, "usr-s2,,,true,org-riverside,student,\(username),,Bo,Chen,,,,,,,,")
        let outcome = try OneRosterImport.run(folder: folder, store: store)
        let shown = username.unicodeScalars.contains { $0.value < 0x20 } ? nil : username
        #expect(outcome.warnings.first?.hasPrefix("users.csv:5: the student ") == true, "\(outcome.warnings)")
        #expect(outcome.warnings.first?.hasSuffix(" is left out: \(why)") == true, "\(outcome.warnings)")
        if let shown { #expect(outcome.warnings.first == "users.csv:5: the student \(shown) is left out: \(why)") }
        #expect(outcome.changes.leftOut.map(\.sourcedId) == ["usr-s2"])
        #expect(
            try store.classes() == [
                SchoolClass(name: "3B", students: ["ana.lima", "cy.okafor"]),
                SchoolClass(name: "4A", students: ["dee.park"]),
            ])
    }

    @Test func aMissingFileIsNamed() throws {
        let folder = try RosterFixture.copy("school", ["enrollments.csv": nil])
        let store = try RosterFixture.store()
        #expect(throws: OneRosterError.self) { try OneRosterImport.run(folder: folder, store: store) }
        #expect(try store.classes().isEmpty)
    }

    @Test func aClassNameTakenInTheStoreIsRefusedOnItsLine() throws {
        let store = try RosterFixture.store()
        try store.createClass(named: "4A")
        do {
            _ = try OneRosterImport.run(folder: RosterFixture.url("school"), store: store)
            Issue.record("imported over a class made by hand")
        } catch {
            #expect("\(error)" == "classes.csv:3: class name '4A' is already used by another class in the store")
        }
        #expect(try store.classes() == [SchoolClass(name: "4A", students: [])])
        #expect(try store.classRosters().isEmpty)
    }
}
