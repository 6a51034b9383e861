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
}
