import CSQLite
import Foundation
import Testing
import TrackingTestSupport

@testable import Tracking

@Suite struct PersistenceTests {
    @Test(.enabled(if: TestEngine.isSQLite, "SQLite's own: opens a store file or reads its connection"))
    func contextsSurviveReopening() throws {
        let path = temporaryStorePath()
        do {
            let store = try TrackingStore(path: path, rootIdentifier: rootID, rootTitle: "EduJam")
            let game = try store.mainContext.addChild(identifier: "MATH-JAM", title: "Math Jam", type: .game)
            game.topic = .math
            game.summary = "Sums"
            game.keywords = ["Fractions"]
            game.displayOrder = 3
            game.isAssignable = false
            game.suggestedAge = 6...9
            game.suggestedCompletionMinutes = 1...5
            game.customTypeName = "Jam"
            game.universalLinkURL = URL(string: "https://edujam.org/math")
            game.progressReportingCapabilities = [.init(kind: .score, details: "points")]
            _ = try game.addChild(identifier: "LEVEL-1", title: "Level 1", type: .level)
            try store.save()
        }
        let store = try TrackingStore(path: path, rootIdentifier: rootID, rootTitle: "ignored")
        let game = try #require(try store.context(at: ["MATH-JAM"]))
        #expect(game.title == "Math Jam" && game.type == .game && game.topic == .math)
        #expect(game.summary == "Sums" && game.keywords == ["Fractions"] && game.displayOrder == 3)
        #expect(!game.isAssignable && game.suggestedAge == 6...9 && game.suggestedCompletionMinutes == 1...5)
        #expect(game.customTypeName == "Jam" && game.universalLinkURL?.absoluteString == "https://edujam.org/math")
        #expect(game.progressReportingCapabilities == [.duration, .init(kind: .score, details: "points")])
        #expect(try store.context(at: ["MATH-JAM", "LEVEL-1"])?.effectiveTopic == .math)
        #expect(store.mainContext.title == "EduJam")
    }

    @Test(.enabled(if: TestEngine.isSQLite, "SQLite's own: opens a store file or reads its connection"))
    func unsavedChangesAreLostAndAnInvalidContextIsRefusedAlone() throws {
        let path = temporaryStorePath()
        do {
            let store = try TrackingStore(path: path, rootIdentifier: rootID, rootTitle: "EduJam")
            let good = try store.mainContext.addChild(identifier: "GOOD", title: "Good", type: .game)
            try store.save()
            good.title = "Renamed"
            let bad = try store.mainContext.addChild(identifier: "BAD", title: "Bad", type: .game)
            bad.summary = String(repeating: "x", count: 5000)
            #expect(refusedReason { try store.save() } != nil)
            good.title = "Renamed again"  // never saved: lost with the process
        }
        let store = try TrackingStore(path: path, rootIdentifier: rootID, rootTitle: "EduJam")
        #expect(try store.context(at: ["GOOD"])?.title == "Renamed")
        #expect(try store.context(at: ["BAD"]) == nil)
    }

    @Test func failedSaveKeepsChangesPendingUntilFixed() throws {
        let (store, run) = try startedActivity()
        try run.setScore(id: "s", title: "S", score: 1, maxScore: 2)
        let bad = try store.mainContext.addChild(identifier: "BAD", title: "Bad", type: .game)
        bad.title = ""
        #expect(refusedReason { try store.save() } == .blankTitle)
        #expect(run.id != nil)  // the attempt does not wait for the catalog
        #expect(try store.runs().map(\.items.count) == [1])
        let savedTitle = { try storeSQL(store, "SELECT title FROM contexts WHERE identifier = 'BAD'") }
        #expect(try savedTitle().isEmpty)  // refused, still pending
        bad.title = "Fixed"
        try store.save()
        #expect(try savedTitle() == ["Fixed"])
    }

    /// An attempt is marked for the save once, on its first change since the last save: a change
    /// after a save marks it again, and one in a removed context leaves nothing to write.
    @Test func attemptChangedAfterASaveIsWrittenAtTheNext() throws {
        let (store, run) = try startedActivity()
        try run.setScore(id: "s", title: "S", score: 1, maxScore: 2)
        try run.stop()  // not running: only its marks bring it to a save
        try store.save()
        run.markDone(by: .student)
        try store.save()
        #expect(try store.runs().map(\.done) == [true])
        run.markNotDone()
        try store.save()
        #expect(try store.runs().map(\.done) == [false])
        let other = try store.mainContext.addChild(identifier: "OTHER", title: "Other", type: .game)
        let gone = try other.createNewActivity(student: "ana")
        try store.remove(other)
        gone.markDone(by: .student)
        try store.save()
        #expect(try store.runs().map(\.done) == [false])
    }

    @Test(.enabled(if: TestEngine.isSQLite, "SQLite's own: opens a store file or reads its connection"))
    func migrationsAreNamedAndRecordedInOrder() throws {
        let store = try makeStore()
        #expect(try Migrator.appliedNames(store.connection) == Migrations.all.map(\.name))
        #expect(try Migrator.migrate(store.connection).isEmpty)  // idempotent
        let extended = Migrations.all + [Migration(name: "999-extra", sql: "CREATE TABLE extra (x INTEGER)")]
        #expect(try Migrator.migrate(store.connection, migrations: extended) == ["999-extra"])
        #expect(trackingError { try Migrator.migrate(store.connection) } == .unknownMigration("999-extra"))
    }

    @Test(.enabled(if: TestEngine.isSQLite, "SQLite's own: opens a store file or reads its connection"))
    func storeBelongsToOneRoot() throws {
        let path = temporaryStorePath()
        _ = try TrackingStore(path: path, rootIdentifier: rootID, rootTitle: "EduJam")
        #expect(
            trackingError { _ = try TrackingStore(path: path, rootIdentifier: "org.other", rootTitle: "Other") }
                == .rootMismatch(expected: "org.other", found: rootID))
    }

    @Test(.enabled(if: TestEngine.isSQLite, "SQLite's own: opens a store file or reads its connection"))
    func storeUsesWALAndForeignKeys() throws {
        let store = try TrackingStore(path: temporaryStorePath(), rootIdentifier: rootID, rootTitle: "EduJam")
        #expect(try store.connection.statement("PRAGMA journal_mode").query { $0.text(0) } == ["wal"])
        #expect(try store.connection.statement("PRAGMA foreign_keys").query { $0.int(0) } == [1])
    }

    @Test(.enabled(if: TestEngine.isSQLite, "SQLite's own: opens a store file or reads its connection"))
    func sqliteErrorsNameTheSQLNotTheValues() throws {
        let store = try makeStore()
        let error = trackingError {
            try store.connection.statement("INSERT INTO nowhere VALUES (?)").run([.text("ana")])
        }
        guard case .sqlite(let code, let message, let sql) = error else {
            Issue.record("expected sqlite error")
            return
        }
        #expect(code == SQLITE_ERROR && message.contains("nowhere") && sql == "INSERT INTO nowhere VALUES (?)")
        #expect(!(error?.description.contains("ana") ?? true))
    }

    @Test(.enabled(if: TestEngine.isSQLite, "SQLite's own: opens a store file or reads its connection"))
    func saveWritesOnlyWhatChanged() throws {
        let (store, run) = try startedActivity()
        for index in 0..<20 {
            try run.addAdditionalItem(ActivityItem(identifier: "q", title: "Q", value: .quantity(Double(index))))
        }
        try run.setScore(id: "s", title: "S", score: 1, maxScore: 9)
        try run.setBinary(id: "b", title: "B", value: true, valueType: .yesNo)
        try store.save()
        try run.stop()  // a stopped activity is only written when it changes
        try store.save()
        let before = sqlite3_total_changes(store.connection.db)
        try store.save()  // nothing changed
        #expect(sqlite3_total_changes(store.connection.db) == before)
        try run.start()
        try run.setBinary(id: "b", title: "B", value: false, valueType: .yesNo)
        try store.save()
        // The activity row, one item, and the history's one new event (resumed).
        #expect(sqlite3_total_changes(store.connection.db) - before == 3)
    }
}
