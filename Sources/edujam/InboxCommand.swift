import Classroom
import Foundation
import Runtime
import Tracking

/// `edujam inbox --student S [--json]`: a student's assignments and their status.
enum InboxCommand {
    static let usage = """
        usage: edujam inbox --student S [--json]
        Lists the student's assignments, each activity with its status and due date; late ones are flagged.
        Play one with `edujam play --student S PATH`. On a PostgreSQL store the student is your
        login: `edujam inbox` (only a teacher may name one with --student).
        """

    static func run(_ words: [String]) throws -> ExitStatus {
        let options = try InboxOptions(words)
        let context = try StoreContext(options.common)
        defer { Output.unreadable(context.store.unreadableRows) }
        return try context.suggestingNames { try show(options, context) }
    }

    private static func show(_ options: InboxOptions, _ context: StoreContext) throws -> ExitStatus {
        let student = try Identity.student(
            typed: options.student, identity: try context.store.identity(), usage: InboxOptions.needsStudent)
        try context.store.checkStudentName(student)  // at the door
        let entries = try context.store.inbox(student: student)
        if options.json {
            try Output.json(entries)
            return .success
        }
        guard !entries.isEmpty else {
            Output.line("No assignments for \(student).")
            return .success
        }
        for entry in entries {
            let due = entry.due.map { " (due \($0.prefix(10)))" } ?? ""
            Output.line(
                "[\(entry.assignmentId)] \(Terminal.cleanLine(entry.title))\(due)\(entry.late ? "  LATE" : "")\(entry.complete ? "  complete" : "")"
            )
            if let instructions = entry.instructions { Output.line("    \(instructions)") }
            for activity in entry.activities {
                let path = Terminal.cleanLine(Grid.path(activity.identifierPath))
                Output.line(
                    "    \(Terminal.pad(Grid.status(activity.status), toWidth: 12)) \(path)  \(Terminal.cleanLine(activity.title))"
                )
            }
        }
        return .success
    }
}
