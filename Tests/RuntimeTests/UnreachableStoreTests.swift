import Foundation
import Runtime
import Testing
import Tracking
import TrackingTestSupport

/// A run on a school server that goes away: the game goes on, nothing is lost, and
/// what the server did not get is kept in the outbox.
@Suite struct UnreachableStoreTests {
    /// Six questions; each answer sets a score, a count and the progress.
    static let quiz = """
        return {
          id = "QUIZ", title = "Quiz",
          play = function()
            activity.start()
            local right = 0
            for n = 1, 6 do
              local answer = ask("question " .. n .. "?")
              if answer == nil then return end
              if answer == "yes" then right = right + 1 end
              activity.score("right", right, 6, "Right answers")
              activity.quantity("answered", n, "Answered")
              activity.progress(n / 6)
            end
            activity.finish()
          end,
        }
        """

    /// Answers the quiz, taking the server down and up at the questions given.
    final class Student: PlayChannel {
        let engine: UnreachableEngine
        let downAt: Int
        let upAt: Int?
        private var asked = 0

        init(engine: UnreachableEngine, downAt: Int, upAt: Int?) {
            self.engine = engine
            self.downAt = downAt
            self.upAt = upAt
        }

        func handle(_ event: RunEvent) -> Reply? {
            guard case .ask = event else { return nil }
            asked += 1
            if asked == downAt { engine.isDown = true }
            if asked == upAt { engine.isDown = false }
            return Reply(asked % 2 == 0 ? "yes" : "no")
        }
    }

    /// A store on a fresh SQLite file behind an engine the test takes down, with an outbox.
    private func store(_ clock: RunClock) throws -> (TrackingStore, UnreachableEngine) {
        let engine = UnreachableEngine(try SQLiteEngine(path: temporaryStorePath()))
        let store = try TrackingStore(
            engine: engine, rootIdentifier: "org.example.fixtures", rootTitle: "Fixtures", clock: { clock.date() })
        store.outbox = try Outbox(path: temporaryStorePath("outbox.sqlite"), destination: "school")
        return (store, engine)
    }

    private func play(_ store: TrackingStore, _ student: Student, clock: RunClock) throws -> (RunReport, Int) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("quiz-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(Self.quiz.utf8).write(to: folder.appendingPathComponent("game.lua"))
        defer { try? FileManager.default.removeItem(at: folder) }
        let told = Told()
        var options = PlayOptions()
        options.student = "ana"
        options.whenStoreUnreachable = { told.count += 1 }
        let report = try GamePlayer.play(
            folder: folder.path, store: store, channel: student, clock: clock, options: options)
        return (report, told.count)
    }

    private final class Told: @unchecked Sendable {
        var count = 0
    }

    @Test func theServerGoesAwayMidRunAndComesBackNothingIsLost() throws {
        let clock = RunClock.virtual()
        let (store, engine) = try store(clock)
        let (report, told) = try play(store, Student(engine: engine, downAt: 3, upAt: 5), clock: clock)
        #expect(report.outcome == .finished && told == 1)
        #expect(engine.refusals >= 1)
        let runs = try store.runs()
        #expect(runs.count == 1)
        let run = try #require(runs.first)
        #expect(run.outcome == .finished && run.progress == 1)
        #expect(run.item("answered")?.value == .number(6) && run.item("right")?.score == 3)
        #expect(try store.outbox?.entries().isEmpty == true)
    }

    @Test func aRunThatEndsWhileTheServerIsDownIsKeptAndDeliveredOnce() throws {
        let clock = RunClock.virtual()
        let (store, engine) = try store(clock)
        let (report, told) = try play(store, Student(engine: engine, downAt: 4, upAt: nil), clock: clock)
        #expect(report.outcome == .finished && told == 1)  // the game went on, and ended without an error
        let outbox = try #require(store.outbox)
        let kept = try #require(try outbox.entries().first?.snapshot)
        #expect(kept.outcome == .finished && kept.progress == 1)

        engine.isDown = false
        #expect(try outbox.deliver(to: store).delivered.count == 1)
        #expect(try outbox.deliver(to: store).delivered.isEmpty)
        let runs = try store.runs()
        #expect(runs.count == 1 && runs.first?.outcome == .finished)
        #expect(runs.first?.item("answered")?.value == .number(6) && runs.first?.item("right")?.score == 3)
        let events = try store.attemptHistories().first?.events.map(\.kind)
        #expect(events?.first == .started && events?.last == .ended)
        #expect(events?.filter { $0 == .progressed }.count == 6)
    }
}
