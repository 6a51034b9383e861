/// `edujam check [game folders...] [--fuzz-runs N] [--no-luacheck]`, parsed once.
struct CheckOptions {
    static let spec = Arguments.Spec(valued: ["--fuzz-runs"], flags: ["--no-luacheck"])

    var common: CommonOptions
    /// Game folders or folders of games; empty for every game in the games folder.
    var folders: [String]
    /// Random-input runs per game, or nil for the checker's default.
    var fuzzRuns: Int?
    var useLuacheck: Bool

    /// - Throws: ``UsageError`` for a negative or non-numeric `--fuzz-runs`.
    init(_ words: [String]) throws {
        let arguments = try Arguments(words, spec: Self.spec)
        common = CommonOptions(arguments)
        folders = arguments.positionals
        useLuacheck = !arguments.flag("--no-luacheck")
        fuzzRuns = try FuzzRuns.parse(arguments)
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
