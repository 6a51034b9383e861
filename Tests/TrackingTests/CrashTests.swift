import Foundation
import Glibc
import Testing
import TrackingTestSupport

@testable import Tracking

/// A child process writes and saves in a loop and is killed with SIGKILL; the store must reopen
/// cleanly with every save the child reported.
///
/// The child is this test binary run again (`/proc/self/exe`) with a filter selecting
/// ``childWriterEntry()`` and the store path in the environment. A plain `fork()` would copy only
/// the forking thread while other tests' threads may hold runtime locks, which hung the child.
@Suite(.enabled(if: TestEngine.isSQLite, "SQLite's own: opens a store file or reads its connection")) struct CrashTests
{
    static let storeVariable = "TRACKING_CRASH_CHILD_STORE"
    static let progressVariable = "TRACKING_CRASH_CHILD_PROGRESS"

    /// The child's body: a no-op unless the crash test started this process.
    @Test func childWriterEntry() throws {
        let environment = ProcessInfo.processInfo.environment
        guard let path = environment[Self.storeVariable], let progress = environment[Self.progressVariable] else {
            return
        }
        try Self.writeUntilKilled(path: path, progressPath: progress)
    }

    /// Saves attempts forever, writing the count of completed saves to `progressPath` after each.
    private static func writeUntilKilled(path: String, progressPath: String) throws -> Never {
        let store = try TrackingStore(path: path, rootIdentifier: rootID, rootTitle: "EduJam")
        guard let game = try store.context(at: ["GAME"]) else { exit(3) }
        let fd = open(progressPath, O_WRONLY)
        var count: Int32 = 0
        while true {
            let run = try game.createNewActivity(student: "child")
            try run.start()
            try run.setScore(id: "score", title: "Score", score: 1, maxScore: 1)
            for answer in 0..<5 {  // several writes per save make a mid-transaction kill likely
                try run.setQuantity(id: "hints", title: "Hints", value: Double(answer))
            }
            try run.setBinary(id: "passed", title: "Passed", value: true, valueType: .passFail)
            try store.save()
            count += 1
            guard pwrite(fd, &count, 4, 0) == 4 else { exit(4) }  // only after COMMIT returned
        }
    }

    /// The last count the child wrote, 0 if none.
    private static func reportedSaves(_ progressPath: String) -> Int32 {
        guard let data = FileManager.default.contents(atPath: progressPath), data.count >= 4 else { return 0 }
        return data.withUnsafeBytes { $0.loadUnaligned(as: Int32.self) }
    }

    @Test func killedWriterLeavesAReadableStore() throws {
        let path = temporaryStorePath()
        let progressPath = path + ".progress"
        do {
            let store = try TrackingStore(path: path, rootIdentifier: rootID, rootTitle: "EduJam")
            _ = try store.mainContext.addChild(identifier: "GAME", title: "Game", type: .game)
            try store.save()
        }
        #expect(FileManager.default.createFile(atPath: progressPath, contents: Data()))
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/proc/self/exe")
        child.arguments = ["--testing-library", "swift-testing", "--filter", "childWriterEntry"]
        child.environment = ProcessInfo.processInfo.environment
            .merging([Self.storeVariable: path, Self.progressVariable: progressPath]) { $1 }
        child.standardOutput = FileHandle.nullDevice
        child.standardError = FileHandle.nullDevice
        try child.run()
        let deadline = Date().addingTimeInterval(60)
        while Self.reportedSaves(progressPath) < 40, child.isRunning, Date() < deadline {
            usleep(5_000)
        }
        kill(child.processIdentifier, SIGKILL)
        child.waitUntilExit()
        let reported = Self.reportedSaves(progressPath)
        #expect(child.terminationReason == .uncaughtSignal && child.terminationStatus == SIGKILL)
        #expect(reported >= 40, "child reported \(reported) saves")

        let store = try TrackingStore(path: path, rootIdentifier: rootID, rootTitle: "EduJam")
        #expect(try store.connection.statement("PRAGMA integrity_check").query { $0.text(0) } == ["ok"])
        let runs = try store.runs(student: "child")
        print("killed child after \(reported) reported saves; store holds \(runs.count) runs")
        #expect(runs.count >= Int(reported))
        #expect(runs.allSatisfy { $0.items.count == 3 && $0.primaryItem == "score" })  // no half-written save
    }
}
