import Foundation
import Testing
import Tracking

/// ClassKit's completion handlers port to `await` on ``TrackingStoreActor``,
/// which keeps the one-thread-at-a-time store safe under Swift 6 strict concurrency.
@Suite struct AsyncStoreTests {
    /// Many tasks record attempts at once; the actor serializes them and every one is saved.
    @Test func tasksShareOneStoreThroughTheActor() async throws {
        let path = SaveFixture.storePath()
        let store = try TrackingStoreActor(path: path, rootIdentifier: SaveFixture.root, rootTitle: "Math App")
        try await store.perform { store in
            _ = try store.mainAppContext.addChildContext(type: .game, identifier: "math-jam", title: "Math Jam")
            try store.save()
        }
        let students = (1...20).map { "student-\($0)" }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for student in students {
                group.addTask {
                    try await store.perform { store in
                        let game = try #require(try store.context(at: ["math-jam"]))
                        let activity = try game.createNewActivity(student: student)
                        try activity.start()
                        try activity.addProgressRange(fromStart: 0, toEnd: 0.5)
                        try activity.stop()
                        try store.save()
                    }
                }
            }
            try await group.waitForAll()
        }
        let runs = try await store.runs()
        #expect(Set(runs.map(\.student)) == Set(students))
        #expect(runs.allSatisfy { $0.progress == 0.5 })
        let reopened = try SaveFixture.open(path)  // what the actor saved is in the file
        #expect(try reopened.runs().count == students.count)
    }

    /// `try await CLSDataStore.shared.mainAppContext.descendant(matchingIdentifierPath:)`, then
    /// `contexts(matchingIdentifierPath:)`, as snapshots; the delegate is set before the store
    /// is handed to the actor.
    @Test func pathLookupsAreAwaited() async throws {
        let provider = ContextProvider()
        let store = try SaveFixture.open(SaveFixture.storePath())
        store.delegate = provider
        let actor = TrackingStoreActor(store)  // the store is sent: the compiler forbids using it here again
        // let level = try await CLSDataStore.shared.mainAppContext.descendant(matchingIdentifierPath: ["math-jam", "level-1"])
        let path = try await actor.perform { store in
            try store.mainAppContext.descendant(matchingIdentifierPath: ["math-jam", "level-1"])?.identifierPath
        }
        #expect(path == [SaveFixture.root, "math-jam", "level-1"])
        // let contexts = try await CLSDataStore.shared.contexts(matchingIdentifierPath: [SaveFixture.root, "math-jam", "level-2"])
        let records = try await actor.contexts(matchingIdentifierPath: [SaveFixture.root, "math-jam", "level-2"])
        #expect(records.map { $0.identifierPath.last }.suffix(2) == ["math-jam", "level-2"])
        #expect(records.last?.type == "level" && records.last?.effectiveTopic == .math)
        #expect(try await actor.context(at: ["math-jam", "level-1"])?.title == "Level-1")
        #expect(try await actor.context(at: ["math-jam", "level-3"]) == nil)
        #expect(await actor.contexts(matching: ContextQuery(type: .level)).count == 2)
        withExtendedLifetime(provider) {}  // the store holds its delegate weakly, as ClassKit does
    }

    /// `CLSDataStore.shared.save { error in … }` becomes `try await store.save()`; the completion
    /// form stays, and runs later, off the caller.
    @Test func saveIsAwaitedOrCompletedLater() async throws {
        let path = SaveFixture.storePath()
        let store = try TrackingStoreActor(path: path, rootIdentifier: SaveFixture.root, rootTitle: "Math App")
        try await store.perform { store in
            _ = try store.mainAppContext.addChildContext(type: .game, identifier: "math-jam", title: "Math Jam")
        }
        try await store.save()  // try await CLSDataStore.shared.save()
        #expect(try SaveFixture.open(path).context(at: ["math-jam"]) != nil)
        try await store.perform { store in
            _ = try store.mainAppContext.addChildContext(type: .game, identifier: "word-jam", title: "Word Jam")
        }
        let failed = await withCheckedContinuation { continuation in
            // CLSDataStore.shared.save { error in … }
            store.save { error in continuation.resume(returning: error != nil) }
        }
        #expect(!failed)
        #expect(try SaveFixture.open(path).context(at: ["word-jam"]) != nil)
        try await store.perform { store in try store.context(at: ["word-jam"])?.title = " " }
        let error = await withCheckedContinuation { continuation in
            store.save { error in continuation.resume(returning: error.map(String.init(describing:))) }
        }
        #expect(error != nil, "a failed save reaches the completion")
    }
}
