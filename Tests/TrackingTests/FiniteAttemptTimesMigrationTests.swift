import Foundation
import Testing
import TrackingTestSupport

@testable import Tracking

/// A PostgreSQL store at `024-item-values-as-float8` takes `025-finite-attempt-times`: an
/// attempt's times and its events' times must be finite from then on, the rows stored before stay,
/// an endless attempt stored before is not the one a game resumes, and EduJam's own saves pass
/// even under a clock past every date.
@Suite(.enabled(if: PostgresServer.isAvailable, Comment(rawValue: PostgresServer.skipComment)))
struct FiniteAttemptTimesMigrationTests {
    private let real = "00000000-0000-4000-8000-000000000001"
    private let endless = "00000000-0000-4000-8000-000000000002"

    @Test func endlessTimesAreRefusedAfter025AndTheOnesStoredBeforeAreNotResumed() throws {
        let engine = try postgreSQLStore(before: PGMigrations.finiteAttemptTimes, previous: "024-item-values-as-float8")
        // ana's real attempt, then one of her own inserted through `psql` before 025 that started
        // at Infinity: until 025 it was the latest, the one her game resumed.
        try engine.connection.execute(
            """
            \(mainAndMathJamContexts)
            INSERT INTO activities (uuid, context_id, student, created_at, started_at, saved_at)
            SELECT '\(real)', id, 'ana', 1000, 1000, 1000 FROM contexts WHERE identifier = 'MATH-JAM';
            INSERT INTO activities (uuid, context_id, student, created_at, started_at)
            SELECT '\(endless)', id, 'ana', 'Infinity', 'Infinity' FROM contexts WHERE identifier = 'MATH-JAM';
            INSERT INTO attempt_events (activity_id, sequence, kind, at)
            SELECT id, 0, 'started', 'Infinity' FROM activities WHERE uuid = '\(endless)';
            """)

        let store = try TrackingStore(
            engine: engine, rootIdentifier: rootID, rootTitle: "EduJam Games",
            clock: { Date(timeIntervalSince1970: .infinity) })
        #expect(try PGMigrator.appliedNames(engine.connection) == PGMigrations.all.map(\.name))
        #expect(try firstValue(engine, "SELECT count(*) FROM activities") == "2", "the endless attempt is kept")
        #expect(try firstValue(engine, "SELECT count(*) FROM attempt_events") == "1")

        // Her game resumes the real attempt, and its save passes the new check.
        let game = try #require(store.mainContext.child("MATH-JAM"))
        let resumed = try #require(try game.currentActivity(student: "ana"))
        #expect(resumed.uuid.uuidString.lowercased() == real)
        try resumed.start()
        try resumed.setScore(id: "score", title: "Score", score: 3, maxScore: 5)
        try store.save()

        // The clock past every date is read as the last writable second, so a new attempt saves.
        let attempt = try game.createNewActivity(student: "bo")
        try attempt.start()
        try attempt.end(outcome: .finished)
        try store.save()
        let last = "253402300799"
        #expect(
            try firstValue(
                engine, "SELECT concat_ws(' ', created_at, started_at, ended_at) FROM activities WHERE student = 'bo'")
                == "\(last) \(last) \(last)")

        for column in ["created_at", "started_at", "ended_at", "saved_at"] {
            for (number, allowed) in [("1e9", true), ("'Infinity'", false), ("'-Infinity'", false), ("'NaN'", false)] {
                try expectWrite(
                    engine,
                    """
                    INSERT INTO activities (uuid, context_id, student, created_at, started_at, ended_at, saved_at)
                    SELECT gen_random_uuid(), id, 'ana', \(times(number, at: column)) FROM contexts
                    WHERE identifier = 'MATH-JAM'
                    """,
                    allowed: allowed, check: "activities_times", what: "\(column) = \(number)")
            }
        }
        for (number, allowed) in [("-1e9", true), ("'Infinity'", false), ("'NaN'", false)] {
            try expectWrite(
                engine,
                """
                INSERT INTO attempt_events (activity_id, sequence, kind, at)
                SELECT id, 1 + (SELECT count(*) FROM attempt_events), 'resumed', \(number)
                FROM activities WHERE uuid = '\(real)'
                """,
                allowed: allowed, check: "attempt_events_at", what: "at = \(number)")
        }
    }

    /// An attempt's four times, 0 but for `column`'s.
    private func times(_ number: String, at column: String) -> String {
        ["created_at", "started_at", "ended_at", "saved_at"].map { $0 == column ? number : "0" }.joined(separator: ", ")
    }

}
