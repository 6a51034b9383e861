import DeclaredCommands

/// `edujam verify`, parsed once from the options ``VerifyCommand/declaration`` declares.
struct VerifyOptions {
    var common: CommonOptions
    /// Only this class's students (with `--assignment`: the assignment's class).
    var className: String?
    /// Only the attempts at this assignment's activities, by its assignees.
    var assignment: Int64?
    /// Only this student's attempts (a student login: their own, always).
    var student: String?
    /// Threads that replay.
    var jobs: Int
    /// Print JSON instead of lines.
    var json: Bool

    /// - Throws: ``UsageError`` for positional words or a bad `--jobs` or `--assignment`.
    init(_ words: [String]) throws {
        let arguments = try Arguments(words, declared: VerifyCommand.declaration.options)
        guard arguments.positionals.isEmpty else { throw UsageError("verify takes no positional arguments") }
        common = CommonOptions(arguments)
        className = arguments.value("--class")
        assignment = try arguments.value("--assignment").map(AssignmentID.parse)
        student = arguments.value("--student")
        jobs = try JobsOption.parse(arguments)
        json = arguments.flag("--json")
    }
}
