import Foundation
import Testing
import TrackingTestSupport

@testable import Classroom
@testable import Tracking

/// Stores made by older versions of EduJam migrate to exactly the schema a new store has, and keep
/// what they held.
///
/// `Fixtures/older-stores/` holds what released `edujam` binaries made: for each, a store file
/// (a class 5C of ana and bo, an assignment of Math Jam's first level, three attempts) and the
/// `pg_dump --schema-only` of a school database after `store init`, with the migration names it
/// recorded. The fixtures are never written by a test: each is kept as that version left it, so
/// a migration that assumes today's shape of an older table, or a change of a shipped migration
/// that only a new store would see, fails here. A release that changes the schema adds its own
/// (see docs/decisions/frozen-migrations.md for how they were made).
@Suite struct OlderStoreTests {
    /// The versions, oldest first, and the last migration each recorded on each engine.
    static let versions: [(label: String, sqlite: String, postgresql: String)] = [
        ("v1", "013-activity-saved-at", "008-report-and-inbox-by-index"),
        ("v2", "015-opaque-identifiers", "012-opaque-identifiers"),
        ("v3", "019-attempt-checks", "032-bytes-per-student"),
        ("v4", "021-game-owners", "035-teachers-apart"),
    ]

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/older-stores")

    static func fixture(_ name: String) -> URL { folder.appendingPathComponent(name) }

    @Test(arguments: versions.map(\.label))
    func anOlderStoreFileMigratesToTheSchemaOfANewStoreAndKeepsItsWork(label: String) throws {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("edujam-\(label)-\(UUID()).sqlite")
        try FileManager.default.copyItem(at: Self.fixture("\(label).sqlite"), to: copy)
        defer { try? FileManager.default.removeItem(at: copy) }
        let expected = try #require(Self.versions.first { $0.label == label })
        do {
            let connection = try Connection(path: copy.path)
            let last = try connection.statement("SELECT name FROM schema_migrations ORDER BY position DESC LIMIT 1")
                .query { $0.text(0) }
            #expect(last == [expected.sqlite], "the fixture is the store \(label) left")
        }

        let store = try TrackingStore(
            address: .file(copy.path), rootIdentifier: rootID, rootTitle: "EduJam Games", parts: [ClassroomSchema.part])
        let connection = try #require((store.engine as? SQLiteEngine)?.connection)
        let fresh = try String(
            contentsOf: Self.folder.deletingLastPathComponent().appendingPathComponent("main-schema.sqlite.txt"),
            encoding: .utf8)
        #expect(try ClassroomSchemaTests.sqliteSchema(connection) == fresh)

        // Its work is all there, and reads as the store's own.
        #expect(try store.runs().count == 3)
        #expect(try store.classes().map(\.name) == ["5C"])
        #expect(try store.classes().first?.students == ["ana", "bo"])
        let report = try store.classReport(className: "5C")
        #expect(report.assignments.map(\.title) == ["Sums"])
        // And it takes new work.
        try store.createClass(named: "6A")
        #expect(try store.classes().map(\.name) == ["5C", "6A"])
    }
}

/// The same on PostgreSQL: each older version's school schema, restored with its migration names,
/// migrates to the schema of a new school store.
@Suite(.enabled(if: PostgresServer.isAvailable, Comment(rawValue: PostgresServer.skipComment)))
struct PGOlderStoreTests {
    /// `pg_dump --schema-only` of `database` (without owners unless `owners`), less the lines that
    /// name the version or a random key.
    static func dump(_ server: PostgresServer, _ database: String, owners: Bool = false) throws -> String {
        let bin = try #require(PostgresServer.binaries)
        let result = try PostgresServer.run(
            bin + "/pg_dump",
            ["-h", server.socketDirectory, "-p", String(server.port), "-U", server.superuser, "-s"]
                + (owners ? [] : ["-O"]) + [database])
        #expect(result.status == 0, "\(result.error)")
        return result.output.split(separator: "\n", omittingEmptySubsequences: false).filter {
            !$0.hasPrefix("\\restrict") && !$0.hasPrefix("\\unrestrict") && !$0.hasPrefix("-- Dumped")
        }.joined(separator: "\n")
    }

    /// A new database holding `schema` (a dump), the school's roles made first as `store init` would.
    static func restored(_ server: PostgresServer, _ schema: String) throws -> String {
        let database = try server.createDatabase()
        let result = try server.psql(
            """
            DO $$ BEGIN
                IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'edujam_teacher') THEN CREATE ROLE edujam_teacher; END IF;
                IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'edujam_student') THEN CREATE ROLE edujam_student; END IF;
            EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
            END $$;
            \(schema)
            """, database: database)
        #expect(result.status == 0, "\(result.error)")
        return database
    }

    /// The schema as a restore of its own dump has it: a restore parses each CHECK again, which
    /// flattens nested ANDs, so two stores are compared after one round each.
    static func normalized(_ server: PostgresServer, _ database: String) throws -> String {
        try dump(server, restored(server, dump(server, database)))
    }

    @Test(arguments: OlderStoreTests.versions.map(\.label))
    func anOlderSchoolStoreMigratesToTheSchemaOfANewOne(label: String) throws {
        let server = try PostgresServer.server()
        let expected = try #require(OlderStoreTests.versions.first { $0.label == label })
        let old = try String(contentsOf: OlderStoreTests.fixture("\(label).postgresql.sql"), encoding: .utf8)
        let database = try Self.restored(server, old)
        let last = try server.psql(
            "SELECT name FROM public.schema_migrations ORDER BY position DESC LIMIT 1", database: database)
        #expect(last.output.trimmingCharacters(in: .whitespacesAndNewlines) == expected.postgresql)

        _ = try TrackingStore.migrate(.server(server.url(database: database)), parts: [ClassroomSchema.part])
        let fresh = try server.createDatabase()
        _ = try TrackingStore.migrate(.server(server.url(database: fresh)), parts: [ClassroomSchema.part])
        let migrated = try Self.normalized(server, database)
        let new = try Self.normalized(server, fresh)
        #expect(migrated == new, "\(label) migrated differs from a new store:\n\(Self.difference(migrated, new))")
    }

    /// The lines only one side has, each marked `-` (the migrated store's) or `+` (a new store's).
    static func difference(_ old: String, _ new: String) -> String {
        let a = old.split(separator: "\n").map(String.init)
        let b = new.split(separator: "\n").map(String.init)
        let onlyA = a.filter { !b.contains($0) }.prefix(40).map { "- " + $0 }
        let onlyB = b.filter { !a.contains($0) }.prefix(40).map { "+ " + $0 }
        return (onlyA + onlyB).joined(separator: "\n")
    }
}
