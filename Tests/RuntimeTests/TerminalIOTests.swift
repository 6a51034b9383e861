import Foundation
import Runtime
import Testing
import Tracking

/// `io` as a game's terminal: the same screens, record and replay as `say` and `ask`.
struct TerminalIOTests {
    private let answers = ["2", "5", "6", "Ana", "one", "two"]

    @Test func ioShowsAndRecordsWhatSayAndAskDo() throws {
        let (viaIO, ioChannel, _) = try play("terminal-io", answers)
        let (viaAsk, askChannel, _) = try play("terminal-ask", answers)
        #expect(viaIO.outcome == .finished)
        #expect(viaIO.record.items == viaAsk.record.items)
        #expect(ioChannel.events.dropLast() == askChannel.events.dropLast())  // but the report's titles
        #expect(ioChannel.said == ["yes", "no", "yes", "more: one", "more: two", "bye Ana"])
        #expect(viaIO.inputs?.events == viaAsk.inputs?.events)
    }

    @Test func aGameReadingThroughIOReplays() throws {
        let (original, channel, _) = try play("terminal-io", answers)
        let inputs = try #require(original.inputs)
        let folder = (fixtureGames() as NSString).appendingPathComponent("terminal-io")
        let replay = try GamePlayer.replay(inputs, folder: folder, root: "org.example.fixtures")
        #expect(replay.divergence == nil)
        #expect(replay.report.outcome == original.outcome)
        #expect(replay.report.record.items == original.record.items)
        #expect(replay.report.inputs == inputs)
        #expect(!channel.events.isEmpty)
    }
}
