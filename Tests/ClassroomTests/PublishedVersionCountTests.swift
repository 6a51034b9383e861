import Foundation
import GameContent
import Testing
import TrackingTestSupport

@testable import Classroom
@testable import Tracking

/// The count rule of published games (`AssignmentSQL.VersionRule`), on the test run's engine:
/// once a game is published, an attempt counts for an assignment only when it ran a published
/// version of that game; a local copy is practice and the report names it; a game never
/// published keeps the rule it had, and publishing takes back nothing that counted before.
@Suite struct PublishedVersionCountTests {
    /// A package of Math Jam whose one file is `text`.
    private func mathJam(_ text: String) throws -> GamePackage {
        try GamePackage(files: ["game.lua": Array(text.utf8)])
    }

    /// One finished attempt that ran `version` (nil: an attempt that recorded none).
    @discardableResult
    private func play(
        _ store: TrackingStore, _ student: String, _ path: [String], _ version: GameVersion?, clock: VirtualClock
    ) throws -> Int64 {
        guard let context = try store.context(at: path) else { throw ClassroomError.unknownPath(path) }
        let run = try context.createNewActivity(student: student, gameVersion: version?.description)
        try run.start()
        clock.advance(60)
        try run.end(outcome: .finished)
        try store.save()
        return run.id ?? -1
    }

    private func cell(_ store: TrackingStore, _ student: String) throws -> ActivityProgress {
        try #require(try store.inbox(student: student).first?.activities.first)
    }

    @Test func onceAGameIsPublishedOnlyItsPublishedVersionsCount() throws {
        let clock = VirtualClock()
        let store = try classroomStore(clock)
        let id = try store.createAssignment(AssignmentDraft(className: "5A", title: "T", paths: [["MATH-JAM"]]))
        clock.advance(1)
        let before = try play(store, "ana", Catalog.level1, nil, clock: clock)  // before publishing: counts
        let first = try mathJam("-- one")
        try store.publishGame(first, gameID: "MATH-JAM", by: "teacher")
        clock.advance(1)
        let published = try play(store, "ben", Catalog.level1, first.version, clock: clock)
        let local = try play(store, "cleo", Catalog.level1, try mathJam("-- a copy").version, clock: clock)
        let unnamed = try play(store, "cleo", Catalog.level2, nil, clock: clock)
        let second = try mathJam("-- two")
        try store.publishGame(second, gameID: "MATH-JAM", by: "teacher")
        clock.advance(1)
        let earlier = try play(store, "ana", Catalog.level2, first.version, clock: clock)  // still a published one

        #expect(try store.assignments(countingAttempt: before).map(\.id) == [id])
        #expect(try store.assignments(countingAttempt: published).map(\.id) == [id])
        #expect(try store.assignments(countingAttempt: earlier).map(\.id) == [id])
        #expect(try store.assignments(countingAttempt: local).isEmpty)
        #expect(try store.assignments(countingAttempt: unnamed).isEmpty)
        #expect(try cell(store, "ana").attempts == 2)
        #expect(try cell(store, "ben").attempts == 1)
        let cleo = try cell(store, "cleo")
        #expect(cleo.attempts == 0 && cleo.status == .notStarted)
        #expect(cleo.localCopies == 2)
        #expect(cleo.localCopyNote == "played a local copy, not the published game")
        #expect(try cell(store, "ana").localCopyNote == nil)
        #expect(try store.practiceRuns(student: "cleo").map(\.id).sorted() == [local, unnamed].sorted())
        let report = try store.classReport(className: "5A")
        let cleoRow = report.assignments.first?.students.first { $0.student == "cleo" }
        #expect(cleoRow?.activities.first?.localCopies == 2)
    }

    @Test func aVersionOfAnotherGameIsALocalCopy() throws {
        let clock = VirtualClock()
        let store = try classroomStore(clock)
        let other = try store.mainContext.addChild(identifier: "WORD-JAM", title: "Word Jam", type: .game)
        try store.save()
        _ = other
        try store.createAssignment(AssignmentDraft(className: "5A", title: "T", paths: [Catalog.level1]))
        let words = try mathJam("-- word jam")
        try store.publishGame(words, gameID: "WORD-JAM", by: "teacher")
        try store.publishGame(try mathJam("-- math jam"), gameID: "MATH-JAM", by: "teacher")
        clock.advance(1)
        let attempt = try play(store, "ana", Catalog.level1, words.version, clock: clock)
        #expect(try store.assignments(countingAttempt: attempt).isEmpty)
        #expect(try cell(store, "ana").localCopies == 1)
    }

    @Test func aGameNeverPublishedCountsWhateverCopyRan() throws {
        let clock = VirtualClock()
        let store = try classroomStore(clock)
        try store.createAssignment(AssignmentDraft(className: "5A", title: "T", paths: [Catalog.level1]))
        try store.publishGame(try mathJam("-- word jam"), gameID: "WORD-JAM", by: "teacher")  // another game
        clock.advance(1)
        let copy = try play(store, "ana", Catalog.level1, try mathJam("-- any copy").version, clock: clock)
        let unnamed = try play(store, "ana", Catalog.level1, nil, clock: clock)
        #expect(try store.assignments(countingAttempt: copy).count == 1)
        #expect(try store.assignments(countingAttempt: unnamed).count == 1)
        #expect(try cell(store, "ana").localCopies == 0)
    }
}
