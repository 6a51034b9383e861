import Foundation
import Testing
import TrackingTestSupport

@testable import Tracking

/// Text goes into the store and comes back byte for byte: bound and read with explicit lengths.
@Suite(.enabled(if: TestEngine.isSQLite, "SQLite's own: opens a store file or reads its connection"))
struct StatementTests {
    @Test func textWithNULAndControlsRoundTripsExactly() throws {
        let connection = try Connection(path: ":memory:")
        try connection.execute("CREATE TABLE t (value TEXT)")
        let texts = [
            "a\u{0}b", "\u{0}", "", "end\u{0}", "\u{1B}]52;c;aGk=\u{7}", "\u{9B}31m \u{202E}txt.exe", "日本\u{0}語",
        ]
        for text in texts { try connection.statement("INSERT INTO t (value) VALUES (?)").run([.text(text)]) }
        let back = try connection.statement("SELECT value, length(CAST(value AS BLOB)) FROM t ORDER BY rowid")
            .query { ($0.text(0), $0.int(1)) }
        #expect(back.map(\.0) == texts)
        #expect(back.map(\.1) == texts.map { Int64($0.utf8.count) })  // what SQLite holds, not just what we read
    }

    @Test func emptyTextIsTextNotNull() throws {
        let connection = try Connection(path: ":memory:")
        try connection.execute("CREATE TABLE t (value TEXT)")
        try connection.statement("INSERT INTO t (value) VALUES (?)").run([.text("")])
        let back = try connection.statement("SELECT value IS NULL, value FROM t").query { ($0.int(0), $0.text(1)) }
        #expect(back.first?.0 == 0 && back.first?.1 == "")
    }

    @Test func aContextTitleWithNULSurvivesReopening() throws {
        let path = temporaryStorePath()
        do {
            let store = try TrackingStore(path: path, rootIdentifier: rootID, rootTitle: "EduJam")
            let game = try store.mainContext.addChild(identifier: "GAME", title: "Before\u{0}after", type: .game)
            game.summary = "one\u{0}two"
            try store.save()
        }
        let store = try TrackingStore(path: path, rootIdentifier: rootID, rootTitle: "EduJam")
        let game = try #require(try store.context(at: ["GAME"]))
        #expect(game.title == "Before\u{0}after" && game.summary == "one\u{0}two")
    }
}
