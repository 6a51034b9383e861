import Testing
import TrackingTestSupport

@testable import Classroom
@testable import Tracking

/// The parts of ``TrackingStore/syncRoster(_:createLogins:)`` the OneRoster fixtures (InteropTests) do not
/// reach: closed classes, username conflicts, a rename onto a name added by hand.
@Suite struct RosterSyncTests {
    private static func person(_ id: String, _ username: String) -> RosterPerson {
        RosterPerson(sourcedId: id, username: username, givenName: "", familyName: "")
    }

    /// Class "3B" (sourcedId c1) taught by t1, with ana (s1) and ben (s2).
    private static let school = Roster(
        people: [person("s1", "ana"), person("s2", "ben"), person("t1", "ms.hill")],
        classes: [RosterClass(sourcedId: "c1", name: "3B", teachers: ["t1"], students: ["s1", "s2"])])

    @Test func aClosedClassKeepsItsNameButLosesItsStudentsAndTeachers() throws {
        let store = try makeStore()
        try store.syncRoster(Self.school)
        let closed = try store.syncRoster(Roster(people: Self.school.people, classes: [], closedClasses: ["c1"]))
        #expect(closed.studentsLeft == 2 && closed.teachersRemoved == 1 && closed.studentsJoined == 0)
        #expect(try store.classes() == [SchoolClass(name: "3B", students: [])])
        let roster = try #require(try store.classRosters()["3B"])
        #expect(roster.left.map(\.username) == ["ana", "ben"] && roster.students.isEmpty && roster.teachers.isEmpty)
        let unknown = try store.syncRoster(Roster(people: [], classes: [], closedClasses: ["c1", "never-imported"]))
        #expect(unknown.isEmpty)
        #expect(try store.classes().map(\.name) == ["3B"])
    }

    @Test func aUsernameAnotherPersonHoldsIsRefusedAndNothingChanges() throws {
        let store = try makeStore()
        try store.syncRoster(Self.school)
        let before = "\(try store.classes()) \(try store.classRosters())"
        // s1 is not in this roster but still holds "ana" in the store.
        let taken = Roster(people: [Self.person("s2", "ana")], classes: [])
        #expect(throws: RosterConflict.usernameTaken(personSourcedId: "s2", username: "ana", holder: "s1")) {
            try store.syncRoster(taken)
        }
        // A swap: each would take the name the other holds now, merging their attempts.
        let swapped = Roster(people: [Self.person("s1", "ben"), Self.person("s2", "ana")], classes: [])
        #expect(throws: RosterConflict.usernameTaken(personSourcedId: "s1", username: "ben", holder: "s2")) {
            try store.syncRoster(swapped)
        }
        #expect("\(try store.classes()) \(try store.classRosters())" == before)
    }

    @Test func aStudentRenamedOntoANameAddedByHandBecomesOneStudent() throws {
        let store = try makeStore()
        try store.syncRoster(Self.school)
        try store.addStudents(["ana.l"], toClass: "3B")
        var renamed = Self.school
        renamed.people[0].username = "ana.l"
        let changes = try store.syncRoster(renamed)
        #expect(changes.studentsRenamed == 1 && changes.studentsJoined == 0)
        #expect(try store.classes() == [SchoolClass(name: "3B", students: ["ana.l", "ben"])])
        #expect(try store.classRosters()["3B"]?.students.map(\.username) == ["ana.l", "ben"])
    }
    /// The rows a sync writes, positions and all, over three imports that reach every path: a new
    /// class, a student already on the roster by hand (their place is kept), one who leaves, one
    /// who comes back (a new place at the end), teachers dropped and added. The expected rows were
    /// taken from the import before it was made fast (bench row `roster/import`): the same roster
    /// must still give the same store.
    @Test func threeImportsWriteExactlyTheExpectedRowsAndPositions() throws {
        let store = try makeStore()
        try store.syncRoster(Self.school)
        try store.addStudents(["cy"], toClass: "3B")
        let people =
            Self.school.people + [Self.person("s3", "cy"), Self.person("s4", "dan"), Self.person("t2", "mr.oak")]
        let second = try store.syncRoster(
            Roster(
                people: people,
                classes: [
                    RosterClass(sourcedId: "c1", name: "3B", teachers: ["t2"], students: ["s3", "s2", "s4"]),
                    RosterClass(sourcedId: "c2", name: "4A", teachers: ["t1", "t2"], students: ["s1", "s4"]),
                ]))
        let third = try store.syncRoster(
            Roster(
                people: people,
                classes: [RosterClass(sourcedId: "c1", name: "3B", teachers: ["t1"], students: ["s1", "s3", "s4"])]))
        #expect(
            [second.studentsJoined, second.studentsLeft, second.teachersAdded, second.teachersRemoved]
                == [4, 1, 3, 1])
        #expect(
            [third.studentsJoined, third.studentsLeft, third.teachersAdded, third.teachersRemoved] == [1, 1, 1, 1])
        let engine = store.classroom
        let onRosters = try engine.rows(
            "SELECT c.name, s.student, s.position FROM class_students s JOIN classes c ON c.id = s.class_id ORDER BY c.name, s.position"
        ) { "\($0.text(0) ?? "") \($0.text(1) ?? "") \($0.int(2))" }
        let enrollments = try engine.rows(
            """
            SELECT c.name, e.person, e.role, e.position, e.left_at IS NOT NULL
            FROM roster_enrollments e JOIN classes c ON c.id = e.class_id ORDER BY c.name, e.position
            """
        ) { "\($0.text(0) ?? "") \($0.text(1) ?? "") \($0.text(2) ?? "") \($0.int(3)) \($0.int(4))" }
        // cy was on 3B by hand: s3 (cy) joining keeps that place; ana left and came back, at the end.
        #expect(onRosters == ["3B cy 2", "3B dan 3", "3B ana 4", "4A ana 0", "4A dan 1"])
        // t1 takes the place t2 had: a new enrollment goes after the rows left once the dropped are gone.
        #expect(
            enrollments == [
                "3B s1 student 0 0", "3B s2 student 1 1", "3B s3 student 3 0", "3B s4 student 4 0",
                "3B t1 teacher 5 0", "4A s1 student 0 0", "4A s4 student 1 0", "4A t1 teacher 2 0",
                "4A t2 teacher 3 0",
            ])
    }
    /// The sync numbers new rows itself: a stored place at the largest integer the column holds (a
    /// damaged or hostile store) refuses the import before anything changes; on SQLite, whose
    /// integers are Swift's, as a corrupt row, not an overflow trap (PostgreSQL's `integer`
    /// column refuses the next place itself).
    @Test func aPlaceAtTheLargestIntegerIsRefused() throws {
        let store = try makeStore()
        try store.syncRoster(Self.school)
        let largest = TestEngine.isSQLite ? Int64.max : Int64(Int32.max)
        try store.classroom.sql.run(
            "UPDATE roster_enrollments SET position = ? WHERE person = 's2'", [.integer(largest)])
        let before = "\(try store.classes()) \(try store.classRosters())"
        var joined = Self.school
        joined.people.append(Self.person("s3", "cy"))
        joined.classes[0].students.append("s3")
        let error = #expect(throws: (any Error).self) { try store.syncRoster(joined) }
        if TestEngine.isSQLite { #expect(error as? TrackingError == .corruptRow("roster_enrollments.position")) }
        #expect("\(try store.classes()) \(try store.classRosters())" == before)
    }

    /// The import widens SQLite's page cache for a district's rows and gives it back after, also
    /// when the roster is refused.
    @Test(.enabled(if: TestEngine.isSQLite, "SQLite's page cache")) func anImportLeavesTheCacheAsItFoundIt() throws {
        let store = try makeStore()
        let cacheSize = { try store.connection.statement("PRAGMA cache_size").query { $0.int(0) }.first }
        try store.connection.execute("PRAGMA cache_size = -1234")
        try store.syncRoster(Self.school)
        #expect(try cacheSize() == -1234)
        #expect(throws: RosterConflict.self) {
            try store.syncRoster(Roster(people: [Self.person("s9", "ana")], classes: []))
        }
        #expect(try cacheSize() == -1234)
    }
}
