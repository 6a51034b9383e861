import Foundation
import Runtime
import Tracking

/// `edujam class create NAME`, `edujam class add NAME STUDENT...`, `edujam class list`.
enum ClassCommand {
    static let usage = """
        usage: edujam class create NAME
               edujam class add NAME STUDENT...
               edujam class list [--json]
               edujam class import --oneroster DIR
        Creates classes, adds students to them, lists them (with their teachers), imports them
        from a school's OneRoster 1.1 CSV export, all or nothing (docs/interop.md).
        """

    static func run(_ words: [String]) throws -> ExitStatus {
        if words.first == "import" { return try ClassImportCommand.run(Array(words.dropFirst())) }
        let context = try StoreContext(words, spec: Arguments.Spec(flags: ["--json"]))
        let words = context.arguments.positionals
        switch words.first {
        case "create":
            guard words.count == 2 else { throw UsageError("class create takes one class name") }
            try context.store.createClass(named: words[1])
            Output.line("Created class \(words[1]).")
        case "add":
            guard words.count >= 3 else { throw UsageError("class add takes a class name and one or more students") }
            try context.store.addStudents(Array(words.dropFirst(2)), toClass: words[1])
            Output.line("Added \(words.count - 2) student(s) to \(words[1]).")
        case "list":
            let rosters = try context.store.classRosters()
            let classes = try context.store.classes().map { ClassListing(schoolClass: $0, roster: rosters[$0.name]) }
            if context.arguments.flag("--json") {
                try Output.json(classes)
            } else {
                Output.line(classes.isEmpty ? "No classes yet: edujam class create NAME" : classes.map(\.line).joined(separator: "\n"))
            }
        case let other?:
            throw UsageError("unknown class action '\(other)'\(Suggest.hint(for: other, among: ["create", "add", "list", "import"]))")
        case nil:
            throw UsageError("class needs an action: create, add, list or import")
        }
        return .success
    }
}
