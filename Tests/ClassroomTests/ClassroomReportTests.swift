import Foundation
import Testing
import TrackingTestSupport

@testable import Classroom
@testable import Tracking

/// The whole loop in one process: publish, class, assign, two students play, one marks done, review.
@Suite struct ClassroomReportTests {
    private struct Loop {
        let clock = VirtualClock()
        let store: TrackingStore
        let id: Int64
        let anaLatest: Int64

        init() throws {
            store = try classroomStore(clock)
            id = try store.createAssignment(
                AssignmentDraft(
                    className: "5A", title: "Fractions", due: clock.now + 86_400,
                    paths: [Catalog.level1, Catalog.level2]))
            clock.advance(1)
            try play(store, "ana", Catalog.level1, clock: clock, seconds: 60, progress: 1, score: 6)
            anaLatest = try play(store, "ana", Catalog.level1, clock: clock, seconds: 30, progress: 0.5, score: 8)
            try play(store, "ana", Catalog.level2, clock: clock, seconds: 20, progress: 0.5)
            try play(store, "ben", Catalog.level1, clock: clock, seconds: 45, progress: 0.25, score: 4)
            try store.markDone(assignment: id, student: "ana", paths: [Catalog.level1])
        }
    }

    @Test func gridShowsStatusBestProgressTimeAttemptsAndLatestPrimaryItem() throws {
        let loop = try Loop()
        let report = try loop.store.classReport(className: "5A")
        #expect(report.className == "5A" && report.assignments.map(\.id) == [loop.id])
        let grid = try #require(report.assignments.first)
        #expect(grid.students.map(\.student) == ["ana", "ben", "cleo"])
        let level1 = grid.students.map { $0.activities[0] }
        #expect(level1.map(\.status) == [.done, .inProgress, .notStarted])
        #expect(level1.map(\.attempts) == [2, 1, 0])
        #expect(level1.map(\.progress) == [1, 0.25, 0])  // the best attempt, not the latest
        #expect(level1.map(\.durationSeconds) == [90, 45, 0])
        #expect(level1.map { $0.primaryItem?.score } == [8, 4, nil])  // the latest attempt's
        #expect(grid.students[0].activities[1].status == .inProgress)
        #expect(grid.students[0].activities[1].primaryItem == nil)  // that attempt recorded no item
    }

    @Test func summaryAggregatesEachActivityOverTheClass() throws {
        let loop = try Loop()
        let summary = try #require(try loop.store.classReport(className: "5A").assignments.first?.summary)
        #expect(summary.map(\.identifierPath) == [[rootID] + Catalog.level1, [rootID] + Catalog.level2])
        let level1 = summary[0]
        #expect(level1.students == 3 && level1.done == 1 && level1.inProgress == 1 && level1.notStarted == 1)
        #expect(level1.late == 0 && level1.attempts == 3)
        #expect(abs(level1.averageProgress - 1.25 / 3) < 1e-9)
        #expect(level1.averageDurationSeconds == 45)
        #expect(abs((level1.averageScore ?? -1) - 0.6) < 1e-9)  // (8/10 + 4/10) / 2
        #expect(level1.averageQuantity == nil && level1.binaryCount == 0)
        #expect(summary[1].averageScore == nil && summary[1].inProgress == 1 && summary[1].notStarted == 2)
    }

    @Test func lateStudentsAreCountedAfterTheDueDate() throws {
        let loop = try Loop()
        loop.clock.advance(86_400)
        let summary = try #require(try loop.store.classReport(className: "5A").assignments.first?.summary)
        #expect(summary.map(\.late) == [2, 3])  // ana marked level 1 done
    }

    @Test func jsonKeysAreExact() throws {
        let loop = try Loop()
        let data = try JSONEncoder().encode(try loop.store.classReport(className: "5A", assignment: loop.id))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(root.keys) == ["class", "assignments"])
        let assignment = try #require((root["assignments"] as? [[String: Any]])?.first)
        #expect(Set(assignment.keys) == ["id", "title", "due", "complete", "students", "summary", "gameVersions"])
        let student = try #require((assignment["students"] as? [[String: Any]])?.last)
        #expect(Set(student.keys) == ["student", "activities"])
        let cell = try #require((student["activities"] as? [[String: Any]])?.first)
        #expect(
            Set(cell.keys) == [
                "identifierPath", "title", "status", "late", "attempts", "progress",
                "durationSeconds", "primaryItem", "score", "passed", "latestPath", "latestOutcome", "gameVersion",
                "finished", "localCopies", "retiredAttempts",
            ])
        #expect(cell["status"] as? String == "notStarted" && cell["primaryItem"] is NSNull)
        #expect(cell["latestOutcome"] is NSNull)
        #expect(cell["score"] is NSNull && cell["passed"] is NSNull && cell["latestPath"] is NSNull)
        let summary = try #require((assignment["summary"] as? [[String: Any]])?.last)
        #expect(
            Set(summary.keys) == [
                "identifierPath", "title", "students", "notStarted", "inProgress", "done", "late",
                "attempts", "averageProgress", "averageDurationSeconds", "averageScore",
                "averageQuantity", "binaryTrue", "binaryCount",
            ])
        #expect(summary["averageScore"] is NSNull)
    }

    @Test func primaryItemIsEncodedExactlyLikeARunRecordItem() throws {
        let loop = try Loop()
        let cell = try #require(
            try loop.store.classReport(className: "5A").assignments.first?.students.first?.activities.first)
        let run = try #require(try loop.store.runs(student: "ana").first { $0.id == loop.anaLatest })
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys  // dictionaries encode in no fixed order otherwise
        let expected = try encoder.encode(try #require(run.items.first))
        #expect(try encoder.encode(try #require(cell.primaryItem)) == expected)
        let item = try #require(try JSONSerialization.jsonObject(with: expected) as? [String: Any])
        #expect(Set(item.keys) == ["identifier", "title", "kind", "score", "maxScore"])
    }

    @Test func reportErrors() throws {
        let loop = try Loop()
        try loop.store.createClass(named: "5B")
        #expect(classroomError { _ = try loop.store.classReport(className: "9Z") } == .unknownClass("9Z"))
        #expect(
            classroomError { _ = try loop.store.classReport(className: "5A", assignment: 999) }
                == .unknownAssignment(999))
        #expect(
            classroomError { _ = try loop.store.classReport(className: "5B", assignment: loop.id) }
                == .unknownAssignment(loop.id))
        #expect(try loop.store.classReport(className: "5B").assignments.isEmpty)
    }

    /// One student's rows, with the class's aggregates kept; a student assigned nothing is refused.
    @Test func oneStudentsReportKeepsTheClassAggregates() throws {
        let loop = try Loop()
        let whole = try loop.store.classReport(className: "5A")
        let ana = try loop.store.classReport(className: "5A", student: "ana")
        #expect(ana.assignments.map { $0.students.map(\.student) } == [["ana"]])
        #expect(ana.assignments[0].summary == whole.assignments[0].summary)
        try loop.store.createClass(named: "5B")
        try loop.store.addStudents(["zoe"], toClass: "5B")
        #expect(
            classroomError { _ = try loop.store.classReport(className: "5A", student: "zoe") }
                == .unknownStudent("zoe", className: "5A"))
    }
}
