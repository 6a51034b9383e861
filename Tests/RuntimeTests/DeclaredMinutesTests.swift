import Foundation
import Runtime
import Testing
import Tracking

/// A game's `minutes` reach the store as minutes (ClassKit's unit), taken as declared: the
/// runtime does no arithmetic on them, so no number a script declares can overflow on the way.
@Suite struct DeclaredMinutesTests {
    @Test(arguments: [("{ 2, 5 }", 2...5), ("{ 0, math.maxinteger }", 0...Int.max)])
    func declaredMinutesArePublishedAsMinutes(_ declared: String, _ expected: ClosedRange<Int>) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "edujam-minutes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
        return {
          id = "TIMED", title = "Timed", minutes = \(declared),
          play = function() activity.start() activity.finish() end,
        }
        """.write(to: folder.appendingPathComponent("game.lua"), atomically: true, encoding: .utf8)
        let clock = RunClock.virtual()
        let store = try TrackingStore.inMemory(
            rootIdentifier: "org.example.fixtures", rootTitle: "Fixtures", clock: { clock.date() })
        let report = try GamePlayer.play(
            folder: folder.path, store: store, channel: ScriptedChannel([]), clock: clock, options: PlayOptions())
        #expect(report.outcome == .finished)
        #expect(try store.context(at: ["TIMED"])?.suggestedCompletionMinutes == expected)
    }
}
