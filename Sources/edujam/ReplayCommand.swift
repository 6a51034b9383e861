import DeclaredCommands
import EdujamCommandLine
import Foundation
import GameContent
import Playtest
import Runtime
import School
import Tracking

/// `edujam replay`: a saved attempt played again from its replay record (its options: ``declaration``).
enum ReplayCommand: Command {
    static let declaration = ReplayOptions.declaration

    /// The longest pause a replay at the student's pace makes.
    static let longestPause = 3.0

    static func run(_ words: [String]) throws -> ExitStatus {
        let options = try ReplayOptions(words)
        if let transcript = options.transcript { try OutputFile.check(transcript, option: "--transcript") }
        let context = try StoreContext(options.common, reading: true)
        let saved = try context.store.replayRecord(attempt: options.attempt)
        let game = try game(of: saved, in: context.store, options.common)
        let root = saved.identifierPath.first ?? context.store.rootIdentifier
        if let transcript = options.transcript {
            let writer = TranscriptScreen()
            let replay = try GamePlayer.replay(saved.inputs, game: game, root: root, screen: writer)
            try PrivateFile.write(
                "# Replayed with edujam replay from a saved attempt. Format: docs/playtesting.md.\n\n"
                    + writer.testCase(of: saved, replay: replay), to: transcript)
            Output.error("edujam replay: wrote attempt \(saved.uuid) as a test case in \(transcript)")
            return conclude(replay)
        }
        let screen = ReplayTerminal(fast: options.fast)
        return conclude(try GamePlayer.replay(saved.inputs, game: game, root: root, screen: screen))
    }

    /// The game the attempt ran (``ReplayedGame/of(_:in:cache:localFolder:)``), the games folder's
    /// found as `play` finds it; an attempt that recorded no version is replayed with the games
    /// folder's game, and stderr says so.
    static func game(of saved: SavedInputs, in store: TrackingStore, _ common: CommonOptions) throws -> PlayedGame {
        let found = try ReplayedGame.of(saved, in: store, cache: try StoreLocation(common).gameCache()) { path in
            try GameTarget.resolve(path, gamesFolder: { try Installation.gamesToRead(common) }).folder
        }
        if found.unversioned {
            Output.error(
                "edujam replay: the attempt recorded no game version (it was saved before versions were); "
                    + "replayed with the game in \(found.game.folder)")
        }
        return found.game
    }

    /// A replay that left its record says where: the game is not the one the attempt was played on.
    private static func conclude(_ replay: Replay) -> ExitStatus {
        guard let divergence = replay.divergence else { return .success }
        Output.error("edujam replay: \(divergence) (the game is not the one the attempt was played with)")
        return .failure
    }
}

/// A replay drawn in the terminal as `play` drew it, each recorded answer typed after the pause
/// the student took (at most ``ReplayCommand/longestPause``), or at once.
private final class ReplayTerminal: ReplayScreen {
    private let fast: Bool

    init(fast: Bool) { self.fast = fast }

    func show(_ event: RunEvent) { TerminalChannel.show(event) }

    func answered(_ text: String?, after seconds: Double) {
        if !fast { Thread.sleep(forTimeInterval: min(seconds, ReplayCommand.longestPause)) }
        Output.line(text ?? "")
    }
}
