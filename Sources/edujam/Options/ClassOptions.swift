import Runtime

/// `edujam class create|add|remove|rename|list ...`, parsed once.
struct ClassOptions {
    /// What to do, with its words.
    enum Action: Equatable {
        case create(String)
        case add(String, students: [String])
        case remove(String, students: [String])
        case rename(String, to: String)
        case list
    }

    /// Every action, for the "did you mean"; `import` has options of its own (``ClassImportCommand``).
    static let actions = ["create", "add", "remove", "rename", "list", "import"]

    var common: CommonOptions
    var action: Action
    var json: Bool

    /// - Throws: ``UsageError`` for a missing or unknown action (with a "did you mean") or the wrong number of names.
    init(_ words: [String]) throws {
        let arguments = try Arguments(words, spec: Arguments.Spec(flags: ["--json"]))
        common = CommonOptions(arguments)
        json = arguments.flag("--json")
        action = try Self.action(arguments.positionals)
    }

    private static func action(_ words: [String]) throws -> Action {
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
        case "list":
            return .list
        case let other?:
            throw UsageError("unknown class action '\(other)'\(Suggest.hint(for: other, among: actions))")
        case nil:
            throw UsageError("class needs an action: \(actions.joined(separator: ", "))")
        }
    }
}
