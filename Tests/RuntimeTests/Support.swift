import Foundation
import Runtime
import Sandbox
import Tracking

/// Replays answers and keeps every event, as a transcript would.
final class ScriptedChannel: PlayChannel {
    var answers: [String]
    var thinking: Double
    private(set) var events: [RunEvent] = []

    init(_ answers: [String], thinking: Double = 1) {
        self.answers = answers
        self.thinking = thinking
    }

    func handle(_ event: RunEvent) -> Reply? {
        events.append(event)
        switch event {
        case .ask, .choose:
            return answers.isEmpty ? nil : Reply(answers.removeFirst(), thinking: thinking)
        default:
            return nil
        }
    }

    /// Every line said, in order.
    var said: [String] {
        events.compactMap { if case .say(let text) = $0 { return text } else { return nil } }
    }
}

/// The fixture games folder.
func fixtureGames() -> String {
    Bundle.module.url(forResource: "Fixtures/games", withExtension: nil)!.path
}

/// Plays a fixture game in-process with a virtual clock and a fresh in-memory store.
func play(
    _ game: String, _ answers: [String], level: String? = nil, seed: Int = 1, thinking: Double = 1,
    limits: SandboxLimits = SandboxLimits(), store: TrackingStore? = nil
) throws -> (RunReport, ScriptedChannel, TrackingStore) {
    let clock = RunClock.virtual()
    let store =
        try store
        ?? TrackingStore.inMemory(
            rootIdentifier: "org.example.fixtures", rootTitle: "Fixtures", clock: { clock.date() })
    var options = PlayOptions()
    options.student = "ana"
    options.seed = seed
    options.level = level
    options.limits = limits
    let channel = ScriptedChannel(answers, thinking: thinking)
    let folder = (fixtureGames() as NSString).appendingPathComponent(game)
    let report = try GamePlayer.play(folder: folder, store: store, channel: channel, clock: clock, options: options)
    return (report, channel, store)
}

extension RunRecord {
    /// The item with this identifier.
    func item(_ id: String) -> ItemRecord? { items.first { $0.identifier == id } }
}
