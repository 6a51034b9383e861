import Foundation
import Synchronization
import Testing
import TrackingTestSupport

@testable import Tracking

@Suite(.enabled(if: TestEngine.isSQLite, "SQLite's own: opens a store file or reads its connection"))
struct ConcurrencyTests {
    /// Several threads, each with its own connection, write one file; every save must land.
    @Test func concurrentWritersLoseNothing() throws {
        let path = temporaryStorePath()
        _ = try TrackingStore(path: path, rootIdentifier: rootID, rootTitle: "EduJam")
        let writers = 4
        let runsPerWriter = 25
        let failures = Failures()
        let group = DispatchGroup()
        for writer in 0..<writers {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                do {
                    let store = try TrackingStore(path: path, rootIdentifier: rootID, rootTitle: "EduJam")
                    let shared = try store.descendant(at: ["SHARED"]) { _, _, _ in
                        ContextDraft(title: "Shared", type: .game)
                    }
                    guard let game = shared else { return failures.record("SHARED missing") }
                    for index in 0..<runsPerWriter {
                        let run = try game.createNewActivity(student: "writer-\(writer)")
                        try run.start()
                        try run.setQuantity(id: "n", title: "N", value: Double(index))
                        try run.end(outcome: .finished)
                        try store.save()
                    }
                } catch {
                    failures.record("\(error)")
                }
            }
        }
        group.wait()
        #expect(failures.all == [])
        let store = try TrackingStore(path: path, rootIdentifier: rootID, rootTitle: "EduJam")
        let runs = try store.runs()
        #expect(runs.count == writers * runsPerWriter)
        #expect(Set(runs.map(\.id)).count == runs.count)
        for writer in 0..<writers {
            #expect(try store.runs(student: "writer-\(writer)").count == runsPerWriter)
        }
        #expect(store.contexts(matching: .init(identifier: "SHARED")).count == 1)
    }
}

/// Errors collected from writer threads.
final class Failures: Sendable {
    private let list = Mutex<[String]>([])
    func record(_ message: String) { list.withLock { $0.append(message) } }
    var all: [String] { list.withLock { $0 } }
}
