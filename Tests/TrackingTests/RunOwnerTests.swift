import Foundation
import Testing
import TrackingTestSupport

@testable import Tracking

/// An attempt that never ended is `running` while its process lives and `interrupted` once it
/// is gone; a file that is not an EduJam store is refused untouched.
@Suite struct RunOwnerTests {
    /// A store with one started attempt holding an item, saved.
    private func storeWithOpenAttempt() throws -> TrackingStore {
        let store = try makeStore()
        let game = try store.mainContext.addChild(identifier: "MATH-JAM", title: "Math Jam", type: .game)
        let attempt = try game.createNewActivity(student: "ana")
        try attempt.start()
        try attempt.setScore(id: "correct", title: "Correct", score: 1, maxScore: 2)
        try store.save()
        return store
    }

    /// Rewrites who owns every attempt, as another process would have saved it.
    private func setOwner(_ store: TrackingStore, host: String?, pid: Int32?, start: String?) throws {
        try storeSQL(
            store, "UPDATE activities SET owner_host = ?, owner_pid = ?, owner_start = ?",
            [
                host.map(SQLValue.text) ?? .null, pid.map { .integer(Int64($0)) } ?? .null,
                start.map(SQLValue.text) ?? .null,
            ])
    }

    /// The pid of a process that has ended.
    private func deadPID() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    @Test func anAttemptOfThisLiveProcessIsRunning() throws {
        let store = try storeWithOpenAttempt()
        #expect(try store.runs().map(\.outcome) == [.running])
    }

    @Test func anAttemptWhoseProcessIsGoneIsInterruptedWithWhatItSaved() throws {
        let store = try storeWithOpenAttempt()
        let me = RunOwner.current
        try setOwner(store, host: me.host, pid: try deadPID(), start: me.start)
        let run = try #require(try store.runs().first)
        #expect(run.outcome == .interrupted)
        #expect(run.items.first?.score == 1)
        #expect(
            try storeSQL(store, "SELECT outcome FROM activities") == ["running"],
            "reading does not rewrite the row")
    }

    @Test func aReusedPIDIsNotTheSameProcess() throws {
        let store = try storeWithOpenAttempt()
        let me = RunOwner.current
        try setOwner(store, host: me.host, pid: me.pid, start: me.start + "0")  // this pid, started another time
        #expect(try store.runs().map(\.outcome) == [.interrupted])
    }

    @Test func anAttemptOnAnotherHostCannotBeCheckedAndStaysRunning() throws {
        let store = try storeWithOpenAttempt()
        try setOwner(store, host: RunOwner.current.host + "-elsewhere", pid: try deadPID(), start: "x/1")
        #expect(try store.runs().map(\.outcome) == [.running])
    }

    @Test func anAttemptSavedBeforeOwnersWereRecordedIsInterrupted() throws {
        let store = try storeWithOpenAttempt()
        try setOwner(store, host: nil, pid: nil, start: nil)
        #expect(try store.runs().map(\.outcome) == [.interrupted])
    }

    @Test func interruptedCannotEndAnAttempt() throws {
        let (_, attempt) = try startedActivity()
        #expect(trackingError { try attempt.end(outcome: .interrupted) } == .invalidOutcome)
    }

    @Test(.enabled(if: TestEngine.isSQLite, "SQLite's own: opens a store file or reads its connection"))
    func anotherProgramsDatabaseIsNotAStoreAndIsLeftAlone() throws {
        let path = temporaryStorePath("other.sqlite")
        do {
            let other = try Connection(path: path)
            try other.execute("CREATE TABLE notes (body TEXT)")
        }
        #expect(
            trackingError { _ = try TrackingStore(path: path, rootIdentifier: rootID, rootTitle: "EduJam") }
                == .notAStore)
        let tables = try Connection(path: path).statement("SELECT name FROM sqlite_master WHERE type = 'table'").query {
            $0.text(0)
        }
        #expect(tables == ["notes"])
    }

    @Test(.enabled(if: TestEngine.isSQLite, "SQLite's own: opens a store file or reads its connection"))
    func aFileThatIsNotADatabaseIsNotAStore() throws {
        let path = temporaryStorePath("notes.txt")
        try String(repeating: "plain text\n", count: 200).write(toFile: path, atomically: true, encoding: .utf8)
        #expect(
            trackingError { _ = try TrackingStore(path: path, rootIdentifier: rootID, rootTitle: "EduJam") }
                == .notAStore)
    }
}
