import Testing
import TrackingTestSupport

@testable import Tracking

/// A new PostgreSQL database with every migration before `migration` applied, as an older EduJam
/// left its store: a test then stores what such a store may hold and opens it, which applies
/// `migration` and the ones after it.
/// - Parameter previous: The name of the migration just before, so that a test written for one
///   place in the list fails when another is inserted before it.
func postgreSQLStore(before migration: Migration, previous: String) throws -> PostgreSQLEngine {
    let server = try PostgresServer.server()
    let engine = try PostgreSQLEngine(conninfo: server.conninfo(database: server.createDatabase()))
    let earlier = Array(PGMigrations.all.prefix { $0.name != migration.name })
    try #require(earlier.last?.name == previous)
    try PGMigrator.migrate(engine.connection, migrations: earlier)
    return engine
}

/// The main context and Math Jam under it, as SQL for a database a test migrated part of the way.
let mainAndMathJamContexts = """
    INSERT INTO contexts (parent_id, path, identifier, title, type, created_at, modified_at)
    VALUES (NULL, '["\(rootID)"]', '\(rootID)', 'EduJam Games', 1, 0, 0);
    INSERT INTO contexts (parent_id, path, identifier, title, type, created_at, modified_at)
    SELECT id, '["\(rootID)","MATH-JAM"]', 'MATH-JAM', 'Math Jam', \(ContextType.game.rawValue), 0, 0
    FROM contexts;
    """

/// Runs `sql`, a write through `psql` as a test stores it, and expects it stored when `allowed`
/// and otherwise refused by the CHECK constraint named `check`; `what` names the case in messages.
func expectWrite(_ engine: PostgreSQLEngine, _ sql: String, allowed: Bool, check: String, what: String) throws {
    do {
        try engine.connection.execute(sql)
        #expect(allowed, "\(what) was stored")
    } catch let error as TrackingError {
        #expect(!allowed, "\(what): \(error)")
        #expect("\(error)".contains(check), "\(what): \(error)")
    }
}

/// The first column of the first row `sql` returns, as text.
func firstValue(_ engine: PostgreSQLEngine, _ sql: String) throws -> String? {
    try engine.connection.query(sql).rows.first?.text(0)
}
