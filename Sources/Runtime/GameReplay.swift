import Foundation
import Tracking

/// Where a replay's events are shown: a terminal at the student's pace, or a transcript.
public protocol ReplayScreen: AnyObject {
    /// Shows one of the run's events as a play's channel would (a question shows its prompt).
    func show(_ event: RunEvent)
    /// The student's recorded answer to the question just shown (nil: input ended there), given
    /// `seconds` after the game last read its clock or got an answer (0 to a day).
    func answered(_ text: String?, after seconds: Double)
}

/// A saved attempt played again from its replay record (``AttemptInputs``).
public struct Replay: Sendable {
    /// The replayed run's report: its items, progress, outcome and primary item are what the
    /// game reports for these inputs.
    public var report: RunReport
    /// Where the game stopped following the record, if it did: then the report is of a run
    /// stopped there, and the attempt does not replay.
    public var divergence: ReplayDivergence?
}

extension GamePlayer {
    /// Plays the attempt `inputs` recorded against the game in `folder`: its seed and level,
    /// each reply answering the question the game asks, each clock reading the reading it takes,
    /// on a virtual clock, in a throwaway store (nothing is saved). A game never learns who
    /// plays, so the replay plays as the default student.
    /// - Parameters:
    ///   - inputs: The record.
    ///   - folder: The game's folder.
    ///   - root: The main context's identifier (the attempt's path's first).
    ///   - screen: Where the run's events are shown, if anywhere.
    ///   - store: The throwaway store to play in (rooted at `root`; its clock is not the run's),
    ///     for a caller that replays many attempts (`verify`): making a store is much of a
    ///     replay's time. Nil makes one on the run's clock.
    /// - Throws: ``GameLoadError`` when the game cannot be loaded or lacks the recorded level; a
    ///   failing script is not thrown but reported.
    public static func replay(
        _ inputs: AttemptInputs, folder: String, root: String, screen: ReplayScreen? = nil, store: TrackingStore? = nil
    ) throws -> Replay {
        try replay(inputs, game: .folder(folder), root: root, screen: screen, store: store)
    }

    /// ``replay(_:folder:root:screen:store:)`` of `game`: a folder, or a published package run
    /// from memory (``PlayedGame``), as `verify` and `replay` run the version an attempt ran.
    public static func replay(
        _ inputs: AttemptInputs, game: PlayedGame, root: String, screen: ReplayScreen? = nil,
        store: TrackingStore? = nil
    ) throws -> Replay {
        var options = PlayOptions()
        options.seed = inputs.seed
        options.level = inputs.level.map(IdentifierPathText.text)
        options.saving = .never
        let clock = RunClock.virtual(start: Date(timeIntervalSince1970: inputs.start))
        let store = try store ?? TrackingStore.inMemory(rootIdentifier: root, rootTitle: root, clock: { clock.date() })
        let cursor = ReplayCursor(inputs)
        let channel = ReplayChannel(cursor: cursor, clock: clock, screen: screen)
        let report = try play(game, store: store, channel: channel, clock: clock, options: options, replay: cursor)
        return Replay(report: report, divergence: cursor.divergence)
    }
}

/// Answers a replayed run's questions from its record and shows its events on a screen.
final class ReplayChannel: PlayChannel {
    private let cursor: ReplayCursor
    private let clock: RunClock
    private let screen: ReplayScreen?

    init(cursor: ReplayCursor, clock: RunClock, screen: ReplayScreen?) {
        self.cursor = cursor
        self.clock = clock
        self.screen = screen
    }

    func handle(_ event: RunEvent) -> Reply? {
        screen?.show(event)
        guard event.isQuestion, let served = cursor.nextReply() else { return nil }  // nil: diverged, the run stops
        let waited = min(max(0, (cursor.lastReplyAt ?? 0) - cursor.readingBeforeReply), Reply.thinkingRange.upperBound)
        switch served {
        case .reply(let text, let at):
            screen?.answered(text, after: waited)
            return Reply(text, thinking: max(0, at - clock.elapsed))
        case .inputEnded:
            screen?.answered(nil, after: waited)
            return nil
        case .clock:
            return nil  // never served as a reply
        }
    }
}
