import Classroom
import DeclaredCommands
import Foundation

/// `edujam assign`, parsed once from the options ``AssignCommand/declaration`` declares.
struct AssignOptions {
    var common: CommonOptions
    /// The assignment as Classroom takes it.
    var draft: AssignmentDraft
    var json: Bool

    /// - Throws: ``UsageError`` for a missing class, title or path, or a path that is not one;
    ///   `ClassroomError.invalidDate` for a due date that is not one.
    init(_ words: [String]) throws {
        let arguments = try Arguments(words, declared: AssignCommand.declaration.options)
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
