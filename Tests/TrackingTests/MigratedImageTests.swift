import Foundation
import Testing

@testable import Tracking

/// A private in-memory store starts from a copy of a migrated database (``MigratedImage``): it
/// must be exactly what migrating gives, its own copy, and only ever taken by a new, empty one.
@Suite struct MigratedImageTests {
    /// Everything a migration leaves: the schema's text, the names applied in order, the halves skipped.
    private func schema(_ connection: Connection) throws -> [String] {
        let objects = try connection.statement(
            "SELECT type || ' ' || name || ' ' || tbl_name || ' ' || coalesce(sql, '') FROM sqlite_master ORDER BY type, name"
        ).query { $0.text(0) ?? "" }
        let applied = try Migrator.appliedNames(connection)
        let skipped = try Migrator.skippedHalves(connection).map { "\($0.name) \($0.owner)" }
        return objects + ["applied:"] + applied + ["skipped:"] + skipped
    }

    @Test func anInMemoryStoreHasTheSchemaMigratingGives() throws {
        let migrated = try Connection(path: ":memory:")
        try Migrator.migrate(migrated)
        for _ in 0..<2 {  // the first open makes the image, the second copies it
            let engine = try SQLiteEngine(path: ":memory:")
            try engine.open(rootIdentifier: "org.edujam.games", parts: [])
            #expect(try schema(engine.connection) == schema(migrated))
            #expect(try !schema(migrated).filter { $0.hasPrefix("table ") }.isEmpty)
        }
    }

    @Test func eachInMemoryStoreIsItsOwnCopy() throws {
        let first = try TrackingStore.inMemory(rootIdentifier: "org.edujam.games", rootTitle: "EduJam")
        _ = try first.mainContext.addChild(identifier: "MATH-JAM", title: "Math Jam", type: .game)
        try first.save()
        let second = try TrackingStore.inMemory(rootIdentifier: "org.example.other", rootTitle: "Other")
        #expect(second.mainContext.children.isEmpty)
        #expect(second.rootIdentifier == "org.example.other")
        let again = try TrackingStore.inMemory(rootIdentifier: "org.edujam.games", rootTitle: "EduJam")
        #expect(again.mainContext.children.isEmpty, "a store's rows never reach the image or the next copy")
    }

    @Test func aDatabaseWrittenBeforeItsOpenIsNeverReplaced() throws {
        let engine = try SQLiteEngine(path: ":memory:")
        try engine.connection.execute("CREATE TABLE someone_elses (x INTEGER); INSERT INTO someone_elses VALUES (7)")
        #expect(throws: TrackingError.notAStore) { try engine.open(rootIdentifier: "org.edujam.games", parts: []) }
        #expect(try engine.connection.statement("SELECT x FROM someone_elses").query { $0.int(0) } == [7])
    }

    @Test func aCopyRollsBackWhatASavepointUndoes() throws {
        let engine = try SQLiteEngine(path: ":memory:")
        try engine.open(rootIdentifier: "org.edujam.games", parts: [])
        let connection = engine.connection
        try connection.transaction {
            try connection.execute("SAVEPOINT one_object")
            try connection.execute("INSERT INTO store_info (key, value) VALUES ('kept-back', 'x')")
            try connection.execute("ROLLBACK TO one_object")
            try connection.execute("RELEASE one_object")
        }
        let kept = try connection.statement("SELECT count(*) FROM store_info WHERE key = 'kept-back'")
        #expect(try kept.query { $0.int(0) } == [0])
    }
}
