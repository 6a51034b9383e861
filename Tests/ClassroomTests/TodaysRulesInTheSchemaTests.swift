import Foundation
import Testing
import TrackingTestSupport

@testable import Classroom
@testable import Tracking

/// A new store enforces the rules and limits the Swift code states today (``RowChecks``,
/// ``Limits``, the classroom's bounds). Shipped migrations are fixed text
/// (``ShippedMigrationTests``), so a change of a rule, a limit or a kind list does not reach any
/// store by itself: these tests fail until a new migration brings it, to new and old stores alike.
@Suite struct TodaysRulesInTheSchemaTests {
    /// The tables' checks a store file has.
    static let sqliteChecks: [(table: String, checks: [RowChecks.Check])] = [
        ("contexts", RowChecks.contexts(.sqlite)),
        ("activities", RowChecks.activities(.sqlite) + [RowChecks.gameVersion(.sqlite)]),
        ("activity_items", RowChecks.activityItems(.sqlite)),
        ("attempt_events", RowChecks.attemptEvents(.sqlite)),
    ]

    private static func sql(of name: String, in connection: Connection) throws -> String {
        try connection.statement("SELECT sql FROM sqlite_master WHERE name = ?").query([.text(name)]) {
            $0.text(0) ?? ""
        }.joined()
    }

    @Test func aNewStoreFileHasTodaysChecksAndLimits() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("edujam-rules-\(UUID()).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let store = try TrackingStore(
            address: .file(path), rootIdentifier: rootID, rootTitle: "EduJam Games", parts: [ClassroomSchema.part])
        let connection = try #require((store.engine as? SQLiteEngine)?.connection)
        for (table, checks) in Self.sqliteChecks {
            let stored = try Self.sql(of: table, in: connection)
            for check in checks {
                #expect(stored.contains(check.clause), "\(table) lacks today's \(check.name): write a migration")
            }
        }
        for trigger in ["activity_items_count", "activity_items_count_moved"] {
            let stored = try Self.sql(of: trigger, in: connection)
            #expect(stored.contains("> \(RowChecks.itemsPerAttempt)") && stored.contains(RowChecks.itemCountMessage))
        }
        #expect(try Self.sql(of: "attempt_inputs", in: connection).contains("bytes <= \(Limits.replayRecordBytes)"))
        #expect(
            try Self.sql(of: "game_versions", in: connection).contains(
                "bytes BETWEEN 1 AND \(GameTables.maxStoredBytes)"))
        let checks = try Self.sql(of: "attempt_checks", in: connection)
        #expect(checks.contains(CheckState.stored.map { "'\($0.rawValue)'" }.joined(separator: ", ")))
        #expect(checks.contains("\(CheckTables.maxDifferenceBytes)"))
    }
}

@Suite(.enabled(if: PostgresServer.isAvailable, Comment(rawValue: PostgresServer.skipComment)))
struct PGTodaysRulesInTheSchemaTests {
    static let checks: [(table: String, checks: [RowChecks.Check])] = [
        ("contexts", RowChecks.contexts(.postgresql)),
        (
            "activities",
            RowChecks.activities(.postgresql) + [
                RowChecks.gameVersion(.postgresql), RowChecks.activityTimes(.postgresql),
                RowChecks.activityTexts(.postgresql),
            ]
        ),
        ("activity_items", RowChecks.activityItems(.postgresql)),
        (
            "attempt_events",
            RowChecks.attemptEvents(.postgresql) + [RowChecks.eventTime(.postgresql), RowChecks.eventSequence]
        ),
    ]

    /// Each check as the server writes it back (`pg_get_constraintdef`), compared with today's
    /// clause added to an empty copy of the table, so both are in the server's own words.
    @Test func aNewSchoolStoreHasTodaysChecks() throws {
        let server = try PostgresServer.server()
        let database = try server.createDatabase()
        _ = try TrackingStore.migrate(.server(server.url(database: database)), parts: [ClassroomSchema.part])
        for (table, checks) in Self.checks {
            for check in checks {
                let result = try server.psql(
                    """
                    CREATE TEMP TABLE today (LIKE public.\(table));
                    ALTER TABLE today ADD \(check.clause);
                    SELECT replace(stored.def, ' NOT VALID', '') = today.def
                    FROM (SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint
                            WHERE conname = '\(check.name)' AND conrelid = 'public.\(table)'::regclass) stored,
                        (SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint
                            WHERE conname = '\(check.name)' AND conrelid = 'today'::regclass) today;
                    """, database: database)
                #expect(result.status == 0, "\(result.error)")
                #expect(
                    result.output.trimmingCharacters(in: .whitespacesAndNewlines) == "t",
                    "\(table) lacks today's \(check.name): write a migration")
            }
        }
    }

    /// The bounds the triggers count to, and the words they refuse with.
    @Test func aNewSchoolStoreCountsToTodaysLimits() throws {
        let server = try PostgresServer.server()
        let database = try server.createDatabase()
        _ = try TrackingStore.migrate(.server(server.url(database: database)), parts: [ClassroomSchema.part])
        func source(_ function: String) throws -> String {
            try server.psql("SELECT prosrc FROM pg_proc WHERE proname = '\(function)'", database: database).output
        }
        let attempts = try source("edujam_count_attempts")
        #expect(attempts.contains("held > \(Limits.attemptsPerStudent)"))
        #expect(attempts.contains("held_bytes > \(Limits.bytesPerStudent)"))
        #expect(attempts.contains(":= \(PGMigrations.attemptBytesBound);"))
        #expect(attempts.contains(PGMigrations.attemptsPerStudentMessage))
        #expect(attempts.contains(PGMigrations.bytesPerStudentMessage))
        #expect(try source("edujam_settle_attempt_bytes").contains("\(Limits.bytesPerEvent) * (SELECT count(*)"))
        let catalog = try source("edujam_count_catalog_additions")
        #expect(catalog.contains("held > \(Limits.catalogAdditionsPerStudent)"))
        #expect(catalog.contains(PGMigrations.catalogAdditionsMessage))
        let items = try source("edujam_item_count_moved")
        #expect(items.contains("> \(RowChecks.itemsPerAttempt)") && items.contains(RowChecks.itemCountMessage))
        let inputs = try server.psql(
            "SELECT pg_get_constraintdef(oid) FROM pg_constraint WHERE conrelid = 'public.attempt_inputs'::regclass AND contype = 'c'",
            database: database)
        #expect(inputs.output.contains("<= \(Limits.replayRecordBytes)"))
    }
}
