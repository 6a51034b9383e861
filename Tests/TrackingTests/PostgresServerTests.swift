import Foundation
import Testing
import TrackingTestSupport

/// The throwaway server the PostgreSQL tests share (`Tests/TrackingTestSupport/PostgresServer.swift`).
@Suite(.enabled(if: PostgresServer.isAvailable, Comment(rawValue: PostgresServer.skipComment)))
struct PostgresServerTests {
    @Test func freshDatabasesAreEmptyAndSeparate() throws {
        let server = try PostgresServer.server()
        let first = try server.createDatabase()
        let second = try server.createDatabase()
        #expect(first != second)
        #expect(try server.psql("CREATE TABLE t (x int); INSERT INTO t VALUES (7);", database: first).status == 0)
        #expect(try server.psql("SELECT x FROM t", database: first).output == "7\n")
        let missing = try server.psql("SELECT x FROM t", database: second)
        #expect(missing.status != 0)
        #expect(missing.error.contains("relation \"t\" does not exist"))
    }

    @Test func psqlRunsAsTheGivenRole() throws {
        let server = try PostgresServer.server()
        let database = try server.createDatabase()
        let role = "ana_\(UInt32.random(in: 0...UInt32.max))"
        #expect(try server.psql("CREATE ROLE \(role) LOGIN", database: database).status == 0)
        #expect(try server.psql("SELECT current_user", database: database, role: role).output == "\(role)\n")
    }

    @Test func theSocketIsTheOnlyWayIn() throws {
        let server = try PostgresServer.server()
        let result = try server.psql("SHOW listen_addresses", database: "postgres")
        #expect(result.output == "\n")
        #expect(FileManager.default.fileExists(atPath: server.socketDirectory + "/.s.PGSQL.\(server.port)"))
    }
}
