import DeclaredCommands

/// `edujam verify`, parsed once from the options ``declaration`` declares.
public struct VerifyOptions {
    /// `edujam verify` as the command line declares it: its synopsis, options and help, which dispatch, `--help`, the
    /// completions, the man page and docs/cli.md are made from.
    public static let declaration = CommandDeclaration(
        "verify", summary: "replay ended attempts and check what they saved", example: "verify --class 3B",
        usage: ["verify [options]"],
        description: """
            Plays each ended attempt in scope again from its replay record and the game version it
            recorded (from the store, at the sandbox's speed) and compares what the replay reports
            (items, progress, outcome, primary item) with what was saved. Each attempt is verified,
            mismatch (with the first difference), not verifiable (with why) or local copy (a version
            that is none of its game's published versions). Prints one line per attempt and the
            count per state; a teacher's or the owner's run stores each check, which report --class
            then shows. A student verifies their own attempts and stores nothing. Exits 1 when any
            attempt is a mismatch.
            """,
        options: [
            OptionDeclaration("--class", value: "NAME", "only this class's students"),
            OptionDeclaration("--assignment", value: "ID", "only the attempts at this assignment's activities"),
            OptionDeclaration("--student", value: "S", "only this student's attempts"),
            JobsOption.declaration(plays: "the replays", same: "the output is", workers: "processes"),
            OptionDeclaration("--json", "print JSON instead of lines"),
        ],
        docs: "docs/teacher.md")

    /// `--store` and `--games`.
    public var common: CommonOptions
    /// Only this class's students (with `--assignment`: the assignment's class).
    public var className: String?
    /// Only the attempts at this assignment's activities, by its assignees.
    public var assignment: Int64?
    /// Only this student's attempts (a student login: their own, always).
    public var student: String?
    /// Threads that replay.
    public var jobs: Int
    /// Print JSON instead of lines.
    public var json: Bool

    /// - Throws: ``UsageError`` for positional words or a bad `--jobs` or `--assignment`.
    public init(_ words: [String]) throws {
        let arguments = try Arguments(words, declared: Self.declaration.options)
        guard arguments.positionals.isEmpty else { throw UsageError("verify takes no positional arguments") }
        common = CommonOptions(arguments)
        className = arguments.value("--class")
        assignment = try arguments.value("--assignment").map(AssignmentID.parse)
        student = arguments.value("--student")
        jobs = try JobsOption.parse(arguments)
        json = arguments.flag("--json")
    }
}
