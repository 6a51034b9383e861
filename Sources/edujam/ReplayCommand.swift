import DeclaredCommands
import Foundation
import GameContent
import Playtest
import Runtime
import School
import Tracking

/// `edujam replay`: a saved attempt played again from its replay record (its options: ``declaration``).
enum ReplayCommand: Command {
    static let declaration = CommandDeclaration(
        "replay", summary: "show a saved attempt as the student saw it", example: "replay 7f0c2a",
        usage: ["replay <attempt> [options]"],
        description: """
            Plays a saved attempt again from its replay record (its seed, level, the answers the student
            gave and the clock readings the game took) and shows it as the student saw it, at the
            student's pace (each wait up to 3 seconds) or at once with --fast. The attempt is its UUID or
            the first 4 or more of its characters (report --json shows each attempt's uuid). A teacher
            replays their classes' attempts, a student their own. The game is the version the attempt ran,
            from the store (kept in your game cache); a version the store does not have (a local copy) is
            taken from the games folder only when its files are that version, and is otherwise not
            replayable, said with the reason; an attempt saved before versions were recorded is replayed
            with the games folder's game, said on stderr. --transcript FILE writes the attempt as a .play
            transcript instead, which edujam test runs.
            """,
        options: [
            OptionDeclaration("--fast", "show it at once, without the student's pauses"),
            OptionDeclaration(
                "--transcript", value: "FILE", "write it as a test case in FILE (a .play transcript)", kind: .file),
        ],
        positional: .text, docs: "docs/playtesting.md", gamesFolder: .whenNotInStore)

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
