import Runtime

/// `edujam store`, parsed once from the options ``StoreSchemaCommand/declaration`` declares.
struct StoreOptions {
    /// What to do with the store.
    enum Action: Equatable {
        /// Create the schema in an empty database (or file).
        case initialize
        /// Apply the pending migrations.
        case migrate
        /// Copy one store's history into another (files and servers alike).
        case copy(from: String, to: String)
    }

    /// Every action, as declared, for the "did you mean".
    static var actions: [String] { StoreSchemaCommand.declaration.actions.map(\.name) }

    var common: CommonOptions
    var action: Action

    /// - Throws: ``UsageError`` for a missing or unknown action (with a "did you mean") or extra words.
    init(_ words: [String]) throws {
        let arguments = try Arguments(words, declared: StoreSchemaCommand.declaration.options)
        common = CommonOptions(arguments)
        let positionals = arguments.positionals
        guard let first = positionals.first else { throw UsageError("store needs an action: init, migrate or copy") }
        if first == "copy" {
            guard positionals.count == 3 else { throw UsageError("store copy takes two stores: FROM and TO") }
            action = .copy(from: positionals[1], to: positionals[2])
            return
        }
        guard positionals.count == 1 else { throw UsageError("store \(first) takes no other words") }
        switch first {
        case "init": action = .initialize
        case "migrate": action = .migrate
        default:
            throw UsageError("unknown store action '\(first)'\(Suggest.hint(for: first, among: Self.actions))")
        }
    }
}
