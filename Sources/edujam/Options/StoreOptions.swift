import Classroom
import Foundation
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
        /// Delete the replay records of the attempts started before `day` (`YYYY-MM-DD`, UTC).
        case prune(day: String, before: Date)
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
        guard let first = positionals.first else {
            throw UsageError("store needs an action: init, migrate, copy or prune")
        }
        let inputsBefore = arguments.value("--inputs-before")
        guard first == "prune" || inputsBefore == nil else { throw UsageError("--inputs-before goes with store prune") }
        if first == "copy" {
            guard positionals.count == 3 else { throw UsageError("store copy takes two stores: FROM and TO") }
            action = .copy(from: positionals[1], to: positionals[2])
            return
        }
        guard positionals.count == 1 else { throw UsageError("store \(first) takes no other words") }
        switch first {
        case "init": action = .initialize
        case "migrate": action = .migrate
        case "prune": action = try Self.prune(inputsBefore)
        default:
            throw UsageError("unknown store action '\(first)'\(Suggest.hint(for: first, among: Self.actions))")
        }
    }

    /// `store prune`'s day: a calendar date, its first instant in UTC, so every computer of a
    /// school prunes the same attempts.
    private static func prune(_ text: String?) throws -> Action {
        guard let text else { throw UsageError("store prune needs --inputs-before DATE (YYYY-MM-DD, UTC)") }
        guard let day = DueDate.startOfDay(text, timeZone: .gmt) else {
            throw UsageError("--inputs-before takes a date as YYYY-MM-DD (UTC), not '\(text)'")
        }
        return .prune(day: text, before: day)
    }
}
