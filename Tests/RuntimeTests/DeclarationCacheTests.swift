import Foundation
import Runtime
import Testing
import Tracking

/// A game's declaration is read once per process and source text (LoadedGame.swift):
/// later runs of the same source copy only its play function, and an edited game.lua is
/// read afresh, as its compiled chunk is.
@Suite struct DeclarationCacheTests {
    private func game(title: String, said: String) -> String {
        """
        return {
          id = "CACHED", title = "\(title)", type = "game",
          play = function() activity.start() say("\(said)") activity.finish() end,
        }
        """
    }

    private func playOnce(_ folder: String) throws -> (RunReport, ScriptedChannel, TrackingStore) {
        let clock = RunClock.virtual()
        let store = try TrackingStore.inMemory(
            rootIdentifier: "org.example.fixtures", rootTitle: "Fixtures", clock: { clock.date() })
        let channel = ScriptedChannel([])
        let report = try GamePlayer.play(
            folder: folder, store: store, channel: channel, clock: clock, options: PlayOptions())
        return (report, channel, store)
    }

    @Test func laterRunsPlayAndAnEditedGameIsReadAgain() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("edujam-cache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("game.lua")
        try game(title: "First", said: "one").write(to: file, atomically: true, encoding: .utf8)
        for _ in 1...3 {  // the first run reads the declaration, the others reuse it
            let (report, channel, store) = try playOnce(folder.path)
            #expect(report.outcome == .finished)
            #expect(channel.said == ["one"])
            #expect(try store.context(at: ["CACHED"])?.title == "First")
        }
        try game(title: "Second", said: "two").write(to: file, atomically: true, encoding: .utf8)
        let (report, channel, store) = try playOnce(folder.path)
        #expect(report.outcome == .finished)
        #expect(channel.said == ["two"])
        #expect(try store.context(at: ["CACHED"])?.title == "Second")
    }
}
