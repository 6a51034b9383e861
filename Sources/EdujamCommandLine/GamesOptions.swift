import DeclaredCommands

/// `edujam games`, parsed once from the options ``declaration`` declares.
public struct GamesOptions {
    /// `edujam games` as the command line declares it: its synopsis, options and help, which dispatch, `--help`, the
    /// completions, the man page and docs/cli.md are made from.
    public static let declaration = CommandDeclaration(
        "games", summary: "list the games published in the store", example: "games --all",
        usage: ["games [options]"],
        description: """
            Lists each game published in the store (edujam publish): the version students play (the
            first 12 digits of its SHA-256), who published it and when, and how many earlier versions
            it has; with --all, each earlier version under it, newest first.
            """,
        options: [
            OptionDeclaration("--all", "list every earlier version too"),
            OptionDeclaration("--json", "print JSON instead of a list"),
        ],
        docs: "docs/teacher.md")

    /// `--store` and `--games`.
    public var common: CommonOptions
    /// `--all`: every earlier version under its game.
    public var all: Bool
    /// `--json`: print JSON instead of lines.
    public var json: Bool

    /// - Throws: ``UsageError`` for a positional word.
    public init(_ words: [String]) throws {
        let arguments = try Arguments(words, declared: Self.declaration.options)
        guard arguments.positionals.isEmpty else { throw UsageError("games takes no words but its options") }
        common = CommonOptions(arguments)
        all = arguments.flag("--all")
        json = arguments.flag("--json")
    }
}
