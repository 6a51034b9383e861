import DeclaredCommands

/// `edujam test`, parsed once from the options ``declaration`` declares.
public struct TestOptions {
    public static let declaration = CommandDeclaration(
        "test", summary: "run the games' transcripts, bots", example: "test",
        usage: ["test [paths...] [options]"],
        description: """
            Runs every transcript (tests/*.play) and bot (tests/*.bot.lua) of each game under
            the paths (default: the games folder), plus a short smoke fuzz of each game.
            """,
        options: [
            OptionDeclaration("--junit", value: "FILE", "also write the results as JUnit XML", kind: .file),
            OptionDeclaration("--update", "rewrite failing transcript expectations from what the game now does"),
            OptionDeclaration("--fuzz-runs", value: "N", "smoke-fuzz runs per game (default 200; 0 for none)"),
            JobsOption.declaration(plays: "the tests", same: "the report is"),
        ],
        positional: .directory, docs: "docs/playtesting.md", gamesFolder: .reads)

    /// Games, folders of games, `.play` and `.bot.lua` files; `--games` (or `games`) when none is named.
    public var paths: [String]
    public var junit: String?
    public var update: Bool
    /// Smoke-fuzz runs per game, or nil for the suite's default.
    public var fuzzRuns: Int?
    /// Threads that play the tests; the machine's cores unless given.
    public var jobs: Int

    /// - Throws: ``UsageError`` for a negative or non-numeric `--fuzz-runs`, a `--jobs` outside
    ///   1...``Jobs/maximum``.
    public init(_ words: [String]) throws {
        let arguments = try Arguments(words, declared: Self.declaration.options)
        paths = arguments.positionals.isEmpty ? [arguments.value("--games") ?? "games"] : arguments.positionals
        update = arguments.flag("--update")
        fuzzRuns = try FuzzRuns.parse(arguments)
        junit = arguments.value("--junit")
        jobs = try JobsOption.parse(arguments)
    }
}
