import Foundation
import Classroom
import Runtime
import Tracking

/// `edujam inbox --student S [--json]`: a student's assignments and their status.
enum InboxCommand {
    static let usage = """
        usage: edujam inbox --student S [--json]
        Lists the student's assignments, each activity with its status and due date; late ones are flagged.
        Play one with `edujam play --student S PATH`.
        """

    static func run(_ words: [String]) throws -> ExitStatus {
        let context = try StoreContext(words, spec: Arguments.Spec(valued: ["--student"], flags: ["--json"]))
        return try context.suggestingNames { try show(context) }
    }

    private static func show(_ context: StoreContext) throws -> ExitStatus {
        guard let student = try context.student() else { throw UsageError("inbox needs --student S") }
        let entries = try context.store.inbox(student: student)
        if context.arguments.flag("--json") {
            try Output.json(entries)
            return .success
        }
        guard !entries.isEmpty else {
            Output.line("No assignments for \(student).")
            return .success
        }
        for entry in entries {
            let due = entry.due.map { " (due \($0.prefix(10)))" } ?? ""
            Output.line("[\(entry.assignmentId)] \(Terminal.cleanLine(entry.title))\(due)\(entry.late ? "  LATE" : "")\(entry.complete ? "  complete" : "")")
            if let instructions = entry.instructions { Output.line("    \(instructions)") }
            for activity in entry.activities {
                let path = Terminal.cleanLine(Grid.path(activity.identifierPath))
                Output.line("    \(Terminal.pad(Grid.status(activity.status), toWidth: 12)) \(path)  \(Terminal.cleanLine(activity.title))")
            }
        }
        return .success
    }
}
