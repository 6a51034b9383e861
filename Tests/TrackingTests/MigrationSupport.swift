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
