import Foundation
import Testing
import TrackingTestSupport

@testable import Classroom
@testable import Tracking

/// The classroom's SQL moved into Classroom (``ClassroomSchema``) and changed nothing a store
/// holds: a store the CLI creates has exactly the schema the fixtures record.
///
/// The fixtures were first dumped from the `edujam` binary built before the move (`edujam store
/// init` on a new file and on a new PostgreSQL database), and the move was checked against them
/// unchanged. A migration added since changes a new store's schema on purpose: write the
/// fixtures again with `EDUJAM_WRITE_SCHEMA_FIXTURES=1 swift test --filter ClassroomSchemaTests`
/// (on both engines) and review their diff like the migration itself.
/// `Fixtures/main-schema.sqlite.txt` is `sqlite_master` as `sqliteSchema(_:leaving:)` prints it,
/// `Fixtures/main-schema.postgresql.txt` is `pg_dump --schema-only` less its version lines.
@Suite struct ClassroomSchemaTests {
    private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    private static func fixture(_ name: String) throws -> String {
        try String(contentsOf: fixtures.appendingPathComponent(name), encoding: .utf8)
    }

    /// Whether this run writes the fixtures from the schema it finds (see the suite's comment).
    static let writesFixtures = ProcessInfo.processInfo.environment["EDUJAM_WRITE_SCHEMA_FIXTURES"] == "1"

    /// Every object of a SQLite store with its SQL text, as SQLite keeps it, ordered by kind and name.
    static func sqliteSchema(_ connection: Connection, leaving left: Set<String> = []) throws -> String {
        try connection.statement(
            "SELECT type, name, tbl_name, coalesce(sql, '') FROM sqlite_master ORDER BY type, name"
        ).query { row -> String? in
            let table = row.text(2) ?? ""
            guard !left.contains(table) else { return nil }
            return "-- \(row.text(0) ?? "") \(row.text(1) ?? "") on \(table)\n\(row.text(3) ?? "")\n"
        }.compactMap { $0 }.joined()
    }

    private func temporaryFile() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("edujam-schema-\(UUID().uuidString).sqlite").path
    }

    @Test func aNewStoreHasTheSchemaOfItsFixture() throws {
        let path = temporaryFile()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let store = try TrackingStore(
            address: .file(path), rootIdentifier: rootID, rootTitle: "EduJam Games", parts: [ClassroomSchema.part])
        let connection = try #require((store.engine as? SQLiteEngine)?.connection)
        if Self.writesFixtures {
            try Self.sqliteSchema(connection).write(
                to: Self.fixtures.appendingPathComponent("main-schema.sqlite.txt"), atomically: true, encoding: .utf8)
        }
        #expect(try Self.sqliteSchema(connection) == Self.fixture("main-schema.sqlite.txt"))
    }

    /// Opened by Tracking alone (as an embedder or Tracking's tests do), the classroom's halves
    /// are skipped; the first use of a class applies them, after every later Tracking migration,
    /// and the store ends with the same schema (and an empty `schema_skipped`).
    @Test func aTrackingOnlyStoreGetsTheSameClassroomOnItsFirstClass() throws {
        let path = temporaryFile()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let store = try TrackingStore(path: path, rootIdentifier: rootID, rootTitle: "EduJam Games")
        let connection = try #require((store.engine as? SQLiteEngine)?.connection)
        #expect(try !Self.sqliteSchema(connection).contains("CREATE TABLE classes"))
        #expect(
            try Migrator.skippedHalves(connection).map(\.name) == [
                "005-classes", "006-assignments", "010-oneroster", "017-game-versions", "019-attempt-checks",
                "020-grading-exclusions", "021-game-owners",
            ])
        try store.createClass(named: "5C")
        #expect(
            try Self.sqliteSchema(connection, leaving: ["schema_skipped"]) == Self.fixture("main-schema.sqlite.txt"))
        #expect(try Migrator.skippedHalves(connection).isEmpty)
    }

    /// `edujam store migrate` on a store opened by Tracking alone names the halves it applies.
    @Test func migratingATrackingOnlyStoreNamesTheClassroomsHalves() throws {
        let path = temporaryFile()
        defer { try? FileManager.default.removeItem(atPath: path) }
        _ = try TrackingStore(path: path, rootIdentifier: rootID, rootTitle: "EduJam Games")
        #expect(
            try TrackingStore.migrate(.file(path), parts: [ClassroomSchema.part]) == [
                "005-classes (classroom)", "006-assignments (classroom)", "010-oneroster (classroom)",
                "017-game-versions (classroom)", "019-attempt-checks (classroom)", "020-grading-exclusions (classroom)",
                "021-game-owners (classroom)",
            ])
        #expect(try TrackingStore.migrate(.file(path), parts: [ClassroomSchema.part]).isEmpty)
    }

    /// A store with every migration name applied and none skipped (no `schema_skipped`: every
    /// store made before schema parts existed)
    /// opens unchanged, with or without the classroom's part.
    @Test func aStoreWithEveryNameAppliedAndNoneSkippedOpensUnchanged() throws {
        let path = temporaryFile()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let old = try Self.fixture("main-schema.sqlite.txt")
        do {
            let connection = try Connection(path: path)
            try connection.execute(Self.statements(of: old))
            let record = try connection.statement("INSERT INTO schema_migrations (name, position) VALUES (?, ?)")
            for (position, migration) in Migrations.all.enumerated() {
                try record.run([.text(migration.name), .integer(Int64(position))])
            }
        }
        let trackingOnly = try TrackingStore(path: path, rootIdentifier: rootID, rootTitle: "EduJam Games")
        let connection = try #require((trackingOnly.engine as? SQLiteEngine)?.connection)
        #expect(try Self.sqliteSchema(connection) == old)
        _ = try TrackingStore(
            address: .file(path), rootIdentifier: rootID, rootTitle: "EduJam Games", parts: [ClassroomSchema.part])
        try trackingOnly.createClass(named: "5C")
        #expect(try Self.sqliteSchema(connection) == old)
    }

    /// The fixture's SQL, tables first, then views, indexes and triggers (SQLite's own indexes have none).
    private static func statements(of schema: String) -> String {
        let objects = schema.components(separatedBy: "-- ").dropFirst().map { block -> (kind: String, sql: String) in
            let header = block.prefix { $0 != "\n" }
            return (String(header.prefix { $0 != " " }), String(block.dropFirst(header.count + 1)))
        }
        return ["table", "view", "index", "trigger"].flatMap { kind in
            objects.filter { $0.kind == kind && !$0.sql.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
                .map { $0.sql.trimmingCharacters(in: .whitespacesAndNewlines) + ";" }
        }.joined(separator: "\n")
    }

    /// Each name with a classroom half in Tracking's lists has its SQL here, and no other.
    @Test func thePartHasSQLForExactlyTheNamesThatListIt() {
        let owned = { (list: [Migration]) in
            Set(list.filter { $0.owners.contains(ClassroomSchema.part.owner) }.map(\.name))
        }
        #expect(Set(ClassroomSchema.part.sqlite.keys) == owned(Migrations.all))
        #expect(Set(ClassroomSchema.part.postgresql.keys) == owned(PGMigrations.all))
    }

    /// Tracking's SQL never names a classroom table: a Tracking-only store must work without them.
    @Test func trackingsHalvesNameNoClassroomTable() {
        let classroomTables = [
            "classes", "class_students", "assignments", "assignment_recipients", "assignment_activities",
            "assignment_done", "roster_people", "roster_classes", "roster_enrollments",
        ]
        for migration in Migrations.all + PGMigrations.all {
            let words = Set(migration.sql.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
            for table in classroomTables {
                #expect(!words.contains(table), "\(migration.name) names \(table)")
            }
        }
    }
}

/// The same on PostgreSQL: the catalogue `pg_dump --schema-only` shows (tables, columns,
/// constraints, indexes, policies, functions, grants) is the one before the move.
@Suite(.enabled(if: PostgresServer.isAvailable, Comment(rawValue: PostgresServer.skipComment)))
struct PGClassroomSchemaTests {
    /// `pg_dump --schema-only` of `database`, owners included (``PGOlderStoreTests/dump(_:_:owners:)``).
    private func dump(_ server: PostgresServer, _ database: String) throws -> String {
        try PGOlderStoreTests.dump(server, database, owners: true)
    }

    private func fixture() throws -> String {
        try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("Fixtures/main-schema.postgresql.txt"), encoding: .utf8)
    }

    @Test func aNewStoreHasTheSchemaOfItsFixture() throws {
        let server = try PostgresServer.server()
        let database = try server.createDatabase()
        _ = try TrackingStore.migrate(.server(server.url(database: database)), parts: [ClassroomSchema.part])
        if ClassroomSchemaTests.writesFixtures {
            try dump(server, database).write(
                to: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                    .appendingPathComponent("Fixtures/main-schema.postgresql.txt"), atomically: true, encoding: .utf8)
        }
        #expect(try dump(server, database) == fixture())
    }

    /// A database restored from the schema before the move, every name recorded, as the code
    /// before it left a store: opening it, with or without the classroom's part, changes nothing.
    @Test func aStoreWithEveryNameAppliedAndNoneSkippedOpensUnchanged() throws {
        let server = try PostgresServer.server()
        let names = PGMigrations.all.enumerated().map { "('\($1.name)', \($0))" }.joined(separator: ", ")
        let database = try PGOlderStoreTests.restored(
            server, try fixture() + "\nINSERT INTO public.schema_migrations (name, position) VALUES \(names);")
        // Not compared with the fixture itself: a restore re-parses CHECKs, flattening nested ANDs.
        let before = try dump(server, database)
        let address = StoreAddress.server(server.url(database: database))
        #expect(try TrackingStore.migrate(address).isEmpty)
        #expect(try TrackingStore.migrate(address, parts: [ClassroomSchema.part]).isEmpty)
        #expect(try dump(server, database) == before)
    }

    @Test func aTrackingOnlyStoreGetsTheSameClassroomOnItsFirstClass() throws {
        let server = try PostgresServer.server()
        let database = try server.createDatabase()
        let store = try TrackingStore(
            engine: PostgreSQLEngine(conninfo: server.conninfo(database: database)), rootIdentifier: rootID,
            rootTitle: "EduJam Games")
        try store.createClass(named: "5C")
        _ = try server.psql("DROP TABLE schema_skipped", database: database)
        #expect(try dump(server, database) == fixture())
    }
}
