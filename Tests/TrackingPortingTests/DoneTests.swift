import Classroom
import Foundation
import Testing
import Tracking

/// Done belongs to the assignment, not to an attempt.
@Suite struct DoneTests {
    private let clock = ManualClock()

    /// A store with GAME/LEVEL-1 and GAME/LEVEL-2, class 5A (ana, bo) and LEVEL-1 assigned to it.
    private func classroom() throws -> (TrackingStore, assignment: Int64) {
        let store = try SaveFixture.open(SaveFixture.storePath(), clock: clock)
        _ = try SaveFixture.level(store, "LEVEL-1")
        _ = try SaveFixture.level(store, "LEVEL-2")
        try store.createClass(named: "5A")
        try store.addStudents(["ana", "bo"], toClass: "5A")
        let id = try store.createAssignment(
            AssignmentDraft(className: "5A", title: "Sums", paths: [["GAME", "LEVEL-1"]]))
        clock.advance(60)
        return (store, id)
    }

    private func play(_ store: TrackingStore, _ student: String, _ level: String, score: Double, done: Bool) throws {
        let run = try SaveFixture.level(store, level).createNewActivity(student: student)
        try run.start()
        clock.advance(30)
        try run.setScore(id: "score", title: "Score", score: score, maxScore: 10)
        try run.end(outcome: .finished)
        if done { run.markDone(by: .game) }
        try store.save()
        clock.advance(30)
    }

    private func status(_ store: TrackingStore, _ student: String) throws -> ActivityProgress? {
        try store.inbox(student: student).first?.activities.first
    }

    @Test func aStudentWhoPlaysAgainAfterDoneStaysDoneAndTheTeacherSeesTheNewerMetrics() throws {
        let (store, _) = try classroom()
        try play(store, "ana", "LEVEL-1", score: 4, done: true)
        try play(store, "ana", "LEVEL-1", score: 9, done: false)
        let progress = try #require(try status(store, "ana"))
        #expect(progress.status == .done)
        #expect(progress.attempts == 2 && progress.primaryItem?.score == 9)
    }

    @Test func completingAssignedActivitiesNeedsNoAttempt() throws {
        let (store, id) = try classroom()
        let marked = try store.completeAllAssignedActivities(matching: ["GAME", "LEVEL-1"], student: "ana")
        #expect(marked == [id])
        #expect(try status(store, "ana")?.status == .done)
        #expect(try status(store, "bo")?.status == .notStarted)
        // With the bundle id first, as a deep link carries it; marking again keeps it done.
        #expect(
            try store.completeAllAssignedActivities(matching: [SaveFixture.root, "GAME", "LEVEL-1"], student: "ana")
                == [id])
    }

    @Test func practiceIsNeverDone() throws {
        let (store, _) = try classroom()
        try play(store, "ana", "LEVEL-2", score: 5, done: true)  // the game's activity.done()
        #expect(try store.completeAllAssignedActivities(matching: ["GAME", "LEVEL-2"], student: "ana").isEmpty)
        #expect(try store.practiceRuns(student: "ana").map(\.done) == [false])
        #expect(try status(store, "ana")?.status == .notStarted)  // LEVEL-1 untouched
    }

    @Test func onlyTheLastContextOfThePathIsCompleted() throws {
        let (store, _) = try classroom()
        _ = try store.createAssignment(AssignmentDraft(className: "5A", title: "Whole game", paths: [["GAME"]]))
        clock.advance(1)
        let marked = try store.completeAllAssignedActivities(matching: ["GAME", "LEVEL-1"], student: "ana")
        #expect(marked.count == 1)
        let inbox = try store.inbox(student: "ana")
        #expect(inbox.first { $0.title == "Whole game" }?.activities.first?.status == .notStarted)
    }
}
