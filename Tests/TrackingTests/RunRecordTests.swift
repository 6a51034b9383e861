import Foundation
import Testing
import TrackingTestSupport

@testable import Tracking

@Suite struct RunRecordTests {
    private func storeWithRuns(_ clock: VirtualClock) throws -> TrackingStore {
        let store = try makeStore(clock)
        let game = try store.mainContext.addChild(identifier: "MATH-JAM", title: "Math Jam", type: .game)
        let level = try game.addChild(identifier: "LEVEL-1", title: "Level 1", type: .level)
        let first = try level.createNewActivity(student: "ana")
        try first.start()
        try first.setScore(id: "score", title: "Score", score: 3, maxScore: 4)
        try first.setQuantity(id: "hints", title: "Hints", value: 2)
        try first.setBinary(id: "passed", title: "Passed", value: true, valueType: .passFail)
        try first.setProgress(0.5)
        clock.advance(90.5)
        try first.end(outcome: .finished)
        first.markDone(by: .game)
        clock.advance(10)
        let second = try game.createNewActivity(student: "ben")
        try second.start()
        clock.advance(1)
        try store.save()
        return store
    }

    @Test func runsAreNewestFirstAndFilterByStudent() throws {
        let store = try storeWithRuns(VirtualClock())
        #expect(try store.runs().map(\.student) == ["ben", "ana"])
        let ana = try store.runs(student: "ana")
        #expect(ana.count == 1)
        let run = try #require(ana.first)
        #expect(run.identifierPath == [rootID, "MATH-JAM", "LEVEL-1"] && run.title == "Level 1")
        #expect(run.outcome == .finished && run.done && run.durationSeconds == 90.5 && run.progress == 0.5)
        #expect(run.startedAt == "2027-01-15T08:00:00.000Z")
        #expect(run.primaryItem == "score")
        #expect(try store.runs(student: "nobody").isEmpty)
    }

    @Test func jsonKeysAreExactlyTheDocumentedOnes() throws {
        let store = try storeWithRuns(VirtualClock())
        let data = try JSONEncoder().encode(try store.runs())
        let runs = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        let keys: Set<String> = [
            "id", "student", "identifierPath", "title", "outcome", "done", "started", "startedAt",
            "durationSeconds", "progress", "primaryItem", "gameVersion", "items",
        ]
        #expect(runs.allSatisfy { Set($0.keys) == keys })
        #expect(runs[0]["primaryItem"] is NSNull)
        #expect(runs[0]["outcome"] as? String == "running")
        let items = try #require(runs[1]["items"] as? [[String: Any]])
        #expect(items.map { $0["identifier"] as? String } == ["score", "hints", "passed"])
        #expect(Set(items[0].keys) == ["identifier", "title", "kind", "score", "maxScore"])
        #expect(Set(items[1].keys) == ["identifier", "title", "kind", "value"])
        #expect(Set(items[2].keys) == ["identifier", "title", "kind", "value", "valueType"])
        #expect(items[0]["kind"] as? String == "score" && items[0]["maxScore"] as? Double == 4)
        #expect(items[1]["value"] as? Double == 2)
        #expect(items[2]["value"] as? Bool == true && items[2]["valueType"] as? String == "passFail")
        let decoded = try JSONDecoder().decode([RunRecord].self, from: data)
        #expect(decoded == (try store.runs()))
    }

    @Test func exportCoversTheStoreOrOneStudent() throws {
        let store = try storeWithRuns(VirtualClock())
        let whole = try JSONDecoder().decode(StoreExport.self, from: try store.exportJSON())
        #expect(whole.rootIdentifier == rootID && whole.student == nil && whole.runs.count == 2)
        #expect(whole.contexts.map(\.identifierPath.last) == [rootID, "MATH-JAM", "LEVEL-1"])
        #expect(whole.contexts[1].type == "game")
        let ben = try JSONDecoder().decode(StoreExport.self, from: try store.exportJSON(student: "ben"))
        #expect(ben.student == "ben" && ben.runs.map(\.student) == ["ben"])
    }

    @Test func isoDatesAreUTCWithMilliseconds() {
        #expect(ISO8601.string(fromEpoch: 0) == "1970-01-01T00:00:00.000Z")
        #expect(ISO8601.string(fromEpoch: 1_800_000_000.25) == "2027-01-15T08:00:00.250Z")
        #expect(ISO8601.string(fromEpoch: -0.5) == "1969-12-31T23:59:59.500Z")
    }
}
