import DeclaredCommands

/// `edujam report`, parsed once from the options ``declaration`` declares.
public struct ReportOptions {
    /// `edujam report` as the command line declares it: its synopsis, options and help, which dispatch, `--help`, the
    /// completions, the man page and docs/cli.md are made from.
    public static let declaration = CommandDeclaration(
        "report", summary: "list attempts, or review a class", example: "report --class 3B",
        usage: ["report [options]", "report --class NAME [options]"],
        description: """
            Without --class: every attempt saved in the store, newest first.
            With --class: the teacher's review of the class's assignments, students x activities,
            with class averages; --student S shows that student's attempts in detail.
            --html FILE writes the review as one self-contained web page (charts and tables).
            """,
        options: [
            OptionDeclaration("--student", value: "S", "only this student's attempts (with --class: in detail)"),
            OptionDeclaration("--class", value: "NAME", "the teacher's review of this class"),
            OptionDeclaration("--assignment", value: "ID", "with --class: only this assignment"),
            OptionDeclaration("--json", "print JSON instead of a table"),
            OptionDeclaration("--csv", "with --class: print the review as CSV"),
            OptionDeclaration("--html", value: "FILE", "with --class: write the review as a web page", kind: .file),
        ],
        docs: "docs/teacher.md")

    /// How a class's review is written.
    public enum Format: Equatable {
        case grid, json, csv
        case html(file: String)
    }

    /// `--store` and `--games`.
    public var common: CommonOptions
    /// As typed; checked against the store's name rule when the store is open.
    public var student: String?
    /// The class to review, or nil for every saved attempt.
    public var className: String?
    /// With `--class`: only this assignment.
    public var assignment: Int64?
    /// How the review is written.
    public var format: Format

    /// - Throws: ``UsageError`` for positional words, class-only options without `--class`, or two formats.
    public init(_ words: [String]) throws {
        let arguments = try Arguments(words, declared: Self.declaration.options)
        guard arguments.positionals.isEmpty else { throw UsageError("report takes no positional arguments") }
        common = CommonOptions(arguments)
        student = arguments.value("--student")
        className = arguments.value("--class")
        let html = arguments.value("--html")
        let json = arguments.flag("--json")
        let csv = arguments.flag("--csv")
        if className == nil {
            guard arguments.value("--assignment") == nil else { throw UsageError("--assignment goes with --class") }
            guard !csv else { throw UsageError("--csv goes with --class") }
            guard html == nil else { throw UsageError("--html goes with --class") }
        }
        guard [json, csv, html != nil].filter({ $0 }).count <= 1 else {
            throw UsageError("choose one of --json, --csv and --html")
        }
        assignment = try arguments.value("--assignment").map(AssignmentID.parse)
        format = html.map { .html(file: $0) } ?? (json ? .json : csv ? .csv : .grid)
    }
}
