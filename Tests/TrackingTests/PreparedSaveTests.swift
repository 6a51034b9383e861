import Foundation
import Testing
import TrackingTestSupport

@testable import Tracking

/// A save on PostgreSQL runs statements its connection prepared once, when the store opened; one the
/// server no longer holds (a `DEALLOCATE`, a `DISCARD`, a new session after a reconnection) is
/// prepared again, never an error to the student. Against a real server the test run starts.
@Suite(.enabled(if: PostgresServer.isAvailable, Comment(rawValue: PostgresServer.skipComment)))
struct PreparedSaveTests {
    /// A store with one attempt of `ana`'s, saved once, on a database of its own.
    private struct Saved {
        let conninfo: String
        let engine: PostgreSQLEngine
        let store: TrackingStore
        let attempt: Activity
        let clock = VirtualClock()

        init() throws {
            let server = try PostgresServer.server()
            conninfo = server.conninfo(database: try server.createDatabase())
            engine = try PostgreSQLEngine(conninfo: conninfo)
            store = try TrackingStore(engine: engine, rootIdentifier: rootID, rootTitle: "Games", clock: clock.read)
            let game = try store.mainContext.addChild(identifier: "MATH-JAM", title: "Math Jam", type: .game)
            attempt = try game.createNewActivity(student: "ana")
            try attempt.start()
            try attempt.setScore(id: "score", title: "Score", score: 1, maxScore: 5)
            try store.save()
        }

        /// Changes the score and saves; returns the round trips the save took.
        func saveScore(_ score: Double) throws -> Int {
            clock.advance(1)
            try attempt.setScore(id: "score", title: "Score", score: score, maxScore: 5)
            let before = engine.connection.roundTrips
            try store.save()
            return engine.connection.roundTrips - before
        }

        /// The score the store holds, read back through a report.
        func storedScore() throws -> Double? {
            try store.runs(student: "ana").first?.items.first { $0.identifier == "score" }?.score
        }

        /// The SQL of every statement the connection's session has prepared.
        func preparedSQL() throws -> [String] { try Self.preparedSQL(engine) }

        /// The SQL of every statement `engine`'s session has prepared.
        static func preparedSQL(_ engine: PostgreSQLEngine) throws -> [String] {
            try engine.connection.query("SELECT statement FROM pg_prepared_statements ORDER BY name").map {
                $0.text(0) ?? ""
            }
        }
    }

    @Test func aSaveRunsStatementsPreparedOnceOnItsConnection() throws {
        let saved = try Saved()
        let prepared = try saved.preparedSQL()
        #expect(prepared.contains(PGSave.saveSQL), "the call that saves the attempts is prepared")
        #expect(try saved.saveScore(2) == 1, "still one round trip")
        #expect(try saved.preparedSQL() == prepared, "the second save prepared nothing again")
        #expect(try saved.storedScore() == 2)
    }

    /// A game opens its store seconds before its first save: the open prepares every statement a
    /// save may send, in the round trip that reads the claim, so even the first save on a new
    /// connection sends no preparation (a whole class's first saves, together, would otherwise be the p99).
    @Test func openingTheStorePreparesASavesStatementsSoTheFirstSavePreparesNone() throws {
        let saved = try Saved()
        let engine = try PostgreSQLEngine(conninfo: saved.conninfo)
        let store = try TrackingStore(
            engine: engine, rootIdentifier: rootID, rootTitle: "Games", clock: saved.clock.read)
        let opened = try Saved.preparedSQL(engine)
        #expect(Set(opened) == Set(PGSave.everyStatement), "the open prepared a save's statements, each once")
        #expect(opened.count == PGSave.everyStatement.count)
        let game = try store.mainContext.addChild(identifier: "WORD-JAM", title: "Word Jam", type: .game)
        let attempt = try game.createNewActivity(student: "ben")
        try attempt.start()
        try attempt.setScore(id: "score", title: "Score", score: 3, maxScore: 5)
        saved.clock.advance(1)
        let before = engine.connection.roundTrips
        try store.save()
        #expect(engine.connection.roundTrips - before == 1)
        #expect(try Saved.preparedSQL(engine) == opened, "the first save prepared nothing")
        #expect(try store.runs(student: "ben").first?.items.first { $0.identifier == "score" }?.score == 3)
    }

    /// The open also plans an attempt's save, by saving nothing (``PGSave/emptySave``), generically,
    /// as every save then runs it (``PGSave/genericPlansSQL``): a connection's first save plans
    /// nothing, and no save is planned for its values (PostgreSQL's custom plans, the first five
    /// executions of a statement by default).
    @Test func openingTheStorePlansAnAttemptsSaveAndNoSaveIsPlannedForItsValues() throws {
        let saved = try Saved()
        let engine = try PostgreSQLEngine(conninfo: saved.conninfo)
        let store = try TrackingStore(
            engine: engine, rootIdentifier: rootID, rootTitle: "Games", clock: saved.clock.read)
        func plans() throws -> [String: (generic: Int64, custom: Int64)] {
            var plans: [String: (generic: Int64, custom: Int64)] = [:]
            let rows = try engine.connection.query(
                "SELECT statement, generic_plans, custom_plans FROM pg_prepared_statements")
            for row in rows.rows { plans[row.text(0) ?? ""] = (row.int(1) ?? -1, row.int(2) ?? -1) }
            return plans
        }
        let opened = try plans()
        for (sql, _) in PGSave.emptySave {
            #expect(opened[sql]?.generic == 1, "planned once at the open: \(sql.prefix(60))")
        }
        let game = try #require(try store.context(at: ["MATH-JAM"]))
        let attempt = try game.createNewActivity(student: "ben")
        try attempt.start()
        for score in 1...7 {
            saved.clock.advance(1)
            try attempt.setScore(id: "score", title: "Score", score: Double(score), maxScore: 7)
            try store.save()
        }
        let after = try plans()
        #expect(after.values.allSatisfy { $0.custom == 0 }, "no statement planned for its values: \(after)")
        #expect(after[PGSave.saveSQL]?.generic == 8, "the open's plan, then the seven saves'")
        #expect(try store.runs(student: "ben").first?.items.first { $0.identifier == "score" }?.score == 7)
    }

    @Test(arguments: ["DEALLOCATE ALL", "DISCARD ALL"])
    func aStatementTheServerForgotIsPreparedAgain(_ forget: String) throws {
        let saved = try Saved()
        try saved.engine.connection.execute(forget)
        #expect(try saved.preparedSQL().isEmpty)
        #expect(try saved.saveScore(3) == 2, "the save that found them gone, then the same save prepared again")
        #expect(try saved.storedScore() == 3)
        #expect(try saved.preparedSQL().contains(PGSave.saveSQL))
        #expect(try saved.saveScore(4) == 1)
        #expect(try saved.storedScore() == 4)
    }

    @Test func aReconnectedConnectionPreparesItsStatementsInItsFirstSave() throws {
        let saved = try Saved()
        let pid = try #require(try saved.engine.connection.query("SELECT pg_backend_pid()").rows.first?.text(0))
        let server = try PostgresServer.server()
        _ = try server.psql("SELECT pg_terminate_backend(\(pid))", database: "postgres")
        // The connection learns it was cut by the next statement, as a save after a server restart does.
        #expect(throws: TrackingError.self) { try saved.engine.connection.execute("SELECT 1") }
        #expect(try saved.saveScore(5) == 1, "a new session: prepared within the save, not found missing first")
        #expect(try saved.storedScore() == 5)
    }

    @Test func insideTheCallersTransactionTheSQLGoesUnprepared() throws {
        let saved = try Saved()
        try saved.engine.connection.execute("DEALLOCATE ALL")
        let ids = try saved.engine.connection.transaction {
            try saved.engine.connection.pipeline(
                [("SELECT id FROM activities WHERE uuid = $1::uuid", [.text(saved.attempt.uuid.lowercasedString)])],
                prepared: true)
        }
        #expect(ids.first?.count == 1)
        #expect(try saved.preparedSQL().isEmpty)
    }
}
