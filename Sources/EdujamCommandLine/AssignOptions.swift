import Classroom
import DeclaredCommands
import Foundation

/// `edujam assign`, parsed once from the options ``declaration`` declares.
public struct AssignOptions {
    /// `edujam assign` as the command line declares it: its synopsis, options and help, which dispatch, `--help`, the
    /// completions, the man page and docs/cli.md are made from.
    public static let declaration = CommandDeclaration(
        "assign", summary: "assign activities to a class", example: "assign --class 3B --title Sums MATH-JAM/LEVEL-1",
        usage: ["assign --class NAME --title T [options] PATH..."],
        description: """
            Assigns activities (identifier paths from `edujam catalog`, e.g. MATH-JAM/LEVEL-1) to a class
            or to some of its students. DATE is 2026-12-01 (end of that day) or an ISO 8601 timestamp.
            """,
        options: [
            OptionDeclaration("--class", value: "NAME", "the class"),
            OptionDeclaration("--student", value: "S", "only these students of it", repeatable: true),
            OptionDeclaration("--title", value: "T", "the assignment's title"),
            OptionDeclaration("--due", value: "DATE", "when it is due"),
            OptionDeclaration("--instructions", value: "TEXT", "what the students read with it"),
            OptionDeclaration("--json", "print the assignment as JSON"),
        ],
        positional: .text, docs: "docs/teacher.md")

    /// `--store` and `--games`.
    public var common: CommonOptions
    /// The assignment as Classroom takes it.
    public var draft: AssignmentDraft
    /// `--json`: print JSON instead of lines.
    public var json: Bool

    /// - Throws: ``UsageError`` for a missing class, title or path, or a path that is not one;
    ///   `ClassroomError.invalidDate` for a due date that is not one.
    public init(_ words: [String]) throws {
        let arguments = try Arguments(words, declared: Self.declaration.options)
        guard let className = arguments.value("--class") else { throw UsageError("assign needs --class NAME") }
        guard let title = arguments.value("--title") else { throw UsageError("assign needs --title T") }
        guard !arguments.positionals.isEmpty else { throw UsageError("assign needs at least one identifier path") }
        let due = try arguments.value("--due").map { try DueDate.parse($0) }
        let students = arguments.all("--student")
        common = CommonOptions(arguments)
        draft = AssignmentDraft(
            className: className, students: students.isEmpty ? nil : students, title: title, due: due,
            instructions: arguments.value("--instructions"), paths: try arguments.positionals.map(IdentifierPath.parse))
        json = arguments.flag("--json")
    }
}
