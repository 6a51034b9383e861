import Foundation
import Testing
import TrackingTestSupport

@testable import Classroom
@testable import Tracking

/// A whole game assigned (`MATH-JAM`), played at its levels: the gradebook and the review read
/// the attempts at the levels, grade by score, and show the verdict and the level. Runs on
/// PostgreSQL too (`EDUJAM_TEST_ENGINE=postgresql`).
@Suite struct WholeGameGradesTests {
    private struct Class {
        let clock = VirtualClock()
        let store: TrackingStore
        let assignment: Int64
        /// When ana's one attempt ended: its last event.
        let anaEnded: Date

        /// ana finishes LEVEL-1 with 2/5 and fails. ben finishes LEVEL-1 with 5/5 and passes, then
        /// leaves LEVEL-2 after one wrong answer, with the "failed" his game set as it went.
        init() throws {
            store = try classroomStore(clock)
            assignment = try store.createAssignment(
                AssignmentDraft(className: "5A", title: "The whole game", paths: [["MATH-JAM"]]))
            clock.advance(60)
            try Self.attempt(store, "ana", Catalog.level1, right: 2, outcome: .finished, clock: clock)
            anaEnded = clock.now
            clock.advance(60)
            try Self.attempt(store, "ben", Catalog.level1, right: 5, outcome: .finished, clock: clock)
            try Self.attempt(store, "ben", Catalog.level2, right: 0, asked: 1, outcome: .quit, clock: clock)
        }

        /// One attempt of a five-question quiz whose items are set after every answer.
        static func attempt(
            _ store: TrackingStore, _ student: String, _ path: [String], right: Double, asked: Double = 5,
            outcome: RunOutcome, clock: VirtualClock
        ) throws {
            let run = try #require(try store.context(at: path)).createNewActivity(student: student)
            try run.start()
            clock.advance(30)
            try run.setScore(id: "correct", title: "Correct answers", score: right, maxScore: 5)
            try run.setBinary(id: "passed", title: "Passed", value: right >= 3, valueType: .passFail)
            try run.setProgress(asked / 5)
            try run.end(outcome: outcome)
            try store.save()
        }
    }

    /// One class's gradebook (`export --oneroster-results --class`) reads only that class's
    /// attempts and Done marks, and is the whole gradebook's entries of that class.
    @Test func oneClassesGradebookIsTheWholeGradebooksEntriesOfThatClass() throws {
        let school = try Class()
        try school.store.createClass(named: "5B")
        _ = try school.store.addStudents(["dan"], toClass: "5B")
        let other = try school.store.createAssignment(
            AssignmentDraft(className: "5B", title: "Again", paths: [["MATH-JAM"]]))
        school.clock.advance(60)
        try Class.attempt(school.store, "dan", Catalog.level1, right: 4, outcome: .finished, clock: school.clock)
        try school.store.markDone(assignment: other, student: "dan")
        let whole = try school.store.gradebook()
        #expect(whole.map(\.assignment.className).sorted() == ["5A", "5B"])
        for name in ["5A", "5B"] {
            #expect(try school.store.gradebook(className: name) == whole.filter { $0.assignment.className == name })
        }
        #expect(throws: ClassroomError.unknownClass("9Z")) { try school.store.gradebook(className: "9Z") }
    }

    @Test func theGradebookCountsTheAttemptsAtTheLevelsOfAnAssignedGame() throws {
        let school = try Class()
        let entry = try #require(try school.store.gradebook().first { $0.assignment.id == school.assignment })
        let ana = try #require(entry.rows.first { $0.student == "ana" }?.cells.first)
        #expect(ana.attempts.map(\.identifierPath) == [[rootID] + Catalog.level1])
        #expect(ana.progress.score == 0.4)  // 2/5 graded, not the 100% progress of a finished run
        #expect(ana.lastChange == ISO8601.string(fromEpoch: school.anaEnded.timeIntervalSince1970))
        let ben = try #require(entry.rows.first { $0.student == "ben" }?.cells.first)
        #expect(ben.attempts.count == 2 && ben.progress.score == 1)
        let cleo = try #require(entry.rows.first { $0.student == "cleo" }?.cells.first)
        #expect(cleo.attempts.isEmpty && cleo.lastChange == nil && cleo.progress.score == nil)
    }

    @Test func theReviewShowsTheScoreTheVerdictAndTheLevelOfTheLatestAttempt() throws {
        let school = try Class()
        let report = try school.store.classReport(className: "5A")
        let cells = try #require(report.assignments.first).students.map { $0.activities[0] }
        #expect(cells.map(\.score) == [0.4, 1, nil])
        // ben left LEVEL-2 with "failed" saved: a run he left is no verdict, his finished one stands
        #expect(cells.map(\.passed) == [false, true, nil])
        #expect(cells.map(\.latestPath) == [[rootID] + Catalog.level1, [rootID] + Catalog.level2, nil])
        #expect(cells.map(\.latestLevel) == [["LEVEL-1"], ["LEVEL-2"], nil])
        let json = String(decoding: try JSONEncoder().encode(cells[2]), as: UTF8.self)
        #expect(
            json.contains(#""score":null"#) && json.contains(#""passed":null"#) && json.contains(#""latestPath":null"#))
    }

    @Test func aLevelAssignedItselfHasNoLevelToShow() throws {
        let clock = VirtualClock()
        let store = try classroomStore(clock)
        try store.createAssignment(AssignmentDraft(className: "5A", title: "Level 1", paths: [Catalog.level1]))
        try Class.attempt(store, "ana", Catalog.level1, right: 4, outcome: .finished, clock: clock)
        let cell = try #require(try store.classReport(className: "5A").assignments.first?.students.first?.activities[0])
        #expect(cell.latestPath == [rootID] + Catalog.level1 && cell.latestLevel == nil)
        #expect(cell.score == 0.8 && cell.passed == true)
    }
}
