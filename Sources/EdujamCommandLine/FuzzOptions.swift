import DeclaredCommands

/// `edujam fuzz`, parsed once from the options ``declaration`` declares.
public struct FuzzOptions {
    /// `edujam fuzz` as the command line declares it: its synopsis, options and help, which dispatch, `--help`, the
    /// completions, the man page and docs/cli.md are made from.
    public static let declaration = CommandDeclaration(
        "fuzz", summary: "play a game with random input", example: "fuzz games/math-jam --runs 10000",
        usage: ["fuzz <game folder | identifier> [options]"],
        description: """
            Plays the game N times (default 1000) with a monkey that types anything. Each script
            error or limit hit is printed with the seed that reproduces it and the input, shrunk
            to a minimal .play case. Run S is replayed by --seed S --runs 1.
            """,
        options: [
            OptionDeclaration("--runs", value: "N", "how many runs (default 1000)"),
            OptionDeclaration("--seed", value: "S", "the first run's seed"),
            JobsOption.declaration(plays: "the runs", same: "the findings are"),
        ],
        positional: .directory, docs: "docs/playtesting.md", gamesFolder: .reads)

    /// `--store` and `--games`.
    public var common: CommonOptions
    /// A game folder or identifier, as typed (``GameTarget/resolve(_:gamesFolder:)``).
    public var game: String
    /// How many runs; 1000 unless given.
    public var runs: Int
    /// The first run's seed; random unless given.
    public var seed: Int?
    /// Threads that play the runs; the machine's cores unless given.
    public var jobs: Int

    /// - Throws: ``UsageError`` for no game or several, a runs count below 1, a seed that is not a whole number,
    ///   a `--jobs` outside 1...``Jobs/maximum``.
    public init(_ words: [String]) throws {
        let arguments = try Arguments(words, declared: Self.declaration.options)
        game = try arguments.onlyPositional("fuzz takes one game folder or identifier")
        common = CommonOptions(arguments)
        runs = try arguments.integer("--runs") ?? 1000
        guard runs > 0 else { throw UsageError("--runs needs 1 or more") }
        seed = try arguments.integer("--seed")
        jobs = try JobsOption.parse(arguments)
    }
}
