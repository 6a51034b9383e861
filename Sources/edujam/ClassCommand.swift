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
    static func run(_ words: [String]) throws -> ExitStatus {
        let options = try ClassOptions(words)
        let context = try StoreContext(options.common)
        return try context.suggestingNames { try perform(options, context) }
    }

    private static func perform(_ options: ClassOptions, _ context: StoreContext) throws -> ExitStatus {
        switch options.action {
        case .create(let name):
            try context.store.createClass(named: name)
            Output.line("Created class \(name).")
        case .add(let name, let students):
            try context.store.addStudents(students, toClass: name)
            Output.line("Added \(students.count) student(s) to \(name).")
        case .remove(let name, let students):
            try context.store.removeStudents(students, fromClass: name)
            Output.line("Removed \(students.count) student(s) from \(name); their attempts are kept.")
        case .rename(let name, let newName):
            try context.store.renameClass(name, to: newName)
            Output.line("Renamed class \(name) to \(newName).")
        case .list:
            try list(context, json: options.json)
        }
        return .success
    }

    private static func list(_ context: StoreContext, json: Bool) throws {
        let classes = try context.store.classes()
        if json {
            try Output.json(classes)
        } else {
            Output.line(classes.isEmpty ? "No classes yet: edujam class create NAME"
                : classes.map { "\(Terminal.cleanLine($0.name)): "
                    + ($0.students.isEmpty ? "(no students)" : $0.students.map(Terminal.cleanLine).joined(separator: ", ")) }
                    .joined(separator: "\n"))
        }
    }
}
