import Testing
import Tracking

/// A context's current activity survives a relaunch, as in ClassKit.
@Suite struct RelaunchTests {
    /// The first launch: start, record, stop and save an attempt, then quit.
    private func firstLaunch(_ path: String, clock: ManualClock) throws -> Activity {
        let store = try SaveFixture.open(path, clock: clock)
        let level = try SaveFixture.level(store)
        let run = try level.currentActivity ?? level.createNewActivity(student: "ana")
        try run.start()
        clock.advance(30)
        try run.setScore(id: "score", title: "Score", score: 2, maxScore: 5)
        try run.setQuantity(id: "hints", title: "Hints", value: 1)
        try run.setProgress(0.4)
        try run.stop()
        try store.save()
        return run
    }

    @Test func theNextLaunchContinuesTheSameAttempt() throws {
        let path = SaveFixture.storePath()
        let clock = ManualClock()
        let first = try firstLaunch(path, clock: clock)

        let store = try SaveFixture.open(path, clock: clock)
        let level = try #require(try store.context(at: ["GAME", "LEVEL-1"]))
        let run = try #require(try level.currentActivity)
        #expect(run.uuid == first.uuid && run.id == first.id && run.student == "ana")
        #expect(run.progress == 0.4 && run.duration == 30 && !run.isStarted)
        #expect(run.primaryItem?.identifier == "score" && run.additionalItems.map(\.identifier) == ["hints"])

        let again = try level.currentActivity ?? level.createNewActivity(student: "ana")
        #expect(again === run)
        try again.start()
        clock.advance(10)
        try again.setScore(id: "score", title: "Score", score: 4, maxScore: 5)
        try again.setProgress(0.8)
        try again.stop()
        try store.save()

        let runs = try SaveFixture.open(path).runs()
        #expect(runs.count == 1)
        #expect(runs.first?.id == first.id && runs.first?.progress == 0.8 && runs.first?.durationSeconds == 40)
        #expect(runs.first?.items.map(\.identifier) == ["score", "hints"])
        #expect(runs.first?.items.first?.score == 4)
    }

    @Test func eachStudentGetsTheirOwnLatestAttempt() throws {
        let path = SaveFixture.storePath()
        let clock = ManualClock()
        let anas = try firstLaunch(path, clock: clock)
        do {
            let store = try SaveFixture.open(path, clock: clock)
            let level = try SaveFixture.level(store)
            clock.advance(5)
            let bos = try level.createNewActivity(student: "bo")
            try bos.start()
            try store.save()
        }
        let store = try SaveFixture.open(path, clock: clock)
        let level = try SaveFixture.level(store)
        #expect(try level.currentActivity(student: "ana")?.uuid == anas.uuid)
        #expect(try level.currentActivity(student: "bo")?.student == "bo")
        #expect(try level.currentActivity(student: "cleo") == nil)
        #expect(try level.currentActivity?.student == "bo")  // the latest at this context
    }

    @Test func anEndedAttemptIsRestoredButANewOneIsNeededToPlayOn() throws {
        let path = SaveFixture.storePath()
        let clock = ManualClock()
        do {
            let store = try SaveFixture.open(path, clock: clock)
            let run = try SaveFixture.level(store).createNewActivity(student: "ana")
            try run.start()
            try run.end(outcome: .finished)
            try store.save()
        }
        let store = try SaveFixture.open(path, clock: clock)
        let level = try SaveFixture.level(store)
        let restored = try #require(try level.currentActivity(student: "ana"))
        #expect(restored.outcome == .finished)
        #expect(throws: TrackingError.activityEnded) { try restored.start() }
        let next = try level.createNewActivity(student: "ana")
        try next.start()
        try store.save()
        #expect(try store.runs().count == 2)
        #expect(try level.currentActivity(student: "ana") === next)
    }
}
