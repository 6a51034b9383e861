import Authoring
import DeclaredCommands

/// `edujam check`, parsed once from the options ``declaration`` declares.
public struct CheckOptions {
    /// `edujam check` as the command line declares it: its synopsis, options and help, which dispatch, `--help`, the
    /// completions, the man page and docs/cli.md are made from.
    public static let declaration = CommandDeclaration(
        "check", summary: "find mistakes, with hints", example: "check games/my-quiz",
        usage: ["check [game folders...] [options]"],
        description: """
            Finds what authors commonly get wrong, each with file:line and a hint: syntax, the
            declaration, undefined globals and typos, writes to globals, bad activity calls, a game
            that never starts or reports, and (when those pass) failures under random input.
            Default: every game in the games folder. Exit 1 on errors; warnings alone exit 0.
            With luacheck installed (Debian package lua-check), its warnings that EduJam's own checks
            do not already give are added, except in a game's lib/ and vendor/ folders (libraries
            dropped in as they are); without it, check says nothing about it.
            """,
        options: [
            OptionDeclaration("--fuzz-runs", value: "N", "random-input runs per game (default 300; 0 for none)"),
            OptionDeclaration(
                "--fuzz-seconds", value: "N",
                "the most time those runs and shrinking what they find take per\ngame (default 30); a note says when it ran out"
            ),
            JobsOption.declaration(plays: "those runs", same: "the findings are"),
            OptionDeclaration("--no-luacheck", "do not fold in luacheck's findings even when it is installed"),
        ],
        positional: .directory, docs: "docs/authoring.md", gamesFolder: .reads)

    /// `--store` and `--games`.
    public var common: CommonOptions
    /// Game folders or folders of games; empty for every game in the games folder.
    public var folders: [String]
    /// Random-input runs per game, or nil for the checker's default.
    var fuzzRuns: Int?
    /// The most seconds those runs (and shrinking) take per game, or nil for the checker's default.
    var fuzzSeconds: Int?
    var useLuacheck: Bool
    /// Threads that play the random-input runs; the machine's cores unless given.
    var jobs: Int

    /// - Throws: ``UsageError`` for a negative or non-numeric `--fuzz-runs`, `--fuzz-seconds` outside 1...86400,
    ///   a `--jobs` outside 1...``Jobs/maximum``.
    public init(_ words: [String]) throws {
        try self.init(Arguments(words, declared: Self.declaration.options))
    }

    /// The options as another command that checks games parses them (`publish`, which declares
    /// ``declaration``'s options among its own).
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
    public var settings: GameChecker.Settings {
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
