import Classroom
import DeclaredCommands
import Foundation
import Runtime

/// `edujam store`, parsed once from the options ``declaration`` declares.
public struct StoreOptions {
    /// `edujam store` as the command line declares it: its synopsis, options, actions and help, which dispatch,
    /// `--help`, the completions, the man page and docs/cli.md are made from.
    public static let declaration = CommandDeclaration(
        "store", summary: "create or migrate the schema, copy a history, prune old attempts or replay records",
        example: "store migrate --store postgresql:///edujam",
        description: """
            The store is --store, else EDUJAM_STORE: a file, or a PostgreSQL URL such as
            postgresql://edujam@db.school.example/edujam or postgresql:///edujam?host=/run/postgresql
            (libpq's PGHOST, PGUSER, PGPASSWORD, PGSSLMODE, ~/.pgpass and service files apply).
            FROM and TO are files or URLs; copying again adds only what TO lacks.
            """,
        options: [attemptsBefore, inputsBefore],
        actions: [
            CommandDeclaration(
                "init", summary: "create the schema in an empty store (a school's PostgreSQL database)",
                example: "store init --store postgresql:///edujam", usage: ["store init"],
                description: "Creates the schema in an empty store."),
            CommandDeclaration(
                "migrate", summary: "apply the schema's pending migrations", example: "store migrate",
                usage: ["store migrate"], description: "Applies the schema's pending migrations."),
            CommandDeclaration(
                "copy", summary: "copy a store's history (attempts, classes, assignments) into another",
                example: "store copy edujam.sqlite postgresql:///edujam", usage: ["store copy FROM TO"],
                description: "Copies a store's history into another.", positional: .fileOrURL),
            CommandDeclaration(
                "prune", summary: "delete old attempts, or their replay records, started before a date (the owner)",
                example: "store prune --attempts-before 2026-09-01",
                usage: ["store prune --attempts-before DATE", "store prune --inputs-before DATE"],
                description: """
                    Deletes the attempts that started before --attempts-before (YYYY-MM-DD, UTC),
                    with their items, progress, replay records and events, and the replay records
                    (inputs) of the attempts that started before --inputs-before, which stay, not
                    verifiable; prints how many of each. Each day is at most tomorrow. The store's
                    owner's command: on a school server, the database owner's login.
                    """, options: [attemptsBefore, inputsBefore]),
        ],
        docs: "docs/cli.md")

    private static let attemptsBefore = OptionDeclaration(
        "--attempts-before", value: "DATE", "store prune: the first day whose attempts are kept")

    private static let inputsBefore = OptionDeclaration(
        "--inputs-before", value: "DATE", "store prune: the first day whose attempts keep their replay records")

    /// What to do with the store.
    public enum Action: Equatable {
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
    public struct PruneDays: Equatable {
        /// Replay records of the attempts started before this day go.
        public var inputsBefore: Day?
        /// Attempts started before this day go, with everything that is theirs.
        public var attemptsBefore: Day?
    }

    /// A day as typed (`YYYY-MM-DD`, UTC), for messages, and its first instant.
    public struct Day: Equatable {
        /// The day as typed.
        public let text: String
        /// Its first instant, in UTC.
        public let start: Date
    }

    /// `store prune`'s options, each a day.
    private static let pruneDays = ["--attempts-before", "--inputs-before"]

    /// Every action, as declared, for the "did you mean".
    static var actions: [String] { declaration.actions.map(\.name) }

    /// `--store` and `--games`.
    public var common: CommonOptions
    /// The action and its words.
    public var action: Action

    /// - Throws: ``UsageError`` for a missing or unknown action (with a "did you mean") or extra words.
    public init(_ words: [String]) throws {
        let arguments = try Arguments(words, declared: Self.declaration.options)
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
