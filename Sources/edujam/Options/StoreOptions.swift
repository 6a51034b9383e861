import Classroom
import DeclaredCommands
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
        /// Delete the replay records of old attempts, or old attempts, or both.
        case prune(PruneDays)
    }

    /// What `store prune` removes. At least one day is set.
    struct PruneDays: Equatable {
        /// Replay records of the attempts started before this day go.
        var inputsBefore: Day?
        /// Attempts started before this day go, with everything that is theirs.
        var attemptsBefore: Day?
    }

    /// A day as typed (`YYYY-MM-DD`, UTC), for messages, and its first instant.
    struct Day: Equatable {
        let text: String
        let start: Date
    }

    /// `store prune`'s options, each a day.
    private static let pruneDays = ["--attempts-before", "--inputs-before"]

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
        if first != "prune", let option = Self.pruneDays.first(where: { arguments.value($0) != nil }) {
            throw UsageError("\(option) goes with store prune")
        }
        if first == "copy" {
            guard positionals.count == 3 else { throw UsageError("store copy takes two stores: FROM and TO") }
            action = .copy(from: positionals[1], to: positionals[2])
            return
        }
        guard positionals.count == 1 else { throw UsageError("store \(first) takes no other words") }
        switch first {
        case "init": action = .initialize
        case "migrate": action = .migrate
        case "prune": action = try Self.prune(arguments, now: Date())
        default:
            throw UsageError("unknown store action '\(first)'\(Suggest.hint(for: first, among: Self.actions))")
        }
    }

    /// `store prune`'s days: calendar dates, each its first instant in UTC, so every computer of a
    /// school prunes the same attempts. Either goes only before a day up to tomorrow: a year typed
    /// wrong (2027 for 2026) would otherwise remove every attempt or every replay record, today's
    /// too, with no way back.
    private static func prune(_ arguments: Arguments, now: Date) throws -> Action {
        let days = PruneDays(
            inputsBefore: try day(arguments, "--inputs-before"), attemptsBefore: try day(arguments, "--attempts-before")
        )
        guard days.inputsBefore != nil || days.attemptsBefore != nil else {
            throw UsageError("store prune needs --attempts-before DATE or --inputs-before DATE (YYYY-MM-DD, UTC)")
        }
        for (option, day, removed) in [
            ("--attempts-before", days.attemptsBefore, "every attempt"),
            ("--inputs-before", days.inputsBefore, "every replay record"),
        ] {
            if let day, day.start.timeIntervalSince(now) > 86_400 {
                throw UsageError(
                    "\(option) \(day.text) is after tomorrow (UTC): it would remove \(removed), today's too; "
                        + "give a day up to tomorrow")
            }
        }
        return .prune(days)
    }

    private static func day(_ arguments: Arguments, _ option: String) throws -> Day? {
        guard let text = arguments.value(option) else { return nil }
        guard let start = DueDate.startOfDay(text, timeZone: .gmt) else {
            throw UsageError("\(option) takes a date as YYYY-MM-DD (UTC), not '\(text)'")
        }
        return Day(text: text, start: start)
    }
}
