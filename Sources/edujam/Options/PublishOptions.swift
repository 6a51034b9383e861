/// `edujam publish`, parsed once from the options ``PublishCommand/declaration`` declares.
struct PublishOptions {
    /// What the command does.
    enum Action: Equatable {
        /// Check and publish the games in these folders.
        case publish(folders: [String])
        /// Make an earlier version of a game current again: the game's identifier, the version's
        /// digits as typed.
        case revert(game: String, version: String)
    }

    var common: CommonOptions
    var action: Action
    /// How each game is checked before it is published (`check`'s options).
    var check: CheckOptions

    /// - Throws: ``UsageError`` for no game folder, `--revert` without exactly a game and a
    ///   version, or a bad `check` option.
    init(_ words: [String]) throws {
        let arguments = try Arguments(words, declared: PublishCommand.declaration.options)
        common = CommonOptions(arguments)
        check = try CheckOptions(arguments)
        let positionals = arguments.positionals
        if arguments.flag("--revert") {
            guard positionals.count == 2 else { throw UsageError("publish --revert needs a game and a version") }
            action = .revert(game: positionals[0], version: positionals[1])
        } else {
            guard !positionals.isEmpty else { throw UsageError("publish needs at least one game folder") }
            action = .publish(folders: positionals)
        }
    }
}
