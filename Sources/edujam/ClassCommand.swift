import Foundation
import Classroom
import Runtime
import Tracking

/// `edujam class create|add|remove|rename|list`: the class rosters.
enum ClassCommand {
    static let usage = """
        usage: edujam class create NAME
               edujam class add NAME STUDENT...
               edujam class remove NAME STUDENT...
               edujam class rename NAME NEW-NAME
               edujam class list [--json]
        Creates classes, adds students to them and takes them off again (their attempts are kept),
        renames a class, lists them. Names: up to \(NameRule.maxLength) characters, no control or
        invisible characters.
        """
    static let actions = ["create", "add", "remove", "rename", "list"]

    static func run(_ words: [String]) throws -> ExitStatus {
        let context = try StoreContext(words, spec: Arguments.Spec(flags: ["--json"]))
        return try context.suggestingNames { try perform(context.arguments.positionals, context) }
    }

    private static func perform(_ words: [String], _ context: StoreContext) throws -> ExitStatus {
        switch words.first {
        case "create":
            guard words.count == 2 else { throw UsageError("class create takes one class name") }
            try context.store.createClass(named: words[1])
            Output.line("Created class \(words[1]).")
        case "add":
            guard words.count >= 3 else { throw UsageError("class add takes a class name and one or more students") }
            try context.store.addStudents(Array(words.dropFirst(2)), toClass: words[1])
            Output.line("Added \(words.count - 2) student(s) to \(words[1]).")
        case "remove":
            guard words.count >= 3 else { throw UsageError("class remove takes a class name and one or more students") }
            try context.store.removeStudents(Array(words.dropFirst(2)), fromClass: words[1])
            Output.line("Removed \(words.count - 2) student(s) from \(words[1]); their attempts are kept.")
        case "rename":
            guard words.count == 3 else { throw UsageError("class rename takes the class name and its new name") }
            try context.store.renameClass(words[1], to: words[2])
            Output.line("Renamed class \(words[1]) to \(words[2]).")
        case "list":
            try list(context)
        case let other?:
            throw UsageError("unknown class action '\(other)'\(Suggest.hint(for: other, among: actions))")
        case nil:
            throw UsageError("class needs an action: \(actions.joined(separator: ", "))")
        }
        return .success
    }

    private static func list(_ context: StoreContext) throws {
        let classes = try context.store.classes()
        if context.arguments.flag("--json") {
            try Output.json(classes)
        } else {
            Output.line(classes.isEmpty ? "No classes yet: edujam class create NAME"
                : classes.map { "\(Terminal.cleanLine($0.name)): "
                    + ($0.students.isEmpty ? "(no students)" : $0.students.map(Terminal.cleanLine).joined(separator: ", ")) }
                    .joined(separator: "\n"))
        }
    }
}
