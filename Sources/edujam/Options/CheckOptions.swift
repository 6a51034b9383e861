import Authoring
import DeclaredCommands

/// `edujam check`, parsed once from the options ``CheckCommand/declaration`` declares.
struct CheckOptions {
    var common: CommonOptions
    /// Game folders or folders of games; empty for every game in the games folder.
    var folders: [String]
    /// Random-input runs per game, or nil for the checker's default.
    var fuzzRuns: Int?
    /// The most seconds those runs (and shrinking) take per game, or nil for the checker's default.
    var fuzzSeconds: Int?
    var useLuacheck: Bool
    /// Threads that play the random-input runs; the machine's cores unless given.
    var jobs: Int

    /// - Throws: ``UsageError`` for a negative or non-numeric `--fuzz-runs`, `--fuzz-seconds` outside 1...86400,
    ///   a `--jobs` outside 1...``Jobs/maximum``.
    init(_ words: [String]) throws {
        try self.init(Arguments(words, declared: CheckCommand.declaration.options))
    }

    /// The options as another command that checks games parses them (`publish`, which declares
    /// ``CheckCommand/declaration``'s options among its own).
    /// - Throws: As the initializer from words.
    init(_ arguments: Arguments) throws {
        common = CommonOptions(arguments)
        folders = arguments.positionals
        useLuacheck = !arguments.flag("--no-luacheck")
        fuzzRuns = try FuzzRuns.parse(arguments)
        if let seconds = try arguments.integer("--fuzz-seconds") {
            guard (1...86_400).contains(seconds) else { throw UsageError("--fuzz-seconds needs 1 to 86400") }
            fuzzSeconds = seconds
        }
        jobs = try JobsOption.parse(arguments)
    }

    /// The checker's settings these options give.
    var settings: GameChecker.Settings {
        var settings = GameChecker.Settings()
        settings.useLuacheck = useLuacheck
        settings.jobs = jobs
        if let fuzzRuns { settings.fuzzRuns = fuzzRuns }
        if let fuzzSeconds { settings.fuzzTimeLimit = .seconds(fuzzSeconds) }
        return settings
    }
}

/// `--fuzz-runs N`, which `check` and `test` share: 0 or more.
enum FuzzRuns {
    static func parse(_ arguments: Arguments) throws -> Int? {
        guard let runs = try arguments.integer("--fuzz-runs") else { return nil }
        guard runs >= 0 else { throw UsageError("--fuzz-runs needs 0 or more") }
        return runs
    }
}
