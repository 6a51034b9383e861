import Foundation
import Testing
import TrackingTestSupport

@testable import Tracking

/// `runs()` over a store of many attempts: what it returns, not how fast (the `store` row of
/// `make bench` times it over 100,000 attempts in a release build).
@Suite(.enabled(if: TestEngine.isSQLite, "SQLite's own: opens a store file or reads its connection"))
struct ManyAttemptsTests {
    @Test func runsOverManyAttemptsReturnsEveryAttemptNewestFirstWithItsItems() throws {
        let path = temporaryStorePath()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let store = try TrackingStore(path: path, rootIdentifier: rootID, rootTitle: "EduJam")
        let game = try store.mainContext.addChild(identifier: "GAME", title: "Game", type: .game)
        try store.save()
        let contextID = try #require(game.rowID)
        let count = 20_000
        try store.connection.transaction {  // bulk-load rows directly: the subject is the read
            let run = try store.connection.statement(
                "INSERT INTO activities (context_id, student, created_at, started_at, duration, progress) VALUES (?, ?, ?, ?, ?, ?)"
            )
            let item = try store.connection.statement(
                "INSERT INTO activity_items (activity_id, identifier, title, kind, sequence, score, max_score) VALUES (?, 'score', 'Score', 'score', 1, 1, 2)"
            )
            for index in 0..<count {
                let time = Double(index)
                try run.run([
                    .integer(contextID), .text("s\(index % 60)"), .real(time), .real(time), .real(60), .real(0.5),
                ])
                try item.run([.integer(store.connection.lastInsertRowID)])
            }
        }
        let runs = try store.runs()
        #expect(runs.count == count)
        #expect(runs.first?.startedAt == ISO8601.string(fromEpoch: Double(count - 1)))
        #expect(runs.last?.startedAt == ISO8601.string(fromEpoch: 0))
        #expect(runs.allSatisfy { $0.items.count == 1 })
        let one = try store.runs(student: "s7")
        #expect(one.count == count / 60 + 1)  // within Limits.attemptsReadPerStudent
        #expect(one.allSatisfy { $0.student == "s7" })
    }
}
