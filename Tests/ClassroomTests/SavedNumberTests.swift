import Foundation
import Testing
import TrackingTestSupport

@testable import Classroom
@testable import Tracking

/// Numbers a game, a clock or a store file controls never make a report infinite, NaN or a trap.
@Suite struct SavedNumberTests {
    private static let huge = 1.797e308

    /// The catalog, class 5A, and one assignment of level 1.
    private func classWithAssignment(_ clock: VirtualClock) throws -> TrackingStore {
        let store = try classroomStore(clock)
        _ = try store.createAssignment(
            AssignmentDraft(className: "5A", title: "Big", due: nil, paths: [Catalog.level1]))
        return store
    }

    /// One saved, finished attempt whose primary item is the quantity `value`.
    private func playQuantity(
        _ store: TrackingStore, _ student: String, _ value: Double, clock: VirtualClock,
        thinking: [Double] = [60]
    ) throws {
        let run = try #require(try store.context(at: Catalog.level1)).createNewActivity(student: student)
        try run.start()
        for seconds in thinking { clock.advance(seconds) }
        try run.setQuantity(id: "points", title: "Points", value: value)
        try run.end(outcome: .finished)
        try store.save()
    }

    private func level1Summary(_ store: TrackingStore) throws -> ActivitySummary {
        let report = try store.classReport(className: "5A")
        _ = try JSONEncoder().encode(report)  // throws on a NaN or an infinity
        return try #require(report.assignments.first?.summary.first)
    }

    @Test func twoHugeQuantitiesAverageToTheirValueNotInfinity() throws {
        let clock = VirtualClock()
        let store = try classWithAssignment(clock)
        try playQuantity(store, "ana", Self.huge, clock: clock)
        try playQuantity(store, "ben", Self.huge, clock: clock)
        let summary = try level1Summary(store)
        #expect(summary.averageQuantity == Self.huge)
    }

    @Test func hugeQuantitiesOfBothSignsAverageWithoutNaN() throws {
        let clock = VirtualClock()
        let store = try classWithAssignment(clock)
        try playQuantity(store, "ana", Self.huge, clock: clock)
        try playQuantity(store, "ben", Self.huge, clock: clock)  // a plain sum overflows here, then stays infinite
        try playQuantity(store, "cleo", -Self.huge, clock: clock)
        let average = try #require(try level1Summary(store).averageQuantity)
        #expect(abs(average - Self.huge / 3) <= Self.huge * 1e-12)
    }

    @Test func aClockThatJumpsBeyondAnyDateGivesABoundedDuration() throws {
        let clock = VirtualClock()
        let store = try classWithAssignment(clock)
        try playQuantity(store, "ana", 1, clock: clock, thinking: [1.7e308, 1.7e308])
        let run = try #require(try store.runs(student: "ana").first)
        #expect(run.durationSeconds == SafeNumbers.maximumDurationSeconds)
        _ = try JSONEncoder().encode(try store.runs())
        #expect(try level1Summary(store).averageDurationSeconds.isFinite)
    }

    @Test func anInfiniteDurationInAnOldStoreIsReadClamped() throws {
        let clock = VirtualClock()
        let store = try classWithAssignment(clock)
        try playQuantity(store, "ana", 1, clock: clock)
        try playQuantity(store, "ana", 2, clock: clock)
        try oldStoreSQL(store, infinite("UPDATE activities SET duration = 1e999"))  // both engines store +Inf
        let runs = try store.runs(student: "ana")
        #expect(
            runs.map(\.durationSeconds) == [SafeNumbers.maximumDurationSeconds, SafeNumbers.maximumDurationSeconds])
        let cell = try #require(
            try store.classReport(className: "5A").assignments.first?.students.first?.activities.first)
        #expect(cell.durationSeconds == 2 * SafeNumbers.maximumDurationSeconds)
        #expect(try level1Summary(store).averageDurationSeconds.isFinite)
    }

    @Test(arguments: [
        ("UPDATE activity_items SET quantity = 1e999", "activity_items", "quantity = inf"),
        ("UPDATE activity_items SET quantity = -1e999", "activity_items", "quantity = -inf"),
        ("UPDATE activities SET progress = 7", "activities", "progress = 7.0"),
    ])
    func anImpossibleStoredNumberIsLeftOutAndNamed(sql: String, table: String, reason: String) throws {
        let clock = VirtualClock()
        let store = try classWithAssignment(clock)
        try playQuantity(store, "ana", 1, clock: clock)
        try playQuantity(store, "ben", 2, clock: clock)
        let ana =
            table == "activities"
            ? " WHERE student = 'ana'" : " WHERE activity_id IN (SELECT id FROM activities WHERE student = 'ana')"
        try oldStoreSQL(store, infinite(sql) + ana)
        let runs = try store.runs()
        #expect(runs.contains { $0.student == "ben" && !$0.items.isEmpty }, "ben's attempt is read whole")
        #expect(store.unreadableRows.map(\.reason) == [reason] && store.unreadableRows.first?.student == "ana")
        #expect(store.unreadableRows.first?.table == table)
    }

    @Test func anInfiniteStartDateIsWrittenAsTheLastWritableDate() async {
        // Before the bound, converting it to milliseconds trapped: run it in a child process.
        await #expect(processExitsWith: .success) {
            let store = try TrackingStore.inMemory(rootIdentifier: "org.edujam.games", rootTitle: "EduJam Games")
            let context = try store.mainContext.addChild(identifier: "GAME", title: "Game", type: .game)
            let run = try context.createNewActivity(student: "ana")
            try run.start()
            try run.end(outcome: .finished)
            try store.save()
            try store.connection.execute("UPDATE activities SET started_at = 1e999")
            guard try store.runs().first?.startedAt == "9999-12-31T23:59:59.000Z" else { exit(1) }
        }
    }

    @Test func sumsAndMeansStayFinite() {
        let top = Double.greatestFiniteMagnitude
        #expect(SafeNumbers.sum([top, top]) == top && SafeNumbers.sum([-top, -top]) == -top)
        #expect(SafeNumbers.sum([1, .nan, 2, .infinity]) == 3)
        #expect(SafeNumbers.mean([top, top, top]) == top)
        #expect(SafeNumbers.mean([]) == nil && SafeNumbers.mean([.nan]) == nil)
        #expect(
            SafeNumbers.duration(.nan) == 0 && SafeNumbers.duration(-5) == 0
                && SafeNumbers.duration(.infinity) == SafeNumbers.maximumDurationSeconds)
    }
}

/// `sql` with SQLite's spelling of infinity (`1e999`, which overflows to it) in the test run's
/// engine's: PostgreSQL refuses the overflow and reads `'Infinity'`.
private func infinite(_ sql: String) -> String {
    TestEngine.isSQLite
        ? sql
        : sql.replacingOccurrences(of: "-1e999", with: "'-Infinity'").replacingOccurrences(
            of: "1e999", with: "'Infinity'")
}
