import DeclaredCommands

/// `edujam test`, parsed once from the options ``TestCommand/declaration`` declares.
struct TestOptions {
    /// Games, folders of games, `.play` and `.bot.lua` files; `--games` (or `games`) when none is named.
    var paths: [String]
    var junit: String?
    var update: Bool
    /// Smoke-fuzz runs per game, or nil for the suite's default.
    var fuzzRuns: Int?
    /// Threads that play the tests; the machine's cores unless given.
    var jobs: Int

    /// - Throws: ``UsageError`` for a negative or non-numeric `--fuzz-runs`, a `--jobs` outside
    ///   1...``Jobs/maximum``.
    init(_ words: [String]) throws {
        let arguments = try Arguments(words, declared: TestCommand.declaration.options)
        paths = arguments.positionals.isEmpty ? [arguments.value("--games") ?? "games"] : arguments.positionals
        update = arguments.flag("--update")
        fuzzRuns = try FuzzRuns.parse(arguments)
        junit = arguments.value("--junit")
        jobs = try JobsOption.parse(arguments)
    }
}
