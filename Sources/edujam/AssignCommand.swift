import Classroom
import DeclaredCommands
import EdujamCommandLine
import Foundation
import Tracking

/// `edujam assign`: assigns activities to a class or some of its students (its options and synopsis: ``declaration``).
enum AssignCommand: Command {
    static let declaration = AssignOptions.declaration

    static func run(_ words: [String]) throws -> ExitStatus {
        let options = try AssignOptions(words)
        let context = try StoreContext(options.common)
        try Identity.requireTeacher("assign", identity: try context.store.identity())
        return try context.suggestingNames {
            let id = try context.store.createAssignment(options.draft)
            if options.json {
                try Output.json(["id": id])
            } else {
                Output.line("Created assignment \(id): \(options.draft.title)")
            }
            warnIfPastDue(options.draft.due, id: id)
            return .success
        }
    }

    /// A due date already past is taken (a teacher may record last week's work), but said: a year
    /// typed wrong (`2062` for `2026`, `1926`) would otherwise show only as every student's LATE.
    private static func warnIfPastDue(_ due: Date?, id: Int64) {
        guard let due, due < Date() else { return }
        let day = ISO8601.string(fromEpoch: due.timeIntervalSince1970).prefix(10)
        Output.error(
            "warning: assignment \(id) was due \(day) (UTC), which has passed: it is late for every student from the start"
        )
    }
}
