import Classroom
import Foundation
import Tracking

/// `edujam assign --class NAME [--student S...] --title T [--due DATE] [--instructions TEXT] PATH...`
enum AssignCommand {
    static let usage = """
        usage: edujam assign --class NAME [--student S]... --title T [--due DATE] [--instructions TEXT] [--json] PATH...
        Assigns activities (identifier paths from `edujam catalog`, e.g. MATH-JAM/LEVEL-1) to a class
        or to some of its students. DATE is 2026-12-01 (end of that day) or an ISO 8601 timestamp.
        """
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
            return .success
        }
    }
}
