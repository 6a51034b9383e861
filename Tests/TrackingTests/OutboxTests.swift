import Foundation
import Testing
import TrackingTestSupport

@testable import Tracking

/// Play survives the network: the outbox, its delivery, and a run's saves while the
/// store cannot be reached, behind ``UnreachableEngine`` on the test run's engine (SQLite, or
/// PostgreSQL with `EDUJAM_TEST_ENGINE=postgresql`).
@Suite struct OutboxTests {
    /// A store on a fresh SQLite file behind an engine the test can take down.
    private func unreliableStore(_ clock: VirtualClock) throws -> (TrackingStore, UnreachableEngine) {
        let engine = UnreachableEngine(try makeEngine())
        let store = try TrackingStore(engine: engine, rootIdentifier: rootID, rootTitle: "EduJam", clock: clock.read)
        store.outbox = try Outbox(path: temporaryStorePath("outbox.sqlite"), destination: "school")
        return (store, engine)
    }

    /// A started attempt at MATH-JAM/LEVEL-1, saved.
    private func startedRun(_ store: TrackingStore) throws -> Activity {
        let game = try store.mainContext.addChild(identifier: "MATH-JAM", title: "Math Jam", type: .game)
        let level = try game.addChild(identifier: "LEVEL-1", title: "Level 1", type: .level)
        let run = try level.createNewActivity(student: "ana")
        try run.start()
        try store.save()
        return run
    }

    /// A backoff clock the test moves by hand.
    private final class Uptime {
        var now: TimeInterval = 100
    }

    @Test func aLaterSnapshotReplacesTheKeptOneButNeverTheReverse() throws {
        let clock = VirtualClock()
        let (store, _) = try unreliableStore(clock)
        let run = try startedRun(store)
        let outbox = try #require(store.outbox)
        try run.setQuantity(id: "sums", title: "Sums", value: 1)
        let early = try #require(run.snapshot(at: clock.now))
        clock.advance(5)
        try run.setQuantity(id: "sums", title: "Sums", value: 2)
        let late = try #require(run.snapshot(at: clock.now))
        try outbox.keep(late)
        try outbox.keep(early)
        #expect(try outbox.entries().map(\.snapshot) == [late])
        let mode = try FileManager.default.attributesOfItem(atPath: outbox.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func deliveryWritesTheAttemptOnceWithItsContextsItemsAndEvents() throws {
        let clock = VirtualClock()
        let (source, engine) = try unreliableStore(clock)
        let run = try startedRun(source)
        try run.setScore(id: "score", title: "Score", score: 3, maxScore: 5)
        try run.setBinary(id: "won", title: "Won", value: true, valueType: .passFail)
        try run.addProgressRange(from: 0, to: 0.5)
        clock.advance(30)
        try run.end(outcome: .finished)
        let snapshot = try #require(run.snapshot(at: clock.now))
        engine.isDown = true
        // A fresh store that has never seen the game: the chain of contexts comes with the attempt.
        let target = try TrackingStore(engine: makeEngine(), rootIdentifier: rootID, rootTitle: "EduJam")
        let outbox = try Outbox(path: temporaryStorePath("outbox.sqlite"), destination: "school")
        try outbox.keep(snapshot)

        let first = try outbox.deliver(to: target)
        #expect(first.delivered.map(\.uuid) == [run.uuid] && first.isComplete)
        let second = try outbox.deliver(to: target)
        #expect(second.delivered.isEmpty && second.isComplete)
        try target.engine.upsert(snapshot)  // the removal was lost: delivered again, nothing changes

        let runs = try target.runs()
        #expect(runs.count == 1)
        let saved = try #require(runs.first)
        #expect(saved.identifierPath == [rootID, "MATH-JAM", "LEVEL-1"] && saved.title == "Level 1")
        #expect(saved.outcome == .finished && saved.progress == 0.5 && saved.durationSeconds == 30)
        #expect(saved.items.map(\.identifier) == ["score", "won"] && saved.primaryItem == "score")
        #expect(saved.items == run.snapshot(at: clock.now)?.items.map(\.record))
        let reopened = try TrackingStore(engine: target.engine, rootIdentifier: rootID, rootTitle: "EduJam")
        #expect(try reopened.context(at: ["MATH-JAM"])?.title == "Math Jam")
        #expect(try reopened.context(at: ["MATH-JAM", "LEVEL-1"])?.type == .level)
        let history = try #require(try target.attemptHistories().first)
        #expect(history.uuid == run.uuid)
        // The snapshot carries the events no store had yet; `started` was saved to the first store.
        #expect(history.events.map(\.kind) == [.progressed, .ended])
    }

    @Test func aKeptStateNeverReplacesALaterOneInTheStore() throws {
        let clock = VirtualClock()
        let (store, _) = try unreliableStore(clock)
        let run = try startedRun(store)
        try run.setQuantity(id: "sums", title: "Sums", value: 1)
        let early = try #require(run.snapshot(at: clock.now))
        clock.advance(5)
        try run.setQuantity(id: "sums", title: "Sums", value: 2)
        try run.setQuantity(id: "hints", title: "Hints", value: 4)
        try store.save()

        #expect(try store.engine.upsert(early) == false)
        let saved = try #require(try store.runs().first)
        #expect(saved.items.map(\.value) == [.number(2), .number(4)])
    }

    @Test func anEntryTheStoreRefusesStaysAndIsReported() throws {
        let clock = VirtualClock()
        let (store, _) = try unreliableStore(clock)
        let run = try startedRun(store)
        var foreign = try #require(run.snapshot(at: clock.now))
        foreign.contexts[0].identifier = "org.other.games"
        let outbox = try #require(store.outbox)
        try outbox.keep(foreign)

        let delivery = try outbox.deliver(to: store)
        #expect(delivery.delivered.isEmpty)
        #expect(delivery.refused.map(\.error) == [.rootMismatch(expected: rootID, found: "org.other.games")])
        #expect(try outbox.entries().count == 1)
    }

    @Test func entriesForAnotherStoreAreNotDeliveredHere() throws {
        let clock = VirtualClock()
        let (store, _) = try unreliableStore(clock)
        let run = try startedRun(store)
        let path = try #require(store.outbox?.path)
        try Outbox(path: path, destination: "another school").keep(try #require(run.snapshot(at: clock.now)))
        #expect(try store.outbox?.deliver(to: store).delivered.isEmpty == true)
        #expect(try store.outbox?.entries(everyStore: true).count == 1)
    }

    @Test func aRunGoesOnWhileTheServerIsDownAndLosesNothing() throws {
        let clock = VirtualClock()
        let (store, engine) = try unreliableStore(clock)
        let uptime = Uptime()
        let saver = RunSaver(store: store, uptime: { uptime.now })
        var told = 0
        saver.onFirstUnreachable = { told += 1 }
        let run = try startedRun(store)
        /// One answer: a score and a count of answers, as a quiz records them.
        func answer(_ n: Int) throws {
            try run.setScore(id: "score", title: "Score", score: Double(n), maxScore: 10)
            try run.setBinary(id: "q\(n)", title: "Question \(n)", value: n % 2 == 0, valueType: .correctIncorrect)
            saver.saveDuringRun(run)
        }
        try answer(1)
        engine.isDown = true
        for n in 2...6 {  // answers while the server is down, 0.05 s apart
            try answer(n)
            uptime.now += 0.05
        }
        // Backing off: the first failure waits 0.1 s, the second 0.2 s; not one try per answer.
        #expect(engine.refusals == 2 && saver.isBackingOff && told == 1)
        let kept = try #require(try store.outbox?.entries().first?.snapshot)  // kept as it goes
        #expect(kept.items.map(\.record.identifier) == ["score", "q6"], "\(kept.items)")
        #expect(kept.items.first?.record.score == 6)
        engine.isDown = false
        uptime.now += 1
        try answer(7)
        #expect(!saver.isBackingOff)
        #expect(try store.outbox?.entries().isEmpty == true)  // the store has it all now
        try run.end(outcome: .finished)
        try saver.saveAtEnd(run)

        let runs = try store.runs()
        #expect(runs.count == 1 && runs.first?.outcome == .finished)
        #expect(runs.first?.items.map(\.identifier) == ["score", "q7"] && runs.first?.items.first?.score == 7)
        #expect(told == 1)
    }

    @Test func backoffDoublesUpToItsCap() throws {
        let clock = VirtualClock()
        let (store, engine) = try unreliableStore(clock)
        let uptime = Uptime()
        let saver = RunSaver(store: store, uptime: { uptime.now })
        let run = try startedRun(store)
        engine.isDown = true
        var tries: [TimeInterval] = []
        for _ in 0..<1700 {  // a save point every 10 ms for 17 s
            let before = engine.refusals
            saver.saveDuringRun(run)
            if engine.refusals > before { tries.append(uptime.now - 100) }
            uptime.now += 0.01
        }
        let gaps = zip(tries.dropFirst(), tries).map { $0 - $1 }
        let expected = [0.1, 0.2, 0.4, 0.8, 1.6, 3.2, 5, 5]
        #expect(gaps.count == expected.count)
        for (gap, wait) in zip(gaps, expected) { #expect(gap >= wait && gap < wait + 0.011) }  // the next save point
    }

    @Test func aRunThatEndsWhileTheServerIsDownIsDeliveredExactlyOnce() throws {
        let clock = VirtualClock()
        let (store, engine) = try unreliableStore(clock)
        let saver = RunSaver(store: store)
        let run = try startedRun(store)
        try run.setQuantity(id: "q1", title: "Q1", value: 1)
        saver.saveDuringRun(run)
        engine.isDown = true
        try run.setQuantity(id: "q2", title: "Q2", value: 2)
        saver.saveDuringRun(run)
        clock.advance(10)
        try run.end(outcome: .finished)
        try saver.saveAtEnd(run)  // does not throw: the attempt is kept

        let outbox = try #require(store.outbox)
        let kept = try #require(try outbox.entries().first?.snapshot)
        #expect(kept.outcome == .finished && kept.items.count == 2)
        #expect(try outbox.deliver(to: store).unreachable != nil)  // still down: it waits
        #expect(try outbox.entries().count == 1)

        engine.isDown = false
        #expect(try store.runs().first?.outcome == .running)  // only what reached the store so far
        #expect(try outbox.deliver(to: store).delivered.count == 1)
        #expect(try outbox.deliver(to: store).delivered.isEmpty)
        let runs = try store.runs()
        #expect(runs.count == 1 && runs.first?.outcome == .finished)
        #expect(runs.first?.items.map(\.identifier) == ["q1", "q2"] && runs.first?.durationSeconds == 10)
        #expect(try store.attemptHistories().first?.events.map(\.kind) == [.started, .ended])
    }

    @Test func withoutAnOutboxAnUnreachableStoreIsTheEndOfRunError() throws {
        let clock = VirtualClock()
        let (store, engine) = try unreliableStore(clock)
        store.outbox = nil
        let saver = RunSaver(store: store)
        let run = try startedRun(store)
        engine.isDown = true
        try run.end(outcome: .finished)
        #expect(throws: TrackingError.serverUnreachable(server: "test server", reason: "connection refused")) {
            try saver.saveAtEnd(run)
        }
    }
}
