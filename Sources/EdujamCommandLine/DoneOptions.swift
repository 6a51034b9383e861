import DeclaredCommands

/// `edujam done`, parsed once from the options ``declaration`` declares.
public struct DoneOptions {
    /// `edujam done` as the command line declares it: its synopsis, options and help, which dispatch, `--help`, the
    /// completions, the man page and docs/cli.md are made from.
    public static let declaration = CommandDeclaration(
        "done", summary: "mark work done", example: "done 1 --student ana",
        usage: [
            "done ASSIGNMENT --student S [PATH...]   the student marks their activities done (all, or those given)",
            "done ASSIGNMENT --all-students          the teacher marks the whole assignment complete",
        ],
        description: "On a PostgreSQL store a student marks their own work: edujam done ASSIGNMENT [PATH...].",
        options: [
            OptionDeclaration("--student", value: "S", "the student whose work is done"),
            OptionDeclaration("--all-students", "the whole assignment, for everyone (a teacher)"),
        ],
        positional: .text, docs: "docs/student.md")

    /// Whose work is marked done.
    public enum Marker: Equatable {
        /// One student marks some activities (nil: all of them). The student is nil when not typed:
        /// on a PostgreSQL store a student's login says who (``Identity``); a SQLite store refuses it.
        case student(String?, paths: [[String]]?)
        /// The teacher completes the assignment for everyone.
        case allStudents
    }

    /// `--store` and `--games`.
    public var common: CommonOptions
    /// The assignment's id.
    public var assignment: Int64
    /// Whose work, and which of its activities.
    public var marker: Marker

    /// The usage error when a SQLite store needs `--student` and it is missing.
    public static let needsStudent =
        "done needs --student S (your work) or --all-students (the teacher completes it for everyone)"

    /// - Throws: ``UsageError`` for a missing or bad assignment id, both `--student` and
    ///   `--all-students`, or paths with `--all-students`.
    public init(_ words: [String]) throws {
        let arguments = try Arguments(words, declared: Self.declaration.options)
        common = CommonOptions(arguments)
        let positionals = arguments.positionals
        guard let first = positionals.first else { throw UsageError("done needs an assignment id") }
        assignment = try AssignmentID.parse(first)
        switch (arguments.value("--student"), arguments.flag("--all-students")) {
        case (let student?, false):
            let paths = try positionals.dropFirst().map(IdentifierPath.parse)
            marker = .student(student, paths: paths.isEmpty ? nil : paths)
        case (nil, true):
            guard positionals.count == 1 else {
                throw UsageError("--all-students completes the whole assignment: give no paths")
            }
            marker = .allStudents
        case (_?, true):
            throw UsageError("give --student S or --all-students, not both")
        case (nil, false):
            // Completing everyone's work must be asked for by name: a student who forgets
            // --student must not mark the whole class done. Without either, the work is the
            // login's own on PostgreSQL; SQLite refuses it (the executable's `DoneCommand`).
            let paths = try positionals.dropFirst().map(IdentifierPath.parse)
            marker = .student(nil, paths: paths.isEmpty ? nil : paths)
        }
    }
}
