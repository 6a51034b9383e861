import Foundation
import Testing
import TrackingTestSupport

@testable import Tracking

/// An attempt keeps at most ``Limits/eventsPerAttempt`` events, the last place its end's, on
/// either engine; a school's store refuses an event numbered past the bound, from anyone's
/// `psql` (PostgreSQL migration `031-events-per-attempt`), and keeps the ones stored before.
struct EventsPerAttemptTests {
    @Test func anAttemptOfFiveThousandProgressStepsKeepsTheBoundAndItsEnd() throws {
        let (store, activity) = try startedActivity()
        for step in 1...2_000 { try activity.setProgress(Double(step) / 5_000) }
        try store.save()  // a save on the way: the later events are numbered after the stored ones
        for step in 2_001...5_000 { try activity.setProgress(Double(step) / 5_000) }
        try activity.end(outcome: .finished)
        try store.save()

        let history = try #require(try store.attemptHistories().first)
        #expect(history.events.count == Limits.eventsPerAttempt)
        #expect(history.events.last?.kind == .ended)
        #expect(history.events.dropLast().allSatisfy { $0.kind != .ended })
        #expect(store.unreadableRows.isEmpty, "\(store.unreadableRows)")
        #expect(try scalar(store, "SELECT max(sequence) FROM attempt_events") == Int64(Limits.eventsPerAttempt - 1))
        #expect(activity.progress == 1, "the attempt's progress is its own, whatever its history keeps")
    }
}

@Suite(.enabled(if: PostgresServer.isAvailable, Comment(rawValue: PostgresServer.skipComment)))
struct EventsPerAttemptMigrationTests {
    @Test func anEventNumberedPastTheBoundIsRefusedAndTheOnesStoredBeforeStay() throws {
        let engine = try postgreSQLStore(before: PGMigrations.eventsPerAttempt, previous: "030-published-games-closed")
        try engine.connection.execute(
            """
            \(mainAndMathJamContexts)
            INSERT INTO activities (uuid, context_id, student, created_at, started_at)
            SELECT gen_random_uuid(), id, 'ana', 0, 0 FROM contexts WHERE identifier = 'MATH-JAM';
            INSERT INTO attempt_events (activity_id, sequence, kind, at)
            SELECT a.id, g, 'resumed', 0 FROM activities a, generate_series(0, 1499) g;
            """)
        _ = try TrackingStore(engine: engine, rootIdentifier: rootID, rootTitle: "EduJam Games")
        #expect(try PGMigrator.appliedNames(engine.connection) == PGMigrations.all.map(\.name))
        #expect(try firstValue(engine, "SELECT count(*) FROM attempt_events") == "1500", "stored before: kept")

        let bound = Limits.eventsPerAttempt
        try engine.connection.execute("DELETE FROM attempt_events WHERE sequence >= \(bound - 1)")
        let insert =
            "INSERT INTO attempt_events (activity_id, sequence, kind, at) SELECT id, %d, 'resumed', 1 FROM activities"
        try expectWrite(
            engine, String(format: insert, bound - 1), allowed: true, check: "attempt_events_sequence_bound",
            what: "the last event within the bound")
        try expectWrite(
            engine, String(format: insert, bound), allowed: false, check: "attempt_events_sequence_bound",
            what: "an event numbered past the bound")
    }
}
