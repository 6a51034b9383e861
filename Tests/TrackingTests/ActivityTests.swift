import Foundation
import Testing
import TrackingTestSupport

@testable import Tracking

@Suite struct ActivityTests {
    @Test func startAndStopAreIdempotentAndDurationSumsIntervals() throws {
        let clock = VirtualClock()
        let store = try makeStore(clock)
        let game = try store.mainContext.addChild(identifier: "G", title: "G", type: .game)
        let run = try game.createNewActivity(student: "ana")
        try run.stop()  // never started: nothing happens
        clock.advance(100)
        #expect(run.duration == 0)
        try run.start()
        clock.advance(10)
        try run.start()  // already started: keeps the first start
        clock.advance(5)
        try run.stop()
        try run.stop()
        #expect(run.duration == 15)
        clock.advance(60)  // paused: not counted
        try run.start()
        clock.advance(7)
        #expect(run.duration == 22)
        try run.stop()
        #expect(run.duration == 22)
    }

    @Test(.enabled(if: TestEngine.isSQLite, "SQLite's own: opens a store file or reads its connection"))
    func durationIsPersistedAtEverySave() throws {
        let clock = VirtualClock()
        let path = temporaryStorePath()
        do {
            let store = try TrackingStore(path: path, rootIdentifier: rootID, rootTitle: "EduJam", clock: clock.read)
            let game = try store.mainContext.addChild(identifier: "G", title: "G", type: .game)
            let run = try game.createNewActivity(student: "ana")
            try run.start()
            clock.advance(30)
            try store.save()
            #expect(try store.runs().first?.durationSeconds == 30)
            clock.advance(12)
            try store.save()  // nothing else changed: the running duration is still written
            #expect(try store.runs().first?.durationSeconds == 42)
            clock.advance(1000)  // "crash" here: lost since the last save
        }
        let reopened = try TrackingStore(path: path, rootIdentifier: rootID, rootTitle: "EduJam", clock: clock.read)
        let record = try #require(try reopened.runs().first)
        #expect(record.durationSeconds == 42)
        #expect(record.outcome == .running)
    }

    /// A clock past every date (or before, or NaN) is read at the ends of the years 0000 to
    /// 9999, so no time the store saves is infinite: PostgreSQL refuses one, and a report could
    /// not write it. The attempt's duration stays 0, not NaN.
    @Test func aClockOutsideTheWritableYearsIsReadAtTheirEnds() throws {
        let clock = VirtualClock()
        let store = try makeStore(clock)
        let game = try store.mainContext.addChild(identifier: "G", title: "G", type: .game)
        for (seconds, read) in [
            (Double.infinity, "9999-12-31T23:59:59.000Z"), (-.infinity, "0000-01-01T00:00:00.000Z"),
            (.nan, "1970-01-01T00:00:00.000Z"), (1e300, "9999-12-31T23:59:59.000Z"),
        ] {
            clock.now = Date(timeIntervalSince1970: seconds)
            let run = try game.createNewActivity(student: "ana")
            try run.start()
            try run.end(outcome: .finished)
            try store.save()
            #expect(run.createdAt.timeIntervalSince1970.isFinite && run.endedAt?.timeIntervalSince1970.isFinite == true)
            #expect(run.duration == 0)
            let record = try #require(try store.runs().first { $0.id == run.id })
            #expect(record.startedAt == read, "clock at \(seconds)")
        }
    }

    /// Past ``Limits/progressRanges`` disjoint ranges, the two with the smallest gap are joined:
    /// the count stays at the limit, progress grows by that gap alone, and the ranges' JSON stays
    /// within what the store's check allows.
    @Test func progressRangesPastTheLimitJoinTheClosestPair() throws {
        let count = Limits.progressRanges + 1
        let step = 1 / Double(count + 1)
        func width(_ index: Int) -> Double { (index == 5 ? 0.9 : 0.5) * step }  // 5 and 6: the smallest gap
        var ranges = ProgressRanges()
        for index in (0..<count).reversed() {  // each inserted first: no scan of the others
            ranges.insert(Double(index) * step...(Double(index) * step + width(index)))
        }
        #expect(ranges.ranges.count == Limits.progressRanges)
        #expect(ranges.ranges[5] == 5 * step...(6 * step + width(6)))
        let exact = (0..<count).reduce(0) { $0 + width($1) }
        #expect(abs(ranges.total - (exact + 0.1 * step)) < 1e-9)
        #expect(ranges.json.utf8.count <= RowChecks.rangesBytes)
    }

    /// ``RowChecks/rangesBytes`` counts 24 characters a number: no number in 0...1 prints longer.
    @Test func noProgressNumberPrintsLongerThanTheRangesBoundAllows() {
        var generator = SystemRandomNumberGenerator()
        var longest = 0
        for _ in 0..<200_000 {
            let uniform = Double.random(in: 0...1, using: &generator)
            let tiny = Double(bitPattern: generator.next() % Double.leastNormalMagnitude.bitPattern)
            longest = max(longest, uniform.description.utf8.count, tiny.description.utf8.count)
        }
        #expect(longest <= 24)
    }

    @Test func mutationsNeedAStartedActivity() throws {
        let store = try makeStore()
        let game = try store.mainContext.addChild(identifier: "G", title: "G", type: .game)
        let run = try game.createNewActivity(student: "ana")
        #expect(trackingError { try run.addProgressRange(from: 0, to: 0.5) } == .notStarted)
        #expect(trackingError { try run.setQuantity(id: "hints", title: "Hints", value: 1) } == .notStarted)
        try run.start()
        try run.stop()
        #expect(trackingError { try run.setProgress(0.2) } == .notStarted)
        #expect(run.progress == 0 && run.primaryItem == nil)
    }

    @Test func progressIsTheUnionLengthOfRanges() throws {
        let (_, run) = try startedActivity()
        try run.addProgressRange(from: 0.1, to: 0.3)
        try run.addProgressRange(from: 0.2, to: 0.4)  // overlaps
        try run.addProgressRange(from: 0.6, to: 0.7)
        #expect(abs(run.progress - 0.4) < 1e-12)
        try run.addProgressRange(from: 0.4, to: 0.6)  // touches both sides: one range
        #expect(run.progressRanges == [0.1...0.7])
        #expect(abs(run.progress - 0.6) < 1e-12)
        try run.addProgressRange(from: 0, to: 1)
        #expect(run.progress == 1)
    }

    /// The union kept in place is the union of every range added, sorted and merged afresh:
    /// ranges on a grid of tenths, so that many touch, overlap, contain or repeat each other.
    @Test func progressUnionKeptInPlaceMatchesAFreshMerge() {
        var seed: UInt64 = 29
        func tenth() -> Double {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double((seed >> 33) % 11) / 10
        }
        for _ in 0..<500 {
            var union = ProgressRanges()
            var added: [ClosedRange<Double>] = []
            for _ in 0..<Int(tenth() * 10 / 2) + 1 {
                let (a, b) = (tenth(), tenth())
                added.append(min(a, b)...max(a, b))
                union.insert(added[added.count - 1])
            }
            var fresh: [ClosedRange<Double>] = []
            for range in added.sorted(by: { $0.lowerBound < $1.lowerBound }) {
                if let last = fresh.last, range.lowerBound <= last.upperBound {
                    fresh[fresh.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
                } else {
                    fresh.append(range)
                }
            }
            #expect(union.ranges == fresh, "after adding \(added)")
        }
    }

    @Test func settingProgressNeverLowersIt() throws {
        let (_, run) = try startedActivity()
        try run.setProgress(0.8)
        try run.setProgress(0.3)
        #expect(run.progress == 0.8)
    }

    @Test func progressRangesAreValidated() throws {
        let (_, run) = try startedActivity()
        #expect(
            trackingError { try run.addProgressRange(from: -0.1, to: 0.5) }
                == .progressOutOfRange(start: -0.1, end: 0.5))
        #expect(
            trackingError { try run.addProgressRange(from: 0.5, to: 1.5) } == .progressOutOfRange(start: 0.5, end: 1.5))
        #expect(
            trackingError { try run.addProgressRange(from: 0.6, to: 0.5) } == .progressOutOfRange(start: 0.6, end: 0.5))
        #expect(trackingError { try run.addProgressRange(from: .nan, to: 0.5) } == .nonFinite(field: "progress start"))
        #expect(trackingError { try run.setProgress(.infinity) } == .nonFinite(field: "progress end"))
        #expect(run.progress == 0)
    }

    @Test func newActivityFinalizesThePreviousOne() throws {
        let clock = VirtualClock()
        let store = try makeStore(clock)
        let game = try store.mainContext.addChild(identifier: "G", title: "G", type: .game)
        #expect(try game.currentActivity == nil)
        let first = try game.createNewActivity(student: "ana")
        try first.start()
        clock.advance(5)
        let second = try game.createNewActivity(student: "ana")
        #expect(try game.currentActivity === second)
        #expect(!first.isStarted && first.isSuperseded && first.duration == 5)
        #expect(trackingError { try first.start() } == .activitySuperseded)
        #expect(
            trackingError { try game.createNewActivity(student: "") }
                == .invalidName(what: "student name", reason: "must be 1 to 256 characters, not blank"))
    }

    @Test func endRecordsOutcomeAndFreezes() throws {
        let (store, run) = try startedActivity()
        #expect(run.outcome == .running)
        #expect(trackingError { try run.end(outcome: .running) } == .invalidOutcome)
        try run.end(outcome: .finished)
        #expect(run.outcome == .finished && !run.isStarted)
        #expect(trackingError { try run.start() } == .activityEnded)
        #expect(trackingError { try run.end(outcome: .quit) } == .activityEnded)
        try store.save()
        #expect(try store.runs().first?.outcome == .finished)
    }

    @Test func doneIsSeparateFromProgress() throws {
        let (store, run) = try startedActivity()
        try run.setProgress(1)
        #expect(!run.isDone)
        try run.end(outcome: .quit)
        run.markDone(by: .student)  // allowed after the end, as in Schoolwork
        #expect(run.isDone && run.doneBy == .student)
        try store.save()
        let record = try #require(try store.runs().first)
        #expect(record.done && record.progress == 1 && record.outcome == .quit)
    }

    @Test func runningActivityIsTheLatestStarted() throws {
        let store = try makeStore()
        let a = try store.mainContext.addChild(identifier: "A", title: "A", type: .book)
        let b = try a.addChild(identifier: "B", title: "B", type: .chapter)
        let outer = try a.createNewActivity(student: "ana")
        let inner = try b.createNewActivity(student: "ana")
        try outer.start()
        try inner.start()
        #expect(store.runningActivity === inner)
        try inner.stop()
        #expect(store.runningActivity === outer)
    }
}
