import DeclaredCommands
import Foundation

/// `edujam publish`, parsed once from the options ``PublishCommand/declaration`` declares.
struct PublishOptions {
    /// What the command does.
    enum Action: Equatable {
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
    enum Replaced: String, Equatable {
        /// Its attempts stop counting, every one.
        case all
        /// Attempts started from now on stop counting; earlier ones keep counting.
        case now
        /// It keeps counting.
        case no
    }

    var common: CommonOptions
    var action: Action
    /// How each game is checked before it is published (`check`'s options).
    var check: CheckOptions
    /// `--retire-replaced`: what becomes of the version a newly published fix replaces.
    var replaced: Replaced?

    /// - Throws: ``UsageError`` for no game folder, `--revert` (`--give`) without exactly a game and a
    ///   version (a login), or a bad `check` option.
    init(_ words: [String]) throws {
        let arguments = try Arguments(words, declared: PublishCommand.declaration.options)
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
