import DeclaredCommands

/// `edujam replay`, parsed once from the options ``declaration`` declares.
public struct ReplayOptions {
    /// `edujam replay` as the command line declares it: its synopsis, options and help, which dispatch, `--help`, the
    /// completions, the man page and docs/cli.md are made from.
    public static let declaration = CommandDeclaration(
        "replay", summary: "show a saved attempt as the student saw it", example: "replay 7f0c2a",
        usage: ["replay <attempt> [options]"],
        description: """
            Plays a saved attempt again from its replay record (its seed, level, the answers the student
            gave and the clock readings the game took) and shows it as the student saw it, at the
            student's pace (each wait up to 3 seconds) or at once with --fast. The attempt is its UUID or
            the first 4 or more of its characters (report --json shows each attempt's uuid). A teacher
            replays their classes' attempts, a student their own. The game is the version the attempt ran,
            from the store (kept in your game cache); a version the store does not have (a local copy) is
            taken from the games folder only when its files are that version, and is otherwise not
            replayable, said with the reason; an attempt saved before versions were recorded is replayed
            with the games folder's game, said on stderr. --transcript FILE writes the attempt as a .play
            transcript instead, which edujam test runs.
            """,
        options: [
            OptionDeclaration("--fast", "show it at once, without the student's pauses"),
            OptionDeclaration(
                "--transcript", value: "FILE", "write it as a test case in FILE (a .play transcript)", kind: .file),
        ],
        positional: .text, docs: "docs/playtesting.md", gamesFolder: .whenNotInStore)

    /// `--store` and `--games`.
    public var common: CommonOptions
    /// The attempt as typed: its UUID or the start of it.
    public var attempt: String
    /// Whether to show it at once, without the student's pauses.
    public var fast: Bool
    /// The `.play` file to write instead of showing it.
    public var transcript: String?

    /// - Throws: ``UsageError`` unless exactly one attempt is given.
    public init(_ words: [String]) throws {
        let arguments = try Arguments(words, declared: Self.declaration.options)
        attempt = try arguments.onlyPositional("replay takes one attempt: its UUID or the start of it")
        common = CommonOptions(arguments)
        fast = arguments.flag("--fast")
        transcript = arguments.value("--transcript")
    }
}
