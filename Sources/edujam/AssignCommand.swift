import Foundation
import Classroom
import Tracking

/// `edujam assign --class NAME [--student S...] --title T [--due DATE] [--instructions TEXT] PATH...`
enum AssignCommand {
    static let usage = """
        usage: edujam assign --class NAME [--student S]... --title T [--due DATE] [--instructions TEXT] [--json] PATH...
        Assigns activities (identifier paths from `edujam catalog`, e.g. MATH-JAM/LEVEL-1) to a class
        or to some of its students. DATE is 2026-12-01 (end of that day) or an ISO 8601 timestamp.
        """
    static let spec = Arguments.Spec(valued: ["--class", "--student", "--title", "--due", "--instructions"], flags: ["--json"])

    static func run(_ words: [String]) throws -> ExitStatus {
        let context = try StoreContext(words, spec: spec)
        return try context.suggestingNames { try assign(context) }
    }

    private static func assign(_ context: StoreContext) throws -> ExitStatus {
        let arguments = context.arguments
        guard let className = arguments.value("--class") else { throw UsageError("assign needs --class NAME") }
        guard let title = arguments.value("--title") else { throw UsageError("assign needs --title T") }
        guard !arguments.positionals.isEmpty else { throw UsageError("assign needs at least one identifier path") }
        let due = try arguments.value("--due").map { try DueDate.parse($0) }
        let students = arguments.all("--student")
        let draft = AssignmentDraft(
            className: className, students: students.isEmpty ? nil : students, title: title, due: due,
            instructions: arguments.value("--instructions"), paths: try arguments.positionals.map(StoreContext.path))
        let id = try context.store.createAssignment(draft)
        if arguments.flag("--json") {
            try Output.json(["id": id])
        } else {
            Output.line("Created assignment \(id): \(title)")
        }
        return .success
    }
}
