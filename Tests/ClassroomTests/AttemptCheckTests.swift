import Foundation
import Testing
import TrackingTestSupport

@testable import Classroom
@testable import Tracking

/// What `verify` compares and stores: the first difference in words, the check kept with the
/// fingerprint of what it checked, and a check shown as changed once the saved results change.
/// On both engines (``makeEngine()``).
@Suite struct AttemptCheckTests {
    private func assigned(_ clock: VirtualClock) throws -> TrackingStore {
        let store = try classroomStore(clock)
        try store.createAssignment(AssignmentDraft(className: "5A", title: "Sums", paths: [Catalog.level1]))
        clock.advance(1)
        return store
    }

    private func record(score: Double, max: Double = 5, progress: Double = 1, outcome: RunOutcome = .finished)
        -> RunRecord
    {
        RunRecord(
            id: 1, student: "ana", identifierPath: [rootID] + Catalog.level1, title: "Level 1", outcome: outcome,
            done: false, started: true, startedAt: "2026-01-01T00:00:00Z", durationSeconds: 3, progress: progress,
            primaryItem: "score",
            items: [ItemRecord(ActivityItem(identifier: "score", title: "Score", value: .score(score, maxScore: max)))])
    }

    @Test func theFirstDifferenceIsSaidInWords() {
        let saved = record(score: 5)
        #expect(AttemptComparison.firstDifference(saved: saved, replayed: saved) == nil)
        #expect(
            AttemptComparison.firstDifference(saved: saved, replayed: record(score: 2)) == "saved score 5/5, replay 2/5"
        )
        #expect(
            AttemptComparison.firstDifference(saved: saved, replayed: record(score: 5, max: 7))
                == "saved score 5/5, replay 5/7")
        #expect(
            AttemptComparison.firstDifference(saved: saved, replayed: record(score: 5, progress: 0.4))
                == "saved progress 100%, replay 40%")
        #expect(
            AttemptComparison.firstDifference(saved: saved, replayed: record(score: 5, outcome: .quit))
                == "saved outcome finished, replay quit")
        var extra = saved
        extra.items.append(ItemRecord(ActivityItem(identifier: "hints", title: "Hints", value: .quantity(2))))
        #expect(
            AttemptComparison.firstDifference(saved: saved, replayed: extra)
                == "replay reports hints 2, saved has no such item")
        #expect(
            AttemptComparison.firstDifference(saved: extra, replayed: saved)
                == "saved hints 2, replay has no such item")
    }

    @Test func aReplayThatLeftItsRecordIsAMismatchAndALimitOnlyInTheReplayIsNotVerifiable() {
        let saved = record(score: 5)
        #expect(
            AttemptComparison.result(saved: saved, replayed: saved, divergence: "the replay diverged at event 7")
                == CheckResult(.mismatch, "the replay diverged at event 7"))
        let stopped = AttemptComparison.result(
            saved: saved, replayed: record(score: 0, outcome: .limit), divergence: nil)
        #expect(stopped.state == .notVerifiable)
        #expect(
            AttemptComparison.result(
                saved: record(score: 0, outcome: .limit), replayed: record(score: 0, outcome: .limit), divergence: nil)
                == CheckResult(.verified))
    }

    @Test func aStoredCheckIsReadWithItsAttemptAndShowsChangedOnceTheSavedResultsChange() throws {
        let clock = VirtualClock()
        let store = try assigned(clock)
        try play(store, "ana", Catalog.level1, clock: clock, score: 4)
        try play(store, "ben", Catalog.level1, clock: clock, score: 9)
        let runs = try store.runs().sorted { $0.id < $1.id }
        let long = String(repeating: "é", count: 300)
        try store.recordChecks(
            [(runs[0], CheckResult(.verified)), (runs[1], CheckResult(.mismatch, long))], by: "maria")
        var report = try #require(try store.classReport(className: "5A").assignments.first)
        #expect(report.checks?.map(\.state) == [.verified, .mismatch])
        #expect(report.checksLine == "verify: 1 verified, 1 mismatch")
        let cut = try #require(report.checks?[1].difference)
        #expect(cut.utf8.count <= CheckTables.maxDifferenceBytes && cut.hasSuffix("…"))

        // The saved score changed after the check (a forged row): the check no longer says verified.
        let sql = try #require(store.engine.sql)
        try sql.run("UPDATE activity_items SET score = 10 WHERE activity_id = ?", [.integer(runs[0].id)])
        report = try #require(try store.classReport(className: "5A").assignments.first)
        #expect(report.checks?.map(\.state) == [.changed, .mismatch])
        #expect(report.checks?[0].difference == nil)

        // Checked again, it is what the new check found; one row per attempt.
        try store.recordChecks([(try store.runs(student: "ana")[0], CheckResult(.verified))], by: "maria")
        report = try #require(try store.classReport(className: "5A").assignments.first)
        #expect(report.checks?.map(\.state) == [.verified, .mismatch])
        #expect(try sql.query("SELECT count(*) FROM attempt_checks", []) { $0.int(0) } == [2])
    }

    @Test func anAssignmentWithNoCheckedAttemptLeavesTheKeyOut() throws {
        let clock = VirtualClock()
        let store = try assigned(clock)
        try play(store, "ana", Catalog.level1, clock: clock, score: 4)
        let report = try #require(try store.classReport(className: "5A").assignments.first)
        #expect(report.checks == nil && report.checksLine == nil)
        let json = String(decoding: try JSONEncoder().encode(report), as: UTF8.self)
        #expect(!json.contains("checks"))
    }
}
