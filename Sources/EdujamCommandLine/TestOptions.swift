import DeclaredCommands

/// `edujam test`, parsed once from the options ``declaration`` declares.
public struct TestOptions {
    /// `edujam test` as the command line declares it: its synopsis, options and help, which dispatch, `--help`, the
    /// completions, the man page and docs/cli.md are made from.
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
    /// The JUnit XML file to write too, or nil.
    public var junit: String?
    /// `--update`: rewrite the transcripts with what the games now do.
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
