import Foundation
import Runtime
import Tracking

/// `edujam class create NAME`, `edujam class add NAME STUDENT...`, `edujam class list`.
enum ClassCommand {
    static let usage = """
        usage: edujam class create NAME
               edujam class add NAME STUDENT...
               edujam class list [--json]
        Creates classes, adds students to them, lists them.
        """

    static func run(_ words: [String]) throws -> ExitStatus {
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
            let classes = try context.store.classes()
            if context.arguments.flag("--json") {
                try Output.json(classes)
            } else {
                Output.line(classes.isEmpty ? "No classes yet: edujam class create NAME"
                    : classes.map { "\(Terminal.cleanLine($0.name)): "
                        + ($0.students.isEmpty ? "(no students)" : $0.students.map(Terminal.cleanLine).joined(separator: ", ")) }
                        .joined(separator: "\n"))
            }
        case let other?:
            throw UsageError("unknown class action '\(other)'\(Suggest.hint(for: other, among: ["create", "add", "list"]))")
        case nil:
            throw UsageError("class needs an action: create, add or list")
        }
        return .success
    }
}
