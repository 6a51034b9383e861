import Foundation
import Testing
import TrackingTestSupport

@testable import Tracking

/// The game never waits for a server that stops answering (a school's network drops): a save and a reconnection
/// are bounded, against a throwaway server of this suite's own that the tests freeze
/// (``PostgresServer/pause()``), as a network that drops every packet looks to a client.
private let stallTestServer = Result { try PostgresServer.dedicated() }

@Suite(
    .enabled(
        if: (try? stallTestServer.get()) != nil,
        "needs a PostgreSQL server of its own: install the Debian packages postgresql and libpq-dev"),
    .serialized)
struct PostgreSQLStallTests {
    let server: PostgresServer
    let conninfo: String

    init() throws {
        server = try stallTestServer.get()
        conninfo = server.conninfo(database: try server.createDatabase())
    }

    /// Runs `body` with the server frozen, thawing it whatever happens and at the latest after
    /// 20 s (so a wait without a bound ends, late, and fails the test instead of hanging it);
    /// returns how long `body` took.
    private func whilePaused(_ body: () throws -> Void) throws -> TimeInterval {
        let server = self.server
        try server.pause()
        let thaw = DispatchWorkItem { try? server.resume() }
        DispatchQueue.global().asyncAfter(deadline: .now() + 20, execute: thaw)
        defer {
            thaw.cancel()
            try? server.resume()
        }
        let start = ProcessInfo.processInfo.systemUptime
        try body()
        return ProcessInfo.processInfo.systemUptime - start
    }

    /// A backoff clock the test moves by hand.
    private final class Uptime {
        var now: TimeInterval = 100
    }

    @Test func aReconnectionToAServerThatDoesNotAnswerGivesUpWithinItsBudget() throws {
        let connection = try PGConnection(conninfo: conninfo)
        let pid = try #require(try connection.query("SELECT pg_backend_pid()").rows.first?.text(0))
        _ = try server.psql("SELECT pg_terminate_backend(\(pid))", database: "postgres")
        #expect(throws: TrackingError.self) { try connection.execute("SELECT 1") }  // finds it lost

        var error: TrackingError?
        let elapsed = try whilePaused {
            error = trackingError { try connection.execute("SELECT 1") }  // reconnects: no answer
        }
        // Without a budget the reconnection waits the connect timeout (10 s).
        #expect(elapsed < PGConnection.reconnectTimeout + 1, "took \(elapsed) s")
        #expect(error == .serverUnreachable(server: connection.server, reason: "no answer within 2 s"))
        #expect(try connection.query("SELECT 1").rows.first?.int(0) == 1, "reconnects once the server answers")
    }

    @Test func aSaveTheServerDoesNotAnswerReturnsInTimeKeptAndIsWrittenOnceLater() throws {
        let clock = VirtualClock()
        let engine = try PostgreSQLEngine(conninfo: conninfo)
        let store = try TrackingStore(engine: engine, rootIdentifier: rootID, rootTitle: "EduJam", clock: clock.read)
        store.outbox = try Outbox(path: temporaryStorePath("outbox.sqlite"), destination: "school")
        let uptime = Uptime()
        let saver = RunSaver(store: store, uptime: { uptime.now })
        let game = try store.mainContext.addChild(identifier: "MATH-JAM", title: "Math Jam", type: .game)
        let run = try game.createNewActivity(student: "ana")
        try run.start()
        saver.saveDuringRun(run)
        try run.setQuantity(id: "q1", title: "Q1", value: 1)

        let elapsed = try whilePaused { saver.saveDuringRun(run) }
        // Without a bound the save waits for the answer as long as the server is frozen: for ever.
        #expect(elapsed < PostgreSQLEngine.saveAnswerTimeout + 1, "took \(elapsed) s")
        #expect(saver.isBackingOff)
        #expect(try store.outbox?.entries().first?.snapshot.items.map(\.record.identifier) == ["q1"])

        uptime.now += RunSaver.maximumDelay  // the backoff has passed: the next save point tries again
        try run.setQuantity(id: "q2", title: "Q2", value: 2)
        saver.saveDuringRun(run)
        #expect(!saver.isBackingOff)
        #expect(try store.outbox?.entries().isEmpty == true)
        clock.advance(10)
        try run.end(outcome: .finished)
        try saver.saveAtEnd(run)

        // The frozen save may have been committed when the server read on: written once all the same.
        let other = try PGConnection(conninfo: conninfo)
        #expect(try other.query("SELECT count(*) FROM activities").rows.first?.int(0) == 1)
        #expect(try other.query("SELECT count(*) FROM activity_items").rows.first?.int(0) == 2)
        let events = try other.query("SELECT kind FROM attempt_events ORDER BY sequence").rows.map { $0.text(0) ?? "" }
        #expect(events == ["started", "ended"])
    }

    /// On TCP, a server that stops answering is dropped by the kernel after about 25 s, unless
    /// the person set these themselves.
    @Test func tcpConnectionsGiveUpOnASilentServerUnlessThePersonSaidOtherwise() throws {
        let connection = try PGConnection(conninfo: conninfo)
        for (keyword, value) in PGConnection.defaultTCPSettings {
            #expect(connection.effectiveParameter(keyword) == value, "\(keyword)")
        }
        let own = try PGConnection(conninfo: conninfo + " keepalives_idle=60 tcp_user_timeout=0")
        #expect(own.effectiveParameter("keepalives_idle") == "60")
        #expect(own.effectiveParameter("tcp_user_timeout") == "0")
        #expect(own.effectiveParameter("keepalives_count") == "3")
        let service = try PGConnection.connectionParameters(conninfo: conninfo, environment: ["PGSERVICE": "school"])
        #expect(service.map(\.keyword) == ["dbname"])
    }
}
