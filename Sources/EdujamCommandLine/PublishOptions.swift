import DeclaredCommands
import Foundation

/// `edujam publish`, parsed once from the options ``declaration`` declares.
public struct PublishOptions {
    /// `edujam publish` as the command line declares it: its synopsis, options and help, which dispatch, `--help`, the
    /// completions, the man page and docs/cli.md are made from.
    public static let declaration = CommandDeclaration(
        "publish", summary: "check games and put them in the store", example: "publish games/math-jam",
        usage: [
            "publish GAME... [options]               check each game (a folder, or a game's id) and store its files",
            "publish --revert GAME VERSION           make an earlier version of a game current again",
            "publish --retire GAME VERSION [--since DATE|now]   its attempts stop counting",
            "publish --unretire GAME VERSION         a retired version counts again",
            "publish --give GAME LOGIN               hand a game to another teacher",
        ],
        description: """
            GAME is a game's folder, from any games folder, or the id of a game in the games folder
            (edujam publish MATH-JAM takes the games installed with EduJam).
            Checks each game as edujam check does (a game with errors is refused, with the errors, and
            nothing of it is stored), then stores its files (game.lua and the modules it may require,
            nothing else) as a version named by their SHA-256 and makes that version the one students
            play; its activities are written into the catalog as catalog --publish does. Publishing the
            same files again changes nothing. A teacher's or the store owner's command. VERSION is at
            least 8 digits of a version edujam games --all lists.
            A fix replaces the version students played: at a terminal, publish asks whether that
            version's attempts stop counting (--retire-replaced answers for it). A retired version's
            attempts count for no assignment, every one or, with --since, those started from then on.
            A game belongs to the teacher who published it first: only they (or the store's owner)
            publish, revert, retire or un-retire its versions, and --give hands it to another teacher.
            """,
        options: [
            OptionDeclaration("--revert", "make an earlier version of GAME current again"),
            OptionDeclaration("--retire", "retire VERSION of GAME: its attempts stop counting"),
            OptionDeclaration(
                "--since", value: "DATE", "with --retire: only attempts started from DATE (or now) on stop counting"),
            OptionDeclaration("--unretire", "make a retired VERSION of GAME count again"),
            OptionDeclaration("--give", "hand GAME to the teacher LOGIN"),
            OptionDeclaration(
                "--retire-replaced", value: "WHEN",
                "what a fix does to the version it replaces: all (its attempts stop counting), now (from now on), no",
                kind: .choice(["all", "now", "no"])),
        ]
            + CheckOptions.declaration.options,
        positional: .directory, docs: "docs/teacher.md")

    /// What the command does.
    public enum Action: Equatable {
        /// Check and publish the games in these folders.
        case publish(folders: [String])
        /// Make an earlier version of a game current again: the game's identifier, the version's
        /// digits as typed.
        case revert(game: String, version: String)
        /// Retire a version: its attempts stop counting, every one (`from` nil) or those started
        /// from `from` on.
        case retire(game: String, version: String, from: Date?)
        /// Make a retired version count again.
        case unretire(game: String, version: String)
        /// Hand a game to another teacher's login.
        case give(game: String, login: String)
    }

    /// What to do with the version a fix replaces (`--retire-replaced`); nil: ask at a terminal.
    public enum Replaced: String, Equatable {
        /// Its attempts stop counting, every one.
        case all
        /// Attempts started from now on stop counting; earlier ones keep counting.
        case now
        /// It keeps counting.
        case no
    }

    /// `--store` and `--games`.
    public var common: CommonOptions
    /// What to do: publish, revert, retire, unretire or give.
    public var action: Action
    /// How each game is checked before it is published (`check`'s options).
    public var check: CheckOptions
    /// `--retire-replaced`: what becomes of the version a newly published fix replaces.
    public var replaced: Replaced?

    /// - Throws: ``UsageError`` for no game folder, `--revert` (`--give`) without exactly a game and a
    ///   version (a login), or a bad `check` option.
    public init(_ words: [String]) throws {
        let arguments = try Arguments(words, declared: Self.declaration.options)
        common = CommonOptions(arguments)
        check = try CheckOptions(arguments)
        let positionals = arguments.positionals
        replaced = try arguments.value("--retire-replaced").map { text in
            guard let choice = Replaced(rawValue: text) else {
                throw UsageError("--retire-replaced takes all, now or no, got '\(text)'")
            }
            return choice
        }
        let since = try arguments.value("--since").map { $0 == "now" ? Date() : try ExportOptions.parseSince($0) }
        if since != nil, !arguments.flag("--retire") { throw UsageError("--since goes with --retire") }
        let modes = ["--revert", "--retire", "--unretire", "--give"].filter { arguments.flag($0) }
        guard modes.count <= 1 else { throw UsageError("\(modes[0]) and \(modes[1]) do not go together") }
        if let mode = modes.first {
            guard positionals.count == 2 else {
                throw UsageError("publish \(mode) needs a game and \(mode == "--give" ? "a login" : "a version")")
            }
            let (game, version) = (positionals[0], positionals[1])
            switch mode {
            case "--revert": action = .revert(game: game, version: version)
            case "--retire": action = .retire(game: game, version: version, from: since)
            case "--give": action = .give(game: game, login: version)
            default: action = .unretire(game: game, version: version)
            }
        } else {
            guard !positionals.isEmpty else {
                throw UsageError("publish needs at least one game (its folder or its id)")
            }
            action = .publish(folders: positionals)
        }
    }
}
