import Classroom
import Foundation
import Tracking

/// `edujam assign`: assigns activities to a class or some of its students (its options and synopsis: ``declaration``).
enum AssignCommand: Command {
    static let declaration = CommandDeclaration(
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
        positional: .text, docs: "docs/classroom.md")

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
