import DeclaredCommands

/// `edujam report`, parsed once from the options ``ReportCommand/declaration`` declares.
struct ReportOptions {
    /// How a class's review is written.
    enum Format: Equatable {
        case grid, json, csv
        case html(file: String)
    }

    var common: CommonOptions
    /// As typed; checked against the store's name rule when the store is open.
    var student: String?
    /// The class to review, or nil for every saved attempt.
    var className: String?
    var assignment: Int64?
    var format: Format

    /// - Throws: ``UsageError`` for positional words, class-only options without `--class`, or two formats.
    init(_ words: [String]) throws {
        let arguments = try Arguments(words, declared: ReportCommand.declaration.options)
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
