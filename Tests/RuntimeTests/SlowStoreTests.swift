import Foundation
import Runtime
import Testing
import Tracking
import TrackingTestSupport

/// A run on a school server slowed by the whole school playing at once (bench
/// row `store/players` saw saves of 100-700 ms). The game saves when it waits for the student,
/// with its clock paused: the time a save takes is never the game's, so a slow server cannot make
/// it hit its time limit, and the changes between two questions go in one save.
@Suite struct SlowStoreTests {
    /// A store on a fresh SQLite file behind an engine that counts writes and may be slowed.
    private func store(_ clock: RunClock) throws -> (TrackingStore, UnreachableEngine) {
        let engine = UnreachableEngine(try SQLiteEngine(path: temporaryStorePath()))
        let store = try TrackingStore(
            engine: engine, rootIdentifier: "org.example.fixtures", rootTitle: "Fixtures", clock: { clock.date() })
        return (store, engine)
    }

    private func play(
        _ source: String, _ store: TrackingStore, clock: RunClock, adjust: (inout PlayOptions) -> Void = { _ in }
    ) throws -> RunReport {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("slow-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(source.utf8).write(to: folder.appendingPathComponent("game.lua"))
        defer { try? FileManager.default.removeItem(at: folder) }
        var options = PlayOptions()
        options.student = "ana"
        adjust(&options)
        return try GamePlayer.play(
            folder: folder.path, store: store, channel: Answers(), clock: clock, options: options)
    }

    /// Answers "yes" to every question.
    private final class Answers: PlayChannel {
        func handle(_ event: RunEvent) -> Reply? {
            guard case .ask = event else { return nil }
            return Reply("yes")
        }
    }

    @Test func aSlowServerDoesNotCountAgainstTheGamesTimeLimit() throws {
        let clock = RunClock.virtual()
        let (store, engine) = try store(clock)
        engine.writeDelay = 0.1
        // Six questions with three changes each: saved per change, at 0.1 s a save, the run's
        // saves alone would take about 2 s, four times its limit.
        let report = try play(UnreachableStoreTests.quiz, store, clock: clock) { $0.limits.time = .milliseconds(500) }
        #expect(report.outcome == .finished, "\(String(describing: report.failure))")
        let run = try #require(try store.runs().first)
        #expect(run.outcome == .finished && run.progress == 1)
        #expect(run.item("answered")?.value == .number(6) && run.item("right")?.score == 6)
    }

    @Test func aGameSavesOnceEachTimeItWaitsNotOncePerChange() throws {
        let clock = RunClock.virtual()
        let (store, engine) = try store(clock)
        let before = engine.writes
        _ = try play(UnreachableStoreTests.quiz, store, clock: clock)
        // Launch, then before each of the six questions, then the end.
        #expect(engine.writes - before == 1 + 6 + 1)
        let events = try store.attemptHistories().first?.events.map(\.kind)
        #expect(events?.filter { $0 == .progressed }.count == 6, "every change is saved all the same")
    }

    @Test func aScriptThatNeverWaitsCannotFloodTheServer() throws {
        let clock = RunClock.virtual()
        let (store, engine) = try store(clock)
        let flood = """
            return { id = "FLOOD", title = "Flood", play = function()
              activity.start()
              for n = 1, 20000 do activity.quantity("n", n, "N") end
              activity.finish()
            end }
            """
        let before = engine.writes
        let report = try play(flood, store, clock: clock)
        #expect(report.outcome == .finished)
        #expect(engine.writes - before == 2, "at launch and at the end, not once per call")
        #expect(try store.runs().first?.item("n")?.value == .number(20000))
    }
}
