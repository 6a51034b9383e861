import Foundation
import GameContent
import Testing
import TrackingTestSupport

@testable import Classroom
@testable import Tracking

/// Games in the store (`docs/teaching.md`, "How a game reaches students"): versions named by
/// their hash, each game's current version, and every read checked against the name. Runs on the
/// test run's engine (``makeEngine()``).
@Suite struct PublishedGameTests {
    /// Drops a school server's check that a version's files hash to its name, for a test that
    /// writes such a row as an older store (or the owner's hand) holds it; a store file has none.
    private static func allowMismatchedFiles(_ store: TrackingStore) throws {
        guard !(store.engine is SQLiteEngine) else { return }
        try storeSQL(store, "ALTER TABLE game_versions DROP CONSTRAINT game_versions_files_hash")
    }

    private static func game(_ answer: String, module: String = "return 1") throws -> GamePackage {
        try GamePackage(files: [
            "game.lua": Array("local m = require('lib/util')\nprint('\(answer)')\n".utf8),
            "lib/util.lua": Array(module.utf8),
        ])
    }

    @Test func publishingStoresANewVersionAndTheSameFilesChangeNothing() throws {
        let clock = VirtualClock()
        let store = try makeStore(clock)
        let first = try Self.game("one")
        #expect(try store.publishGame(first, gameID: "MATH-JAM", by: "maria") == .new(first.version))
        clock.advance(60)
        #expect(try store.publishGame(first, gameID: "MATH-JAM", by: "joao") == .unchanged(first.version))
        let second = try Self.game("one", module: "return 2")
        #expect(try store.publishGame(second, gameID: "MATH-JAM", by: "maria") == .new(second.version))
        #expect(try store.currentPackage(gameID: "MATH-JAM") == second)
        clock.advance(60)
        #expect(try store.publishGame(first, gameID: "MATH-JAM", by: "joao") == .madeCurrentAgain(first.version))
        #expect(try store.currentPackage(gameID: "MATH-JAM") == first)
        #expect(try scalar(store, "SELECT count(*) FROM game_versions") == 2)
        #expect(try store.package(version: second.version) == second)
        #expect(try store.currentPackage(gameID: "WORD-JAM") == nil)
    }

    @Test func theListShowsEachGamesCurrentVersionAndTheEarlierOnesNewestFirst() throws {
        let clock = VirtualClock()
        let store = try makeStore(clock)
        let versions = try ["a", "b", "c"].map { answer -> GameVersion in
            clock.advance(10)
            return try store.publishGame(Self.game(answer), gameID: "MATH-JAM", by: "maria").version
        }
        try store.publishGame(Self.game("w"), gameID: "WORD-JAM", by: "joao")
        clock.advance(10)
        try store.revertGame("MATH-JAM", to: String(versions[0].description.prefix(8)), by: "joao")

        let games = try store.publishedGames()
        #expect(games.map(\.gameID) == ["MATH-JAM", "WORD-JAM"])
        let math = try #require(games.first)
        #expect(math.current.version == versions[0] && math.current.publishedBy == "maria")
        #expect(math.setBy == "joao" && math.setAt > math.current.publishedAt)
        #expect(math.earlier.map(\.version) == [versions[2], versions[1]])
        #expect(math.current.bytes == (try Self.game("a")).encoded().count)
        #expect(games[1].earlier.isEmpty && games[1].current.publishedBy == "joao")
    }

    @Test func revertTakesAUniquePrefixOfAtLeastEightDigits() throws {
        let store = try makeStore()
        let old = try store.publishGame(Self.game("old"), gameID: "MATH-JAM", by: "maria").version
        let new = try store.publishGame(Self.game("new"), gameID: "MATH-JAM", by: "maria").version
        let prefix = String(old.description.prefix(8))
        #expect(
            gameError { try store.revertGame("MATH-JAM", to: String(prefix.prefix(7)), by: "m") }
                == .invalidVersionText(String(prefix.prefix(7))))
        #expect(
            gameError { try store.revertGame("MATH-JAM", to: "zzzzzzzz", by: "m") } == .invalidVersionText("zzzzzzzz"))
        #expect(gameError { try store.revertGame("WORD-JAM", to: prefix, by: "m") } == .unknownGame("WORD-JAM"))
        let unknown = old.description.hasPrefix("00000000") ? "11111111" : "00000000"
        #expect(
            gameError { try store.revertGame("MATH-JAM", to: unknown, by: "m") }
                == .unknownVersion(unknown, game: "MATH-JAM"))
        #expect(try store.currentPackage(gameID: "MATH-JAM")?.version == new)
        #expect(try store.revertGame("MATH-JAM", to: prefix.uppercased(), by: "m") == .madeCurrentAgain(old))
        #expect(try store.revertGame("MATH-JAM", to: old.description, by: "m") == .unchanged(old))
        #expect(try store.currentPackage(gameID: "MATH-JAM")?.version == old)
    }

    @Test func anAmbiguousPrefixNamesTheVersionsItMatches() throws {
        let store = try makeStore()
        try store.publishGame(Self.game("x"), gameID: "MATH-JAM", by: "maria")
        try Self.allowMismatchedFiles(store)
        let twins = ["abcdef01" + String(repeating: "0", count: 56), "abcdef01" + String(repeating: "1", count: 56)]
        for twin in twins {  // the owner's rows: their files are not checked until they are read
            try storeSQL(
                store,
                "INSERT INTO game_versions (version, game, package, bytes, published_by, published_at) VALUES (?, 'MATH-JAM', 'AAAA', 3, 'owner', 0)",
                [.text(twin)])
        }
        let error = gameError { try store.revertGame("MATH-JAM", to: "abcdef01", by: "m") }
        #expect(error == .ambiguousVersion("abcdef01", game: "MATH-JAM", matches: twins.compactMap(GameVersion.init)))
        #expect(error?.description.contains("abcdef010000, abcdef011111") == true, "\(String(describing: error))")
    }

    @Test func aVersionWhoseFilesDoNotMatchItsNameIsNeverRead() throws {
        let store = try makeStore()
        let real = try Self.game("real")
        let other = try Self.game("planted")
        try store.publishGame(real, gameID: "MATH-JAM", by: "maria")
        let planted = other.encoded()
        try Self.allowMismatchedFiles(store)
        try storeSQL(  // the owner's psql, or a client that broke the rules, swaps the files
            store, "UPDATE game_versions SET package = ?, bytes = ? WHERE version = ?",
            [
                .text(Data(planted).base64EncodedString()), .integer(Int64(planted.count)),
                .text(real.version.description),
            ])
        let refused = gameError { _ = try store.currentPackage(gameID: "MATH-JAM") }
        guard case .corruptVersion(let version, let reason)? = refused else {
            Issue.record("not refused: \(String(describing: refused))")
            return
        }
        #expect(version == real.version && reason.contains(other.version.short))
        #expect(gameError { _ = try store.package(version: real.version) } == refused)
        #expect(try store.publishedGames().first?.current.version == real.version, "the list reads no files")
    }

    @Test func aPublishedVersionBelongsToItsGameOnly() throws {
        let store = try makeStore()
        let package = try Self.game("x")
        try store.publishGame(package, gameID: "MATH-JAM", by: "maria")
        #expect(try !store.isLocalCopy(package.version, of: "MATH-JAM"))
        #expect(try store.isLocalCopy(Self.game("y").version, of: "MATH-JAM"))
        #expect(try store.isLocalCopy(nil, of: "MATH-JAM"), "files that are no package")
        #expect(try !store.isLocalCopy(package.version, of: "WORD-JAM"), "WORD-JAM is not published")
        #expect(try !store.isLocalCopy(nil, of: "WORD-JAM"))
        #expect(
            gameError { try store.publishGame(package, gameID: "WORD-JAM", by: "maria") }
                == .versionOfAnotherGame(package.version, game: "MATH-JAM"))
        #expect(
            gameError { try store.publishGame(package, gameID: "", by: "maria") }
                == .invalidGameID("", reason: "must not be empty"))
    }

    @Test func theDatabaseRefusesRowsNoReaderCouldUse() throws {
        let store = try makeStore()
        let package = try Self.game("x")
        try store.publishGame(package, gameID: "MATH-JAM", by: "maria")
        let insert =
            "INSERT INTO game_versions (version, game, package, bytes, published_by, published_at) VALUES (?, ?, ?, ?, 'o', 0)"
        let good = String(repeating: "a", count: 64)
        for values: [SQLValue] in [
            [.text(String(repeating: "A", count: 64)), .text("G"), .text("AAAA"), .integer(3)],  // upper case
            [.text(String(repeating: "a", count: 63)), .text("G"), .text("AAAA"), .integer(3)],  // short
            [.text(good), .text("G"), .text("AAAA"), .integer(4)],  // size and text disagree
            [.text(good), .text("G"), .text("AA*A"), .integer(3)],  // not base64
            [.text(good), .text("G"), .text("AAAA"), .integer(Int64(GameTables.maxStoredBytes) + 1)],
            [.text(good), .text(""), .text("AAAA"), .integer(3)],  // no game
        ] {
            #expect(throws: (any Error).self, "\(values)") { try storeSQL(store, insert, values) }
        }
        #expect(throws: (any Error).self, "a current version of another game") {
            try storeSQL(
                store, "UPDATE game_current SET game = 'WORD-JAM' WHERE version = ?",
                [.text(package.version.description)])
        }
        #expect(try scalar(store, "SELECT count(*) FROM game_versions") == 1)
    }

    /// The ``GameStoreError`` `body` throws, or nil.
    private func gameError(_ body: () throws -> Void) -> GameStoreError? {
        do {
            try body()
            return nil
        } catch let error as GameStoreError { return error } catch { return nil }
    }
}
