import Foundation
import Testing
import TrackingTestSupport

@testable import Tracking

/// What only the PostgreSQL engine promises: a save is one round trip, a replayed or late save
/// never duplicates or takes an attempt back, its own named migrations, and errors that name the
/// server in one line.
@Suite(.enabled(if: PostgresServer.isAvailable, Comment(rawValue: PostgresServer.skipComment)))
struct PostgreSQLEngineTests {
    private func freshEngine() throws -> PostgreSQLEngine {
        let server = try PostgresServer.server()
        return try PostgreSQLEngine(conninfo: server.conninfo(database: server.createDatabase()))
    }

    private func store(_ engine: PostgreSQLEngine, _ clock: VirtualClock) throws -> TrackingStore {
        try TrackingStore(engine: engine, rootIdentifier: rootID, rootTitle: "EduJam Games", clock: clock.read)
    }

    private func count(_ engine: PostgreSQLEngine, _ table: String) throws -> Int64? {
        try engine.connection.query("SELECT count(*) FROM \(table)").rows.first?.int(0)
    }

    @Test func aSaveIsOneRoundTripWhateverItHolds() throws {
        let engine = try freshEngine()
        let clock = VirtualClock()
        let store = try store(engine, clock)
        let game = try store.mainContext.addChild(identifier: "MATH-JAM", title: "Math Jam", type: .game)
        var attempts: [Activity] = []
        for (number, student) in ["ana", "ben"].enumerated() {
            let level = try game.addChild(identifier: "LEVEL-\(number)", title: "Level \(number)", type: .level)
            let attempt = try level.createNewActivity(student: student)
            try attempt.start()
            for question in 1...5 {
                try attempt.setBinary(
                    id: "q\(question)", title: "Question \(question)", value: true, valueType: .correctIncorrect)
            }
            try attempt.setScore(id: "score", title: "Score", score: 5, maxScore: 5)
            attempts.append(attempt)
        }
        let before = engine.connection.roundTrips
        try store.save()
        #expect(engine.connection.roundTrips - before == 1)
        #expect(try count(engine, "activity_items") == 6, "per attempt: the primary, the latest binary, the score")
        #expect(attempts.allSatisfy { $0.rowID != nil }, "row ids come back from the same round trip")
        clock.advance(5)
        try attempts[0].setScore(id: "score", title: "Score", score: 4, maxScore: 5)
        let again = engine.connection.roundTrips
        try store.save()
        #expect(engine.connection.roundTrips - again == 1)
        #expect(try store.runs(student: "ana").first?.items.first { $0.identifier == "score" }?.score == 4)
    }

    @Test func aReplayedSaveWritesNothingTwiceAndALateOneNeverGoesBack() throws {
        let engine = try freshEngine()
        let clock = VirtualClock()
        let store = try store(engine, clock)
        let game = try store.mainContext.addChild(identifier: "MATH-JAM", title: "Math Jam", type: .game)
        let attempt = try game.createNewActivity(student: "ana")
        try attempt.start()
        try attempt.setProgress(0.2)
        let first = StoreChanges(
            removedPaths: [], contexts: [store.mainContext, game], activities: [attempt], now: clock.now)
        _ = try engine.write(first)
        let written = try ["activities", "activity_items", "attempt_events", "contexts"].map { try count(engine, $0) }
        _ = try engine.write(first)  // the same save again, as an outbox would replay it
        #expect(
            try ["activities", "activity_items", "attempt_events", "contexts"].map { try count(engine, $0) } == written)
        #expect(written[2] ?? 0 > 0, "the events were written once")

        clock.advance(60)
        try attempt.setProgress(0.9)
        try store.save()
        try attempt.setProgress(1)
        let late = StoreChanges(removedPaths: [], contexts: [], activities: [attempt], now: clock.now - 30)
        _ = try engine.write(late)  // saved before the last one, arriving after it
        #expect(try store.runs().first?.progress == 0.9)
        #expect(try count(engine, "activities") == 1)
    }

    @Test func migrationsAreItsOwnNamedAndOrdered() throws {
        let engine = try freshEngine()
        _ = try store(engine, VirtualClock())
        #expect(try PGMigrator.appliedNames(engine.connection) == PGMigrations.all.map(\.name))
        #expect(try engine.migrate().isEmpty)
        let extended = PGMigrations.all + [Migration(name: "999-extra", sql: "CREATE TABLE extra (x int)")]
        #expect(try PGMigrator.migrate(engine.connection, migrations: extended) == ["999-extra"])
        #expect(trackingError { try PGMigrator.migrate(engine.connection) } == .unknownMigration("999-extra"))
    }

    @Test func theStoreBelongsToOneRoot() throws {
        let server = try PostgresServer.server()
        let conninfo = server.conninfo(database: try server.createDatabase())
        _ = try TrackingStore(engine: PostgreSQLEngine(conninfo: conninfo), rootIdentifier: rootID, rootTitle: "Games")
        #expect(
            trackingError {
                _ = try TrackingStore(
                    engine: PostgreSQLEngine(conninfo: conninfo), rootIdentifier: "org.other", rootTitle: "Other")
            } == .rootMismatch(expected: "org.other", found: rootID))
    }

    @Test func aStatementErrorNamesTheSQLNotTheValues() throws {
        let engine = try freshEngine()
        let error = trackingError { try engine.connection.query("INSERT INTO nowhere VALUES ($1)", [.text("ana")]) }
        #expect(
            error
                == .postgresql(
                    state: "42P01", message: "relation \"nowhere\" does not exist",
                    sql: "INSERT INTO nowhere VALUES ($1)"))
        #expect(!"\(error!)".contains("ana"))
    }

    @Test func textWithANULIsRefusedNotCutShort() throws {
        let engine = try freshEngine()
        let store = try store(engine, VirtualClock())
        _ = try store.mainContext.addChild(identifier: "GAME", title: "Game\u{0}hidden", type: .game)
        guard case .postgresql(let state, _, _)? = trackingError({ try store.save() }) else {
            Issue.record("expected a PostgreSQL error")
            return
        }
        #expect(state == "22021")
        #expect(try count(engine, "contexts") == 1, "nothing of the save was written")
    }

    /// An attempt's rows go to the server as JSON, where a NUL would be an escape the server
    /// refuses in its own words: the save is refused as any other parameter holding one is.
    @Test func anItemTitleWithANULIsRefusedBeforeTheSaveIsSent() throws {
        let engine = try freshEngine()
        let store = try store(engine, VirtualClock())
        let game = try store.mainContext.addChild(identifier: "GAME", title: "Game", type: .game)
        try store.save()
        let attempt = try game.createNewActivity(student: "ana")
        try attempt.start()
        try attempt.setScore(id: "score", title: "Score\u{0}hidden", score: 1, maxScore: 2)
        guard case .postgresql(let state, _, _)? = trackingError({ try store.save() }) else {
            Issue.record("expected a PostgreSQL error")
            return
        }
        #expect(state == "22021")
        #expect(try count(engine, "activity_items") == 0)
    }

    @Test func noServerIsOneLineNamingIt() throws {
        let error = trackingError { _ = try PGConnection(conninfo: "host=/nonexistent-edujam port=6543 dbname=x") }
        #expect(
            error == .serverUnreachable(server: "/nonexistent-edujam (port 6543)", reason: "no such file or directory"))
        #expect(
            "\(error!)"
                == "cannot reach the PostgreSQL server at /nonexistent-edujam (port 6543): no such file or directory")
    }

    /// A login the server has no role for: the server answered, so it is not unreachable (which
    /// would send `play` offline), and the message says who creates it (the school's first day).
    @Test func aLoginWithoutARoleIsNotAnUnreachableServer() throws {
        let server = try PostgresServer.server()
        let role = trackingError {
            _ = try PGConnection(conninfo: server.conninfo(database: "postgres", user: "nobody_here"))
        }
        let place = "\(server.socketDirectory) (port \(server.port))"
        #expect(role == .unknownLogin(login: "nobody_here", server: place))
        #expect(role?.isUnreachable == false)
        #expect(
            role?.description
                == "the login nobody_here has no role on the PostgreSQL server at \(place): the owner creates it, or run as the owner's account"
        )
    }

    /// libpq waits for ever by default; EduJam gives up after ``PGConnection/defaultConnectTimeout``
    /// seconds unless the person said how long (the connection string, `PGCONNECT_TIMEOUT`).
    @Test func aConnectionWaitsTenSecondsUnlessThePersonSaidHowLong() throws {
        let server = try PostgresServer.server()
        let conninfo = server.conninfo(database: "postgres")
        let url = server.url(database: "postgres")
        func timeout(_ conninfo: String, _ environment: [String: String] = [:]) throws -> String? {
            try PGConnection(conninfo: conninfo, environment: environment).effectiveParameter("connect_timeout")
        }
        #expect(try timeout(conninfo) == "10")
        #expect(try timeout(url) == "10")
        #expect(try timeout(conninfo + " connect_timeout=3") == "3")
        #expect(try timeout(url + "&connect_timeout=4") == "4")
        #expect(try timeout(conninfo, ["PGCONNECT_TIMEOUT": "2"]) == nil, "libpq reads the variable itself")
        #expect(
            try !PGConnection.connectionParameters(conninfo: url, environment: ["PGCONNECT_TIMEOUT": "2"]).map(
                \.keyword
            )
            .contains("connect_timeout"))
    }

    /// Ids taken ahead of a sequence before ids became the server's (a student's
    /// `INSERT ... SELECT nextval(...) + g`) would make the next saves collide with them; the
    /// migration moves each sequence past those it would reach, and not to one far beyond,
    /// which would use the sequence up.
    @Test func theMigrationMovesEachSequencePastTheIdsTakenAheadOfIt() throws {
        let engine = try freshEngine()
        let earlier = Array(PGMigrations.all.prefix { $0.name != SchoolSecurity.ownRows.name })
        try PGMigrator.migrate(engine.connection, migrations: earlier)
        try engine.connection.execute(
            """
            INSERT INTO contexts (parent_id, path, identifier, title, type, created_at, modified_at)
            VALUES (NULL, '["\(rootID)"]', '\(rootID)', 'EduJam Games', 1, 0, 0);
            WITH n AS (SELECT nextval(pg_get_serial_sequence('contexts', 'id')) AS v)
            INSERT INTO contexts (id, parent_id, path, identifier, title, type, created_at, modified_at)
            SELECT n.v + g, 1, '["\(rootID)","SQUAT-' || g || '"]', 'SQUAT-' || g, 'x', 0, 0, 0
            FROM n, generate_series(1, 50) g;
            WITH n AS (SELECT nextval(pg_get_serial_sequence('activities', 'id')) AS v)
            INSERT INTO activities (id, context_id, student, created_at, started_at, uuid)
            SELECT n.v + g, 1, 'mallory', 0, 0, gen_random_uuid() FROM n, generate_series(1, 50) g;
            INSERT INTO activities (id, context_id, student, created_at, started_at, uuid)
            VALUES (9223372036854775000, 1, 'mallory', 0, 0, gen_random_uuid());
            """)
        let store = try store(engine, VirtualClock())  // applies the rest
        let game = try store.mainContext.addChild(identifier: "MATH-JAM", title: "Math Jam", type: .game)
        let attempt = try game.createNewActivity(student: "ana")
        try attempt.start()
        try store.save()
        #expect((game.rowID ?? 0) > 52, "past the contexts taken: \(game.rowID ?? 0)")
        #expect((attempt.rowID ?? 0) > 51 && (attempt.rowID ?? 0) < 1000, "past those taken: \(attempt.rowID ?? 0)")
    }
}
