import Foundation
import Testing
import TrackingTestSupport

@testable import Classroom
@testable import Tracking

@Suite struct ClassroomAssignmentTests {
    private func draft(students: [String]? = nil, title: String = "Fractions", paths: [[String]] = [Catalog.level1])
        -> AssignmentDraft
    {
        AssignmentDraft(className: "5A", students: students, title: title, paths: paths)
    }

    @Test func createdAssignmentReadsBack() throws {
        let clock = VirtualClock()
        let store = try classroomStore(clock)
        let due = try DueDate.parse("2027-01-20T12:00:00Z")
        let id = try store.createAssignment(
            AssignmentDraft(
                className: "5A", title: "Fractions", due: due, instructions: "Do both levels",
                paths: [Catalog.level1, [rootID] + Catalog.level2, Catalog.level1]))  // root optional, repeat collapses
        let assignment = try #require(try store.assignment(id: id))
        #expect(assignment.className == "5A" && assignment.title == "Fractions" && assignment.wholeClass)
        #expect(assignment.instructions == "Do both levels" && assignment.completedAt == nil)
        #expect(assignment.due == "2027-01-20T12:00:00.000Z")
        #expect(assignment.createdAt == ISO8601.string(fromEpoch: clock.now.timeIntervalSince1970))
        #expect(assignment.students == ["ana", "ben", "cleo"])
        #expect(
            assignment.activities == [
                AssignedActivity(identifierPath: [rootID] + Catalog.level1, title: "Level 1"),
                AssignedActivity(identifierPath: [rootID] + Catalog.level2, title: "Level 2"),
            ])
        #expect(try store.assignments(className: "5A") == [assignment])
    }

    @Test func selectedStudentsOnly() throws {
        let store = try classroomStore()
        let id = try store.createAssignment(draft(students: ["cleo", "ana", "cleo"]))
        let assignment = try #require(try store.assignment(id: id))
        #expect(!assignment.wholeClass && assignment.students == ["ana", "cleo"])  // class order
    }

    @Test func wholeClassIncludesStudentsWhoJoinLater() throws {
        let store = try classroomStore()
        let whole = try store.createAssignment(draft())
        let some = try store.createAssignment(draft(students: ["ben"]))
        try store.addStudents(["dan"], toClass: "5A")
        #expect(try store.assignment(id: whole)?.students == ["ana", "ben", "cleo", "dan"])
        #expect(try store.assignment(id: some)?.students == ["ben"])
    }

    @Test func unknownIdsAndClasses() throws {
        let store = try classroomStore()
        #expect(try store.assignment(id: 999) == nil)
        #expect(classroomError { _ = try store.assignments(className: "9Z") } == .unknownClass("9Z"))
        #expect(try store.assignments(className: "5A") == [])
    }

    @Test func everyBadDraftIsRefusedWithoutChange() throws {
        let store = try classroomStore()
        let classroomCases: [(AssignmentDraft, ClassroomError)] = [
            (AssignmentDraft(className: "9Z", title: "T", paths: [Catalog.level1]), .unknownClass("9Z")),
            (draft(students: ["ana", "zoe"]), .unknownStudent("zoe", className: "5A")),
            (draft(paths: [Catalog.level1, ["MATH-JAM", "LEVEL-9"]]), .unknownPath(["MATH-JAM", "LEVEL-9"])),
            (draft(paths: [Catalog.level1, Catalog.menu]), .notAssignable(Catalog.menu)),
            (draft(paths: []), .noActivities),
        ]
        for (bad, expected) in classroomCases {
            #expect(try classroomRefusal(store) { try store.createAssignment(bad) } == expected)
        }
        let trackingCases: [(AssignmentDraft, TrackingError)] = [
            (draft(students: [""]), .invalidName(what: "student name", reason: "must not be blank")),
            (
                draft(students: ["ana", "b\u{202E}en"]),
                .invalidName(what: "student name 2 of 2", reason: "contains an invisible formatting character (U+202E)")
            ),
            (draft(title: " "), .blankTitle),
            (
                draft(title: String(repeating: "t", count: 257)),
                .tooLong(TextOverrun(field: "title", count: 257, limit: 256, unit: .characters))
            ),
        ]
        for (bad, expected) in trackingCases {
            #expect(try refusedWithoutChange(store) { try store.createAssignment(bad) } == expected)
        }
    }

    @Test func unsavedContextsAreNotInTheCatalog() throws {
        let store = try classroomStore()
        try store.context(at: ["MATH-JAM"])?.addChild(identifier: "DRAFT", title: "Draft", type: .level)
        #expect(
            classroomError { try store.createAssignment(draft(paths: [["MATH-JAM", "DRAFT"]])) }
                == .unknownPath(["MATH-JAM", "DRAFT"]))
        try store.save()
        #expect(classroomError { try store.createAssignment(draft(paths: [["MATH-JAM", "DRAFT"]])) } == nil)
    }

    @Test func assignmentsAnAttemptCountsFor() throws {
        let clock = VirtualClock()
        let store = try classroomStore(clock)
        let first = try store.createAssignment(draft(paths: [Catalog.level1, Catalog.level2]))
        let second = try store.createAssignment(draft(students: ["ben"], paths: [Catalog.level1]))
        let whole = try store.createAssignment(draft(students: ["ana"], paths: [["MATH-JAM"]]))
        #expect(
            try store.assignments(countingAttempt: play(store, "ben", Catalog.level1, clock: clock)).map(\.id) == [
                first, second,
            ])
        #expect(
            try store.assignments(countingAttempt: play(store, "ana", Catalog.level1, clock: clock)).map(\.id) == [
                first, whole,
            ])
        #expect(
            try store.assignments(countingAttempt: play(store, "ana", Catalog.menu, clock: clock)).map(\.id) == [whole])
        #expect(try store.assignments(countingAttempt: play(store, "cleo", Catalog.menu, clock: clock)).isEmpty)
        #expect(try store.assignments(countingAttempt: 999).isEmpty)
    }

    @Test func removingAContextDropsItFromAssignments() throws {
        let store = try classroomStore()
        let id = try store.createAssignment(draft(paths: [Catalog.level1, Catalog.level2]))
        try store.markDone(assignment: id, student: "ana")
        try store.remove(try #require(try store.context(at: Catalog.level2)))
        try store.save()
        #expect(try store.assignment(id: id)?.activities.map(\.title) == ["Level 1"])
        #expect(try store.inbox(student: "ana").first?.activities.map(\.status) == [.done])
    }
}
