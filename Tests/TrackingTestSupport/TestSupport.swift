import Foundation
import Tracking

/// Shared by the Tracking and Classroom tests.

/// A clock the test advances by hand, so durations are exact and no test sleeps.
package final class VirtualClock {
    package var now = Date(timeIntervalSince1970: 1_800_000_000)

    package init() {}

    /// Moves time forward.
    package func advance(_ seconds: TimeInterval) { now += seconds }

    /// The closure to inject into a store.
    package var read: () -> Date { { self.now } }
}

package let rootID = "org.edujam.games"

/// The engines the model's tests run on: `EDUJAM_TEST_ENGINE=postgresql` runs the Tracking and
/// Classroom suites again on PostgreSQL (`make test-postgresql`); SQLite otherwise.
package enum TestEngine: String, Sendable {
    case sqlite
    case postgresql

    /// The engine of this test run.
    package static let current =
        TestEngine(rawValue: ProcessInfo.processInfo.environment["EDUJAM_TEST_ENGINE"] ?? "") ?? .sqlite

    /// Whether this run is SQLite's: for the tests that inspect, lock or damage a store file, or
    /// open one by path, which are SQLite's own (and need not run twice).
    package static var isSQLite: Bool { current == .sqlite }
}

/// The engine every model test runs against: an in-memory SQLite database, or a fresh database
/// on the throwaway PostgreSQL server (``PostgresServer``) in a PostgreSQL run.
package func makeEngine() throws -> any StoreEngine {
    switch TestEngine.current {
    case .sqlite:
        return try SQLiteEngine(path: ":memory:")
    case .postgresql:
        let server = try PostgresServer.server()
        return try PostgreSQLEngine(conninfo: server.conninfo(database: server.createDatabase()))
    }
}

/// A fresh store on a fresh engine, with a virtual clock.
package func makeStore(_ clock: VirtualClock = VirtualClock()) throws -> TrackingStore {
    try TrackingStore(engine: makeEngine(), rootIdentifier: rootID, rootTitle: "EduJam Games", clock: clock.read)
}

extension TrackingStore {
    /// The SQLite connection of a store opened on a file: for the tests that inspect, lock or
    /// damage its rows, which are SQLite's own tests.
    package var connection: Connection {
        guard let sqlite = engine as? SQLiteEngine else { preconditionFailure("not an SQLite store") }
        return sqlite.connection
    }
}

/// A path in a fresh temporary directory.
package func temporaryStorePath(_ name: String = "store.sqlite") -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tracking-tests-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    return dir.appendingPathComponent(name).path
}

/// Runs `body` and returns the TrackingError it throws, or nil.
package func trackingError(_ body: () throws -> Void) -> TrackingError? {
    do {
        try body()
        return nil
    } catch let error as TrackingError { return error } catch { return nil }
}

/// A started activity on a new game context, for item and progress tests.
package func startedActivity(_ clock: VirtualClock = VirtualClock()) throws -> (TrackingStore, Activity) {
    let store = try makeStore(clock)
    let game = try store.mainContext.addChild(identifier: "MATH-JAM", title: "Math Jam", type: .game)
    let activity = try game.createNewActivity(student: "ana")
    try activity.start()
    return (store, activity)
}

/// The first column of the first row of `sql` (no parameters), on either engine: for the tests
/// that count rows the same way on both.
package func scalar(_ store: TrackingStore, _ sql: String) throws -> Int64? {
    switch store.engine {
    case let sqlite as SQLiteEngine: return try sqlite.connection.statement(sql).query { $0.int(0) }.first
    case let postgres as PostgreSQLEngine: return try postgres.connection.query(sql).rows.first?.int(0)
    default: preconditionFailure("no engine \(type(of: store.engine))")
    }
}

/// Runs `sql` with `?` parameters on either engine (numbered `$1`, `$2`, ... for PostgreSQL) and
/// returns the first column of every row as text: for the tests that rewrite a row as another
/// process or an older version would have saved it.
@discardableResult
package func storeSQL(_ store: TrackingStore, _ sql: String, _ values: [SQLValue] = []) throws -> [String?] {
    switch store.engine {
    case let sqlite as SQLiteEngine: return try sqlite.connection.statement(sql).query(values) { $0.text(0) }
    case let postgres as PostgreSQLEngine:
        return try postgres.connection.query(PostgreSQLEngine.numbered(sql), values).map { $0.text(0) }
    default: preconditionFailure("no engine \(type(of: store.engine))")
    }
}

/// Runs `sql` as ``storeSQL(_:_:_:)`` does, past the store's row checks (`RowChecks`): for the
/// tests that write a row as a version before those checks would have saved it. On SQLite the
/// checks are ignored for this statement; on PostgreSQL, whose store is the test's own, they are
/// dropped.
@discardableResult
package func oldStoreSQL(_ store: TrackingStore, _ sql: String, _ values: [SQLValue] = []) throws -> [String?] {
    switch store.engine {
    case let sqlite as SQLiteEngine:
        try sqlite.connection.execute("PRAGMA ignore_check_constraints = ON")
        defer { try? sqlite.connection.execute("PRAGMA ignore_check_constraints = OFF") }
        return try storeSQL(store, sql, values)
    case let postgres as PostgreSQLEngine:
        let tables: [(String, [RowChecks.Check])] = [
            ("contexts", RowChecks.contexts(.postgresql)),
            ("activities", RowChecks.activities(.postgresql) + [RowChecks.gameVersion(.postgresql)]),
            ("activity_items", RowChecks.activityItems(.postgresql)),
            ("attempt_events", RowChecks.attemptEvents(.postgresql)),
        ]
        for (table, checks) in tables {
            for check in checks {
                try postgres.connection.execute("ALTER TABLE \(table) DROP CONSTRAINT IF EXISTS \(check.name)")
            }
        }
        return try storeSQL(store, sql, values)
    default: preconditionFailure("no engine \(type(of: store.engine))")
    }
}
