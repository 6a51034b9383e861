import Classroom
import DeclaredCommands
import EdujamCommandLine
import Foundation
import ReportText
import Runtime
import Tracking

/// `edujam class create|add|remove|rename|give|login|list|import`: the class rosters.
enum ClassCommand: Command {
    static let declaration = ClassOptions.declaration

    static func run(_ words: [String]) throws -> ExitStatus {
        if words.first == ClassImportCommand.declaration.name {
            return try ClassImportCommand.run(Array(words.dropFirst()))
        }
        let options = try ClassOptions(words)
        let context = try StoreContext(options.common)
        try Identity.requireTeacher("class \(words.first ?? "")", identity: try context.store.identity())
        return try context.suggestingNames { try perform(options, context) }
    }

    private static func perform(_ options: ClassOptions, _ context: StoreContext) throws -> ExitStatus {
        switch options.action {
        case .create(let name):
            try context.store.createClass(named: name)
            Output.line("Created class \(name).")
        case .add(let name, let students):
            let added = try context.store.addStudents(
                students, toClass: name, login: options.login, createLogins: options.createLogins)
            Output.line(addedLine(students, to: name, alreadyThere: added.alreadyThere))
            if !added.loginsCreated.isEmpty {
                Output.line(
                    "Created the student login(s) \(added.loginsCreated.joined(separator: ", ")), without a password.")
            }
            try warnWithoutLogin(added.withoutLogin, inClass: name, context)
        case .remove(let name, let students):
            try context.store.removeStudents(students, fromClass: name)
            Output.line("Removed \(students.count) student(s) from \(name); their attempts are kept.")
        case .rename(let name, let newName):
            try context.store.renameClass(name, to: newName)
            Output.line("Renamed class \(name) to \(newName).")
        case .give(let name, let login):
            let moved = try context.store.giveClass(name, to: login)
            Output.line(
                moved
                    ? "Gave \(name) to \(login), with its roster and assignments: only \(login) sees it now."
                    : "\(name) already belongs to \(login).")
        case .login(let student, let login):
            let created = try context.store.changeLogin(
                ofStudent: student, to: login, createLogin: options.createLogins)
            Output.line(
                "\(Terminal.cleanLine(student)) now signs in as \(login)"
                    + (created ? " (a new login, without a password)." : "."))
        case .list:
            try list(context, json: options.json)
        }
        return .success
    }

    /// "Added 2 student(s) to 3B.", saying who was on the roster already rather than counting them:
    /// "Added 1 student(s) to 3B; already in 3B: ana, bo." or "Already in 3B: ana, bo; nothing added."
    static func addedLine(_ students: [String], to name: String, alreadyThere: [String]) -> String {
        let newcomers = Set(students).subtracting(alreadyThere).count
        let shown = Terminal.cleanLine(name)
        guard !alreadyThere.isEmpty else { return "Added \(newcomers) student(s) to \(shown)." }
        let there = alreadyThere.map(Terminal.cleanLine).joined(separator: ", ")
        return newcomers == 0
            ? "Already in \(shown): \(there); nothing added."
            : "Added \(newcomers) student(s) to \(shown); already in \(shown): \(there)."
    }

    /// A student added whose login the server lacks cannot sign in: said on stderr, with the
    /// nearest name on the rosters (`Ana` typed for `ana`) and how to take the name off again.
    private static func warnWithoutLogin(_ students: [String], inClass name: String, _ context: StoreContext) throws {
        guard !students.isEmpty else { return }
        let known = Set(try context.store.classes().flatMap(\.students)).subtracting(students)
        for student in students {
            let nearest = Suggest.closest(to: student, among: known.sorted()).map {
                " Did you mean '\($0)'? Then take this name off: edujam class remove "
                    + "\(ShellWord.quoted(name)) \(ShellWord.quoted(student))"
            }
            Output.error(
                "warning: the student \(student) has no login yet, so cannot sign in: add again with --create-logins, "
                    + "or the store's owner creates it.\(nearest ?? "")")
        }
    }

    private static func list(_ context: StoreContext, json: Bool) throws {
        let rosters = try context.store.classRosters()
        let classes = try context.store.classes().map { ClassListing(schoolClass: $0, roster: rosters[$0.name]) }
        if json {
            try Output.json(classes)
        } else {
            Output.line(
                classes.isEmpty
                    ? "No classes yet: edujam class create NAME" : classes.map(\.line).joined(separator: "\n"))
        }
    }
}
