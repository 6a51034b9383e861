import Classroom
import DeclaredCommands
import Runtime

/// `edujam class`, parsed once from the options ``declaration`` declares.
public struct ClassOptions {
    /// `edujam class` as the command line declares it: its synopsis, options, actions and help, which dispatch,
    /// `--help`, the completions, the man page and docs/cli.md are made from.
    public static let declaration = CommandDeclaration(
        "class", summary: "create classes, add students", example: "class create 3B",
        description: """
            Creates classes, adds students to them and takes them off again (their attempts are kept),
            renames a class, lists them (with their teachers), imports them from a school's OneRoster
            1.1 CSV export (a student it cannot take left out and named, docs/interop.md). Names: up to \(NameRule.maxLength)
            characters, no control or invisible characters. On a PostgreSQL store a student's login
            is their name unless --login gives it; --create-logins creates the missing ones (for an
            import, the teachers' too); an imported class belongs to the teacher the export names;
            give hands a class, with its roster and assignments, to another teacher; login changes
            the login a student signs in with (the store's owner only: their attempts go with it)
            (docs/school-server.md, "Running a school server").
            """,
        options: [login, to, json, createLogins],
        actions: [
            action("create", "create a class", example: "class create 3B", usage: ["class create NAME"], options: []),
            action(
                "add", "add students to a class", example: "class add 3B ana bo",
                usage: [
                    "class add NAME STUDENT... [--create-logins]",
                    "class add NAME STUDENT --login LOGIN [--create-logins]",
                ],
                options: [login, createLogins]),
            action(
                "remove", "take students off a class (their attempts are kept)", example: "class remove 3B bo",
                usage: ["class remove NAME STUDENT..."], options: []),
            action(
                "rename", "rename a class", example: "class rename 3B 4B", usage: ["class rename NAME NEW-NAME"],
                options: []),
            action(
                "give", "hand a class to another teacher", example: "class give 3B --to jsmith",
                usage: ["class give NAME --to LOGIN"], options: [to]),
            action(
                "login", "change the login a student signs in with", example: "class login ana --to ana.lima",
                usage: ["class login STUDENT --to LOGIN [--create-logins]"], options: [to, createLogins]),
            action(
                "list", "list the classes, with their teachers", example: "class list", usage: ["class list [--json]"],
                options: [json]),
            ClassImportOptions.declaration,
        ],
        docs: "docs/teacher.md")

    private static let login = OptionDeclaration(
        "--login", value: "LOGIN", "class add, one student: their login, when it is not their name")

    private static let to = OptionDeclaration(
        "--to", value: "LOGIN", "class give: the new teacher; class login: the new login")

    private static let json = OptionDeclaration("--json", "class list: print JSON")

    private static let createLogins = OptionDeclaration(
        "--create-logins", "create the missing logins (a PostgreSQL store)")

    /// An action of `class` that ``ClassOptions`` parses, taking some of `class`'s options.
    private static func action(
        _ name: String, _ summary: String, example: String, usage: [String], options: [OptionDeclaration]
    ) -> CommandDeclaration {
        CommandDeclaration(
            name, summary: summary, example: example, usage: usage, description: summary + ".", options: options,
            positional: .text)
    }

    /// What to do, with its words.
    public enum Action: Equatable {
        case create(String)
        case add(String, students: [String])
        case remove(String, students: [String])
        case rename(String, to: String)
        case give(String, to: String)
        case login(String, to: String)
        case list
    }

    /// Every action, as declared, for the "did you mean"; `import` has options of its own
    /// (``ClassImportOptions``).
    static var actions: [String] { declaration.actions.map(\.name) }

    /// `--store` and `--games`.
    public var common: CommonOptions
    /// The action and its words.
    public var action: Action
    /// `--json`: print JSON instead of lines.
    public var json: Bool
    /// `class add NAME STUDENT --login LOGIN`: the student's login, when it is not their name.
    public var login: String?
    /// `class add ... --create-logins`: create the students' missing logins.
    public var createLogins: Bool

    /// - Throws: ``UsageError`` for a missing or unknown action (with a "did you mean"), the wrong
    ///   number of names, `--login` (with more than one student) or `--create-logins` outside `class
    ///   add`, `give` without `--to` or `--to` outside it.
    public init(_ words: [String]) throws {
        let arguments = try Arguments(words, declared: Self.declaration.options)
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
