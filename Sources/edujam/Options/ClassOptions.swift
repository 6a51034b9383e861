import DeclaredCommands
import Runtime

/// `edujam class`, parsed once from the options ``ClassCommand/declaration`` declares.
struct ClassOptions {
    /// What to do, with its words.
    enum Action: Equatable {
        case create(String)
        case add(String, students: [String])
        case remove(String, students: [String])
        case rename(String, to: String)
        case give(String, to: String)
        case login(String, to: String)
        case list
    }

    /// Every action, as declared, for the "did you mean"; `import` has options of its own
    /// (``ClassImportCommand``).
    static var actions: [String] { ClassCommand.declaration.actions.map(\.name) }

    var common: CommonOptions
    var action: Action
    var json: Bool
    /// `class add NAME STUDENT --login LOGIN`: the student's login, when it is not their name.
    var login: String?
    /// `class add ... --create-logins`: create the students' missing logins.
    var createLogins: Bool

    /// - Throws: ``UsageError`` for a missing or unknown action (with a "did you mean"), the wrong
    ///   number of names, `--login` (with more than one student) or `--create-logins` outside `class
    ///   add`, `give` without `--to` or `--to` outside it.
    init(_ words: [String]) throws {
        let arguments = try Arguments(words, declared: ClassCommand.declaration.options)
        common = CommonOptions(arguments)
        json = arguments.flag("--json")
        login = arguments.value("--login")
        createLogins = arguments.flag("--create-logins")
        action = try Self.action(arguments.positionals, to: arguments.value("--to"))
        guard login != nil || createLogins else { return }
        if case .login = action, login == nil { return }
        guard case .add(_, let students) = action else {
            throw UsageError("--login goes with class add, --create-logins with class add and class login")
        }
        if login != nil && students.count != 1 {
            throw UsageError("--login names one student's login: add one student at a time with it")
        }
    }

    private static func action(_ words: [String], to login: String?) throws -> Action {
        guard login == nil || ["give", "login"].contains(words.first) else {
            throw UsageError("--to goes with class give and class login")
        }
        switch words.first {
        case "create":
            guard words.count == 2 else { throw UsageError("class create takes one class name") }
            return .create(words[1])
        case "add":
            guard words.count >= 3 else { throw UsageError("class add takes a class name and one or more students") }
            return .add(words[1], students: Array(words.dropFirst(2)))
        case "remove":
            guard words.count >= 3 else { throw UsageError("class remove takes a class name and one or more students") }
            return .remove(words[1], students: Array(words.dropFirst(2)))
        case "rename":
            guard words.count == 3 else { throw UsageError("class rename takes the class name and its new name") }
            return .rename(words[1], to: words[2])
        case "give":
            guard words.count == 2 else {
                throw UsageError("class give takes one class name: class give CLASS --to LOGIN")
            }
            guard let login, !login.isEmpty else {
                throw UsageError("say who gets the class: class give \(words[1]) --to LOGIN")
            }
            return .give(words[1], to: login)
        case "login":
            guard words.count == 2 else {
                throw UsageError("class login takes one student name: class login NAME --to LOGIN")
            }
            guard let login, !login.isEmpty else {
                throw UsageError("say the student's new login: class login \(words[1]) --to LOGIN")
            }
            return .login(words[1], to: login)
        case "list":
            return .list
        case let other?:
            throw UsageError("unknown class action '\(other)'\(Suggest.hint(for: other, among: actions))")
        case nil:
            throw UsageError("class needs an action: \(actions.joined(separator: ", "))")
        }
    }
}
