import DeclaredCommands

/// `edujam inbox`, parsed once from the options ``declaration`` declares.
public struct InboxOptions {
    /// `edujam inbox` as the command line declares it: its synopsis, options and help, which dispatch, `--help`, the
    /// completions, the man page and docs/cli.md are made from.
    public static let declaration = CommandDeclaration(
        "inbox", summary: "a student's assignments", example: "inbox --student ana",
        usage: ["inbox --student S [options]"],
        description: """
            Lists the student's assignments, each activity with its status and due date (late ones are
            flagged), and under it the command that plays it, with a whole game's levels. On a PostgreSQL
            store the student is your login: `edujam inbox` (only a teacher may name one with --student).
            """,
        options: [
            OptionDeclaration("--student", value: "S", "the student"),
            OptionDeclaration("--json", "print JSON instead of a list"),
        ],
        docs: "docs/student.md")

    /// `--store` and `--games`.
    public var common: CommonOptions
    /// As typed; checked against the store's name rule when the store is open. Required on a
    /// SQLite store, refused to a student on a PostgreSQL store (``Identity``).
    public var student: String?
    /// `--json`: print JSON instead of lines.
    public var json: Bool

    /// The usage error when a SQLite store needs `--student` and it is missing.
    public static let needsStudent = "inbox needs --student S"

    /// - Throws: ``UsageError`` for an unknown option.
    public init(_ words: [String]) throws {
        let arguments = try Arguments(words, declared: Self.declaration.options)
        common = CommonOptions(arguments)
        student = arguments.value("--student")
        json = arguments.flag("--json")
    }
}
