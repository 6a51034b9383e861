import DeclaredCommands

/// `edujam games`, parsed once from the options ``GamesCommand/declaration`` declares.
struct GamesOptions {
    var common: CommonOptions
    /// `--all`: every earlier version under its game.
    var all: Bool
    var json: Bool

    /// - Throws: ``UsageError`` for a positional word.
    init(_ words: [String]) throws {
        let arguments = try Arguments(words, declared: GamesCommand.declaration.options)
        guard arguments.positionals.isEmpty else { throw UsageError("games takes no words but its options") }
        common = CommonOptions(arguments)
        all = arguments.flag("--all")
        json = arguments.flag("--json")
    }
}
