import Foundation
import Testing
import TrackingTestSupport

@testable import Classroom
@testable import Tracking

@Suite struct ClassroomStatusTests {
    private func statuses(_ store: TrackingStore, _ student: String) throws -> [ActivityStatus] {
        try store.inbox(student: student).flatMap { $0.activities.map(\.status) }
    }

    @Test func notStartedThenInProgressThenDoneByTheStudent() throws {
        let clock = VirtualClock()
        let store = try classroomStore(clock)
        let id = try store.createAssignment(
            AssignmentDraft(className: "5A", title: "T", paths: [Catalog.level1, Catalog.level2]))
        #expect(try statuses(store, "ana") == [.notStarted, .notStarted])
        try play(store, "ana", Catalog.level1, clock: clock, progress: 1)
        #expect(try statuses(store, "ana") == [.inProgress, .notStarted])  // progress 1 is not done
        try store.markDone(assignment: id, student: "ana", paths: [Catalog.level2])
        #expect(try statuses(store, "ana") == [.inProgress, .done])  // done needs no attempt
        try store.markDone(assignment: id, student: "ana")
        #expect(try statuses(store, "ana") == [.done, .done])
        #expect(try statuses(store, "ben") == [.notStarted, .notStarted])
    }

    @Test func theGameMarkingARunDoneCountsAndStaysAfterANewerAttempt() throws {
        let clock = VirtualClock()
        let store = try classroomStore(clock)
        try store.createAssignment(AssignmentDraft(className: "5A", title: "T", paths: [Catalog.level1]))
        try play(store, "ana", Catalog.level1, clock: clock, doneByGame: true)
        #expect(try statuses(store, "ana") == [.done])
        try play(store, "ana", Catalog.level1, clock: clock)  // a newer attempt not marked done
        #expect(try statuses(store, "ana") == [.done])  // Done belongs to the assignment
    }

    @Test func teacherCompleteMakesEverythingDoneOnce() throws {
        let clock = VirtualClock()
        let store = try classroomStore(clock)
        let id = try store.createAssignment(AssignmentDraft(className: "5A", title: "T", paths: [Catalog.level1]))
        try store.markAssignmentComplete(id)
        let completedAt = try store.assignment(id: id)?.completedAt
        clock.advance(100)
        try store.markAssignmentComplete(id)  // cannot be undone or redone
        #expect(try store.assignment(id: id)?.completedAt == completedAt)
        for student in ["ana", "ben", "cleo"] { #expect(try statuses(store, student) == [.done]) }
        #expect(try store.inbox(student: "ana").first?.complete == true)
    }

    @Test func lateMeansDuePassedAndNotDone() throws {
        let clock = VirtualClock()
        let store = try classroomStore(clock)
        let due = clock.now + 3600
        let id = try store.createAssignment(
            AssignmentDraft(className: "5A", title: "T", due: due, paths: [Catalog.level1]))
        #expect(try store.inbox(student: "ana").first?.late == false)
        try store.markDone(assignment: id, student: "ben")
        clock.advance(3601)
        let ana = try #require(try store.inbox(student: "ana").first)
        #expect(ana.late && ana.activities.map(\.late) == [true])
        #expect(ana.due == ISO8601.string(fromEpoch: due.timeIntervalSince1970))
        #expect(try store.inbox(student: "ben").first?.late == false)
    }

    @Test func onlyAssigneesAttemptsStartedAfterCreationCount() throws {
        let clock = VirtualClock()
        let store = try classroomStore(clock)
        let before = try play(store, "ana", Catalog.level1, clock: clock)
        clock.advance(10)
        let id = try store.createAssignment(
            AssignmentDraft(className: "5A", students: ["ana"], title: "T", paths: [Catalog.level1]))
        let counted = try play(store, "ana", Catalog.level1, clock: clock)
        let other = try play(store, "ana", Catalog.level2, clock: clock)
        let bens = try play(store, "ben", Catalog.level1, clock: clock)
        #expect(try store.attempts(assignment: id, student: "ana").map(\.id) == [counted])
        #expect(try store.practiceRuns(student: "ana").map(\.id) == [other, before])  // newest first
        #expect(try store.practiceRuns(student: "ben").map(\.id) == [bens])
        #expect(try store.inbox(student: "ana").first?.activities.first?.attempts == 1)
        #expect(try store.inbox(student: "ben").isEmpty)
    }

    /// The page's read of every cell at once gives, for each assignment and assignee, what the
    /// one-cell read gives: the same attempts, in the same order.
    @Test func everyCellAtOnceIsEachCellAlone() throws {
        let clock = VirtualClock()
        let store = try classroomStore(clock)
        let first = try store.createAssignment(AssignmentDraft(className: "5A", title: "T", paths: [Catalog.level1]))
        let second = try store.createAssignment(
            AssignmentDraft(className: "5A", students: ["ben"], title: "U", paths: [Catalog.level2]))
        for (student, path) in [("ana", Catalog.level1), ("ben", Catalog.level1), ("ben", Catalog.level2)] {
            _ = try play(store, student, path, clock: clock)
            clock.advance(5)
            _ = try play(store, student, path, clock: clock)
        }
        let all = try store.attempts(assignments: [first, second])
        #expect(all.keys.sorted() == [first, second] && all[second]?.keys.sorted() == ["ben"])
        for (id, students) in all {
            for (student, runs) in students {
                #expect(runs.map(\.id) == (try store.attempts(assignment: id, student: student)).map(\.id))
            }
        }
        #expect([all[first]?["ana"], all[first]?["ben"], all[second]?["ben"]].map { $0?.count } == [2, 2, 2])
        let ids = { (attempts: [Int64: [String: [RunRecord]]]) in attempts.mapValues { $0.mapValues { $0.map(\.id) } } }
        #expect(ids(try store.attempts(behind: store.classReport(className: "5A"))) == ids(all))
        #expect(try store.attempts(assignments: [first], students: ["ana"])[first]?.keys.sorted() == ["ana"])
        #expect(classroomError { _ = try store.attempts(assignments: [first, 999]) } == .unknownAssignment(999))
    }

    @Test func badDoneCallsChangeNothing() throws {
        let store = try classroomStore()
        let id = try store.createAssignment(
            AssignmentDraft(className: "5A", students: ["ana"], title: "T", paths: [Catalog.level1]))
        #expect(
            try classroomRefusal(store) { try store.markDone(assignment: 999, student: "ana") }
                == .unknownAssignment(999))
        #expect(
            try classroomRefusal(store) { try store.markDone(assignment: id, student: "ben") }
                == .unknownStudent("ben", className: "5A"))
        #expect(
            try classroomRefusal(store) {
                try store.markDone(assignment: id, student: "ana", paths: [Catalog.level1, Catalog.level2])
            } == .pathNotInAssignment(Catalog.level2, assignment: id))
        #expect(try classroomRefusal(store) { try store.markAssignmentComplete(999) } == .unknownAssignment(999))
        #expect(classroomError { _ = try store.attempts(assignment: 999, student: "ana") } == .unknownAssignment(999))
        #expect(
            classroomError { _ = try store.attempts(assignment: id, student: "ben") }
                == .unknownStudent("ben", className: "5A"))
    }

    @Test func inboxOfAStudentInNoClassIsAnError() throws {
        let store = try classroomStore()
        #expect(classroomError { _ = try store.inbox(student: "zoe") } == .unknownStudent("zoe", className: nil))
        #expect(try store.inbox(student: "ana") == [])
    }

    @Test func inboxIsOrderedByDueDateUndatedLast() throws {
        let clock = VirtualClock()
        let store = try classroomStore(clock)
        let undated = try store.createAssignment(
            AssignmentDraft(className: "5A", title: "Any time", paths: [Catalog.level1]))
        let later = try store.createAssignment(
            AssignmentDraft(className: "5A", title: "Later", due: clock.now + 7200, paths: [Catalog.level1]))
        let sooner = try store.createAssignment(
            AssignmentDraft(className: "5A", title: "Sooner", due: clock.now + 3600, paths: [Catalog.level2]))
        #expect(try store.inbox(student: "cleo").map(\.assignmentId) == [sooner, later, undated])
    }

    @Test func attemptsAtALevelCountForTheGameAssigned() throws {
        let clock = VirtualClock()
        let store = try classroomStore(clock)
        let id = try store.createAssignment(AssignmentDraft(className: "5A", title: "T", paths: [["MATH-JAM"]]))
        let level = try play(store, "ana", Catalog.level2, clock: clock, progress: 0.5)
        let cell = try #require(try store.inbox(student: "ana").first?.activities.first)
        #expect(cell.status == .inProgress && cell.attempts == 1 && cell.progress == 0.5)
        #expect(try store.attempts(assignment: id, student: "ana").map(\.id) == [level])
        #expect(try store.practiceRuns(student: "ana").isEmpty)
    }

    @Test func aLaunchTheGameNeverStartedLeavesTheAssignmentNotStarted() throws {
        let clock = VirtualClock()
        let store = try classroomStore(clock)
        let id = try store.createAssignment(AssignmentDraft(className: "5A", title: "T", paths: [["MATH-JAM"]]))
        let game = try #require(try store.context(at: ["MATH-JAM"]))
        let launch = try game.createNewActivity(student: "ana")  // as `edujam play` does when ana leaves at the menu
        clock.advance(5)
        try launch.end(outcome: .quit)
        try store.save()
        let saved = try #require(try store.runs(student: "ana").first)
        #expect(saved.id == launch.id && !saved.started, "recorded, as not started")
        #expect(try statuses(store, "ana") == [.notStarted])
        #expect(try store.attempts(assignment: id, student: "ana").isEmpty)
        #expect(try store.assignments(countingAttempt: saved.id).isEmpty)
        try play(store, "ana", Catalog.level1, clock: clock)
        #expect(try statuses(store, "ana") == [.inProgress])
        #expect(try store.runs(student: "ana").first?.started == true)
    }
}
