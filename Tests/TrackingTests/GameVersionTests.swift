import Foundation
import Testing
import TrackingTestSupport

@testable import Tracking

/// Every attempt records the version of the game it ran (``Activity/gameVersion``, the content
/// hash ``GameVersionRule`` describes): saved and read on both engines, kept in the outbox and
/// delivered, refused when malformed, and a malformed stored row skipped and named.
@Suite struct GameVersionTests {
    static let version = "3f2a9c01d2e4" + String(repeating: "0", count: 52)
    static let other = String(repeating: "9b1c", count: 16)

    /// An attempt at MATH-JAM/LEVEL-1 for `student`, started and saved.
    private func savedRun(_ store: TrackingStore, student: String = "ana", version: String?) throws -> Activity {
        let game =
            try store.context(at: ["MATH-JAM"])
            ?? store.mainContext.addChild(identifier: "MATH-JAM", title: "Math Jam", type: .game)
        let level =
            try store.context(at: ["MATH-JAM", "LEVEL-1"])
            ?? game.addChild(identifier: "LEVEL-1", title: "Level 1", type: .level)
        let run = try level.createNewActivity(student: student, gameVersion: version)
        try run.start()
        try store.save()
        return run
    }

    @Test func anAttemptKeepsItsVersionThroughSavesAndARelaunch() throws {
        let store = try makeStore()
        let run = try savedRun(store, version: Self.version)
        _ = try savedRun(store, student: "bo", version: nil)
        try run.setQuantity(id: "sums", title: "Sums", value: 1)
        try store.save()
        let runs = try store.runs()
        #expect(runs.first { $0.student == "ana" }?.gameVersion == Self.version)
        #expect(runs.first { $0.student == "bo" }?.gameVersion == nil)

        // Another process continues the saved attempt: the version stays with it.
        let relaunched = try TrackingStore(engine: store.engine, rootIdentifier: rootID, rootTitle: "EduJam")
        let level = try #require(try relaunched.context(at: ["MATH-JAM", "LEVEL-1"]))
        let continued = try #require(try level.currentActivity(student: "ana"))
        #expect(continued.gameVersion == Self.version)
        try continued.start()
        try continued.end(outcome: .finished)
        try relaunched.save()
        #expect(try relaunched.runs(student: "ana").first?.gameVersion == Self.version)
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(runs.first { $0.student == "bo" }))
        #expect((json as? [String: Any])?.keys.contains("gameVersion") == true, "a null version keeps its key")
    }

    @Test(arguments: [
        "", "3f2a", String(repeating: "A", count: 64), String(repeating: "g", count: 64),
        "x" + GameVersionTests.version, GameVersionTests.version + "\n",
    ])
    func aMalformedVersionIsRefusedBeforeAndInTheStore(_ malformed: String) throws {
        let store = try makeStore()
        let game = try store.mainContext.addChild(identifier: "MATH-JAM", title: "Math Jam", type: .game)
        let error = trackingError { _ = try game.createNewActivity(student: "ana", gameVersion: malformed) }
        #expect(
            error
                == .identifierRefused(what: "game version", reason: "must be 64 lowercase hexadecimal digits"))
        // Written past the program (a student's own row through psql): the database's check refuses it.
        _ = try savedRun(store, version: Self.version)
        #expect(throws: (any Error).self) {
            try storeSQL(store, "UPDATE activities SET game_version = ?", [.text(malformed)])
        }
    }

    @Test func aStoredRowWithAMalformedVersionIsSkippedAndNamed() throws {
        let store = try makeStore()
        _ = try savedRun(store, version: Self.version)
        _ = try savedRun(store, student: "bo", version: Self.other)
        try oldStoreSQL(store, "UPDATE activities SET game_version = 'not a hash' WHERE student = 'bo'")
        let reopened = try TrackingStore(engine: store.engine, rootIdentifier: rootID, rootTitle: "EduJam")
        #expect(try reopened.runs().map(\.student) == ["ana"], "bo's row fails nobody's read")
        #expect(reopened.unreadableRows.map(\.table) == ["activities"])
        #expect(reopened.unreadableRows.first?.student == "bo")
        #expect(reopened.unreadableRows.first?.reason == "game_version must be 64 lowercase hexadecimal digits")
    }

    @Test func theOutboxKeepsAndDeliversTheVersion() throws {
        let clock = VirtualClock()
        let source = try makeStore(clock)
        let run = try savedRun(source, version: Self.version)
        clock.advance(10)
        try run.end(outcome: .finished)
        let snapshot = try #require(run.snapshot(at: clock.now))
        #expect(snapshot.gameVersion == Self.version)
        let outbox = try Outbox(path: temporaryStorePath("outbox.sqlite"), destination: "school")
        try outbox.keep(snapshot)
        #expect(try outbox.entries().first?.snapshot.gameVersion == Self.version)

        let target = try TrackingStore(engine: makeEngine(), rootIdentifier: rootID, rootTitle: "EduJam")
        #expect(try outbox.deliver(to: target).delivered.count == 1)
        #expect(try target.runs().first?.gameVersion == Self.version)
    }

    /// An outbox kept by an EduJam before versions has snapshots without the key.
    @Test func aSnapshotKeptBeforeVersionsReadsAsNone() throws {
        let store = try makeStore()
        let run = try savedRun(store, version: Self.version)
        var object = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(run.snapshot(at: Date()))) as? [String: Any])
        object["gameVersion"] = nil
        let old = try JSONDecoder().decode(RunSnapshot.self, from: JSONSerialization.data(withJSONObject: object))
        #expect(old.gameVersion == nil)
        #expect(old.uuid == run.uuid)
    }
}
