import Foundation
import Testing
import TrackingTestSupport

@testable import Tracking

/// A store made while identifiers refused `/` and spaces (its CHECKs from `014-row-checks` or
/// PostgreSQL's `010-row-checks`) takes opaque identifiers once `015-opaque-identifiers` (or
/// `012-opaque-identifiers`) has run, and keeps every row it had.
@Suite struct OpaqueIdentifierMigrationTests {
    static let ported = ["unit/1", "Level 1", "Ünïcødé"]

    /// Saves the ported identifiers as a context each, with an item of the same name.
    private func savePorted(_ store: TrackingStore) throws {
        for id in Self.ported {
            let level = try store.mainContext.addChild(identifier: id, title: "Level", type: .level)
            let attempt = try level.createNewActivity(student: "ana")
            try attempt.start()
            try attempt.setQuantity(id: id, title: "Q", value: 1)
        }
        try store.save()
    }

    /// `migrations` with the identifier checks as `014-row-checks` and `010-row-checks` wrote them
    /// before identifiers were opaque (they are generated from today's rule): controls, space,
    /// `/` and DEL refused.
    static func asWritten(_ migrations: [Migration]) -> [Migration] {
        let today = (Array(0x01...0x1F) + [0x7F]).map(String.init).joined(separator: ", ")
        let then = (Array(0x01...0x20) + [0x2F, 0x7F]).map(String.init).joined(separator: ", ")
        return migrations.map { migration in
            Migration(
                name: migration.name,
                sql: migration.sql.replacingOccurrences(of: "char(\(today))", with: "char(\(then))")
                    .replacingOccurrences(of: #"'[\x01-\x1f\x7f]'"#, with: #"'[\x01-\x20/\x7f]'"#))
        }
    }

    @Test(.enabled(if: TestEngine.isSQLite, "SQLite's own: the store file at migration 014"))
    func anSQLiteStoreAt014TakesThemAfterTheMigration() throws {
        let path = temporaryStorePath()
        let connection = try Connection(path: path)
        let through014 = Array(Migrations.all.prefix { $0.name != "015-opaque-identifiers" })
        #expect(through014.count == 14)
        try Migrator.migrate(connection, migrations: Self.asWritten(through014))
        try connection.execute(
            """
            INSERT INTO store_info (key, value) VALUES ('root_identifier', '\(rootID)');
            INSERT INTO contexts (id, parent_id, path, identifier, title, type, created_at, modified_at)
                VALUES (1, NULL, '["\(rootID)"]', '\(rootID)', 'EduJam', 1, 0, 0),
                       (2, 1, '["\(rootID)","QUIZ"]', 'QUIZ', 'Quiz', 12, 0, 0);
            """)
        do {
            try connection.execute(
                """
                INSERT INTO contexts (parent_id, path, identifier, title, type, created_at, modified_at)
                    VALUES (1, '["\(rootID)","a b"]', 'a b', 'x', 12, 0, 0)
                """)
            Issue.record("the old check took a space")
        } catch { #expect("\(error)".contains("contexts_identifier")) }

        let store = try TrackingStore(path: path, rootIdentifier: rootID, rootTitle: "EduJam")
        #expect(try Migrator.appliedNames(store.connection) == Migrations.all.map(\.name))
        try savePorted(store)
        let stored = try storeSQL(store, "SELECT identifier FROM contexts ORDER BY id").compactMap { $0 }
        #expect(stored.prefix(2) == [rootID, "QUIZ"], "the old rows kept")
        #expect(Set(stored.dropFirst(2)) == Set(Self.ported) && stored.count == 5, "the new ones taken")
        #expect(try storeSQL(store, "SELECT count(*) FROM activity_items") == ["3"])
        #expect(throws: (any Error).self) {
            try store.connection.execute(
                "UPDATE activity_items SET identifier = 'a' || char(27) WHERE identifier = 'unit/1'")
        }
        #expect(
            try store.connection.statement("SELECT name FROM sqlite_master WHERE type = 'trigger'").query { $0.text(0) }
                .count == 2, "the item count triggers survive the rebuild")
    }

    @Test(.enabled(if: PostgresServer.isAvailable, Comment(rawValue: PostgresServer.skipComment)))
    func aPostgreSQLStoreAt011TakesThemAfterTheMigration() throws {
        let server = try PostgresServer.server()
        let engine = try PostgreSQLEngine(conninfo: server.conninfo(database: server.createDatabase()))
        let before = Array(PGMigrations.all.prefix { $0.name != "012-opaque-identifiers" })
        #expect(before.count == 11)
        try PGMigrator.migrate(engine.connection, migrations: Self.asWritten(before))
        try engine.connection.execute(
            """
            INSERT INTO contexts (parent_id, path, identifier, title, type, created_at, modified_at)
            VALUES (NULL, '["\(rootID)"]', '\(rootID)', 'EduJam Games', 1, 0, 0);
            """)
        #expect(throws: (any Error).self, "the old check refuses a slash") {
            try engine.connection.execute(
                """
                INSERT INTO contexts (parent_id, path, identifier, title, type, created_at, modified_at)
                VALUES (1, '["\(rootID)","a/b"]', 'a/b', 'x', 12, 0, 0);
                """)
        }
        let store = try TrackingStore(engine: engine, rootIdentifier: rootID, rootTitle: "EduJam Games")
        #expect(try PGMigrator.appliedNames(engine.connection) == PGMigrations.all.map(\.name))
        try savePorted(store)
        let stored = try storeSQL(store, "SELECT identifier FROM contexts ORDER BY id").compactMap { $0 }
        #expect(stored.first == rootID && Set(stored.dropFirst()) == Set(Self.ported) && stored.count == 4)
        #expect(throws: (any Error).self, "controls are still refused") {
            try engine.connection.execute("UPDATE contexts SET identifier = 'a' || chr(27) WHERE identifier = 'unit/1'")
        }
    }
}
