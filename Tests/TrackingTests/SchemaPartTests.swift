import Foundation
import Testing
import TrackingTestSupport

@testable import Tracking

/// Another module's half of the schema (``SchemaPart``): an open without it records its halves
/// as skipped, a later open with it applies them in list order, and a store that applied every
/// name before parts existed opens unchanged.
@Suite struct SchemaPartTests {
    /// A list with a tracking table, a name that is the part's alone and a name with both halves.
    static let list = [
        Migration.storeInfo,
        Migration(name: "002-tracked", sql: "CREATE TABLE tracked (x INTEGER);"),
        Migration(name: "003-part-only", sql: "", owners: ["test-part"]),
        Migration(name: "004-both", sql: "ALTER TABLE tracked ADD COLUMN y INTEGER;", owners: ["test-part"]),
    ]

    /// The part's halves; its second depends on its first, and on the tracking table's later shape.
    static let part = SchemaPart(
        owner: "test-part",
        sqlite: [
            "003-part-only": "CREATE TABLE part_rows (a INTEGER);",
            "004-both":
                "ALTER TABLE part_rows ADD COLUMN b INTEGER; INSERT INTO part_rows (a, b) SELECT x, y FROM tracked;",
        ],
        postgresql: [:])

    private func tables(_ connection: Connection) throws -> [String] {
        try connection.statement("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").query {
            $0.text(0) ?? ""
        }
    }

    private func columns(_ connection: Connection, _ table: String) throws -> [String] {
        try connection.statement("SELECT name FROM pragma_table_info('\(table)') ORDER BY cid").query {
            $0.text(0) ?? ""
        }
    }

    @Test func anOpenWithoutThePartRecordsItsHalvesAsSkipped() throws {
        let connection = try Connection(path: ":memory:")
        #expect(try Migrator.migrate(connection, migrations: Self.list) == Self.list.map(\.name))
        #expect(try !tables(connection).contains("part_rows"))
        #expect(try columns(connection, "tracked") == ["x", "y"], "Tracking's half of 004 is applied")
        #expect(
            try Migrator.skippedHalves(connection) == [
                SkippedHalf(name: "003-part-only", owner: "test-part"),
                SkippedHalf(name: "004-both", owner: "test-part"),
            ])
        #expect(try Migrator.hasSkipped(connection, of: [Self.part]))
    }

    @Test func aLaterOpenWithThePartAppliesItsHalvesInOrderOnce() throws {
        let connection = try Connection(path: ":memory:")
        try Migrator.migrate(connection, migrations: Self.list)
        try connection.execute("INSERT INTO tracked (x, y) VALUES (1, 2)")
        #expect(try Migrator.migrate(connection, migrations: Self.list, parts: [Self.part]).isEmpty, "no new name")
        #expect(try columns(connection, "part_rows") == ["a", "b"])
        #expect(try connection.statement("SELECT a, b FROM part_rows").query { [$0.int(0), $0.int(1)] } == [[1, 2]])
        #expect(try Migrator.skippedHalves(connection).isEmpty)
        #expect(try !Migrator.hasSkipped(connection, of: [Self.part]))
        try Migrator.migrate(connection, migrations: Self.list, parts: [Self.part])  // nothing left to apply twice
        #expect(try connection.statement("SELECT count(*) FROM part_rows").query { $0.int(0) } == [1])
    }

    @Test func anOpenWithThePartAppliesEachNamesHalvesTogether() throws {
        let connection = try Connection(path: ":memory:")
        #expect(try Migrator.migrate(connection, migrations: Self.list, parts: [Self.part]) == Self.list.map(\.name))
        #expect(try columns(connection, "part_rows") == ["a", "b"])
        #expect(try !tables(connection).contains("schema_skipped"), "made only when something is skipped")
    }

    /// A store whose every name was applied before parts existed has no `schema_skipped`: it is
    /// complete, with or without the part, and opening it changes nothing in its schema.
    @Test func aStoreWithEveryNameAppliedAndNoSkippedTableOpensUnchanged() throws {
        let connection = try Connection(path: ":memory:")
        try Migrator.migrate(connection, migrations: Self.list, parts: [Self.part])
        let schema = {
            try connection.statement("SELECT type, name, sql FROM sqlite_master ORDER BY name").query {
                "\($0.text(0) ?? "") \($0.text(1) ?? "") \($0.text(2) ?? "")"
            }
        }
        let before = try schema()
        #expect(try Migrator.migrate(connection, migrations: Self.list).isEmpty)
        #expect(try Migrator.migrate(connection, migrations: Self.list, parts: [Self.part]).isEmpty)
        #expect(try schema() == before)
    }

    @Test func aNameAddedLaterIsSkippedAloneForATrackingOnlyOpen() throws {
        let connection = try Connection(path: ":memory:")
        try Migrator.migrate(connection, migrations: Self.list, parts: [Self.part])
        let later = Self.list + [Migration(name: "005-part-later", sql: "", owners: ["test-part"])]
        var part = Self.part.sqlite
        part["005-part-later"] = "ALTER TABLE part_rows ADD COLUMN c INTEGER;"
        #expect(try Migrator.migrate(connection, migrations: later) == ["005-part-later"])
        #expect(try Migrator.skippedHalves(connection) == [SkippedHalf(name: "005-part-later", owner: "test-part")])
        let withLater = SchemaPart(owner: "test-part", sqlite: part, postgresql: [:])
        try Migrator.migrate(connection, migrations: later, parts: [withLater])
        #expect(try columns(connection, "part_rows") == ["a", "b", "c"])
    }

    /// Through the store: a store with a skipped half adopts the part once (as Classroom's
    /// executor does on its first use), then does not ask again.
    @Test func aStoreAdoptsAPartOnce() throws {
        let store = try TrackingStore(path: ":memory:", rootIdentifier: rootID, rootTitle: "EduJam Games")
        let connection = try #require((store.engine as? SQLiteEngine)?.connection)
        try connection.execute(
            """
            CREATE TABLE schema_skipped (name TEXT NOT NULL, owner TEXT NOT NULL, PRIMARY KEY (name, owner));
            INSERT INTO schema_skipped VALUES ('015-opaque-identifiers', 'test-part');
            """)
        let part = SchemaPart(
            owner: "test-part", sqlite: ["015-opaque-identifiers": "CREATE TABLE part_rows (a INTEGER);"],
            postgresql: [:])
        try store.adopt(part)
        #expect(try columns(connection, "part_rows") == ["a"])
        #expect(try Migrator.skippedHalves(connection).isEmpty)
        try connection.execute("INSERT INTO schema_skipped VALUES ('015-opaque-identifiers', 'test-part')")
        try store.adopt(part)  // once per store: not read again
        #expect(try Migrator.skippedHalves(connection).count == 1)
    }
}

/// The same on a school server, where teachers and students cannot migrate: a store lacking a
/// half of a part their open needs is one the owner must migrate.
@Suite(.enabled(if: PostgresServer.isAvailable, Comment(rawValue: PostgresServer.skipComment)))
struct PGSchemaPartTests {
    static let part = SchemaPart(
        owner: "test-part", sqlite: [:], postgresql: ["012-opaque-identifiers": "CREATE TABLE part_rows (a integer);"])

    /// PostgreSQL's list with its last name given a half of the test part.
    static var list: [Migration] {
        PGMigrations.all.dropLast() + [
            Migration(name: "012-opaque-identifiers", sql: PGMigrations.all.last?.sql ?? "", owners: ["test-part"])
        ]
    }

    @Test func aStudentOpeningAStoreWithSkippedHalvesIsToldItNeedsMigration() throws {
        let server = try PostgresServer.server()
        let database = try server.createDatabase()
        let owner = try PostgreSQLEngine(conninfo: server.conninfo(database: database))
        try PGMigrator.migrate(owner.connection, migrations: Self.list)
        #expect(
            try PGMigrator.skippedHalves(owner.connection) == [
                SkippedHalf(name: "012-opaque-identifiers", owner: "test-part")
            ])
        _ = try TrackingStore(engine: owner, rootIdentifier: rootID, rootTitle: "EduJam Games")  // claims the root
        let login = "part_student_\(getpid())"
        _ = try server.psql("CREATE ROLE \(login) LOGIN IN ROLE edujam_student", database: database)

        let student = { try PostgreSQLEngine(conninfo: server.conninfo(database: database, user: login)) }
        #expect(throws: Never.self, "an open without the part needs none of its halves") {
            try student().open(rootIdentifier: rootID, parts: [])
        }
        let needsMigration = TrackingError.storeNeedsMigration(place: try student().connection.place)
        #expect(trackingError { try student().open(rootIdentifier: rootID, parts: [Self.part]) } == needsMigration)
        #expect(trackingError { try student().adopt(Self.part) } == needsMigration)

        try owner.adopt(Self.part)
        #expect(try PGMigrator.skippedHalves(owner.connection).isEmpty)
        #expect(try owner.connection.query("SELECT to_regclass('part_rows') IS NOT NULL").rows.first?.int(0) == 1)
        #expect(throws: Never.self) { try student().open(rootIdentifier: rootID, parts: [Self.part]) }
    }
}
