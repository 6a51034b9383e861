import DeclaredCommands

/// `edujam fuzz`, parsed once from the options ``FuzzCommand/declaration`` declares.
struct FuzzOptions {
    var common: CommonOptions
    /// A game folder or identifier, as typed (``GameTarget/resolve(_:gamesFolder:)``).
    var game: String
    /// How many runs; 1000 unless given.
    var runs: Int
    /// The first run's seed; random unless given.
    var seed: Int?
    /// Threads that play the runs; the machine's cores unless given.
    var jobs: Int

    /// - Throws: ``UsageError`` for no game or several, a runs count below 1, a seed that is not a whole number,
    ///   a `--jobs` outside 1...``Jobs/maximum``.
    init(_ words: [String]) throws {
        let arguments = try Arguments(words, declared: FuzzCommand.declaration.options)
        game = try arguments.onlyPositional("fuzz takes one game folder or identifier")
        common = CommonOptions(arguments)
        runs = try arguments.integer("--runs") ?? 1000
        guard runs > 0 else { throw UsageError("--runs needs 1 or more") }
        seed = try arguments.integer("--seed")
        jobs = try JobsOption.parse(arguments)
    }
}
