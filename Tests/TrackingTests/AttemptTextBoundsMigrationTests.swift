import Foundation
import Testing
import TrackingTestSupport

@testable import Tracking

/// A PostgreSQL store at `025-finite-attempt-times` takes `026-attempt-text-bounds`: an attempt's
/// owner and progress ranges are bounded from then on, the rows stored before stay, and a stored
/// attempt with a longer owner is saved again with this process's.
@Suite(.enabled(if: PostgresServer.isAvailable, Comment(rawValue: PostgresServer.skipComment)))
struct AttemptTextBoundsMigrationTests {
    @Test func longOwnersAndRangesAreRefusedAfter026AndTheOnesStoredBeforeAreSavedOver() throws {
        let engine = try postgreSQLStore(before: PGMigrations.attemptTextBounds, previous: "025-finite-attempt-times")
        // ana's running attempt, its owner written through `psql` before 026 at 300 bytes.
        try engine.connection.execute(
            """
            \(mainAndMathJamContexts)
            INSERT INTO activities (uuid, context_id, student, created_at, started_at, owner_host, owner_pid)
            SELECT gen_random_uuid(), id, 'ana', 1000, 1000, repeat('h', 300), 1 FROM contexts
            WHERE identifier = 'MATH-JAM';
            """)

        let store = try TrackingStore(engine: engine, rootIdentifier: rootID, rootTitle: "EduJam Games")
        #expect(try PGMigrator.appliedNames(engine.connection) == PGMigrations.all.map(\.name))
        #expect(try firstValue(engine, "SELECT octet_length(owner_host) FROM activities") == "300", "the row is kept")

        // Her game resumes it, and the save writes this process as its owner.
        let game = try #require(store.mainContext.child("MATH-JAM"))
        let resumed = try #require(try game.currentActivity(student: "ana"))
        try resumed.start()
        try resumed.setProgress(0.5)
        try store.save()
        #expect(try firstValue(engine, "SELECT owner_host FROM activities") == RunOwner.current.host)

        let longRanges = "'[' || repeat('[0,0],', \(RowChecks.rangesBytes / 6)) || '[0,0]]'"
        for (column, text, allowed) in [
            ("owner_host", "repeat('h', \(RunOwner.hostBytes))", true),
            ("owner_host", "repeat('h', \(RunOwner.hostBytes + 1))", false),
            ("owner_host", "repeat('é', \(RunOwner.hostBytes / 2 + 1))", false),
            ("owner_start", "repeat('s', \(RunOwner.startBytes))", true),
            ("owner_start", "repeat('s', \(RunOwner.startBytes + 1))", false),
            ("ranges", "'[[0,0.5]]'", true), ("ranges", longRanges, false),
        ] {
            try expectWrite(
                engine,
                """
                INSERT INTO activities (uuid, context_id, student, created_at, started_at, \(column))
                SELECT gen_random_uuid(), id, 'bo', 0, 0, \(text) FROM contexts WHERE identifier = 'MATH-JAM'
                """,
                allowed: allowed, check: "activities_texts", what: "\(column) = \(text)")
        }
    }
}
