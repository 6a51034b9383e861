import Classroom
import DeclaredCommands
import Foundation
import Runtime
import School
import Tracking

/// `edujam store init|migrate|copy|prune`: the store's schema, on a SQLite file or a PostgreSQL
/// database, copying a store's history between them, and pruning old attempts and replay records
/// (``StorePrune``).
enum StoreSchemaCommand: Command {
    static let declaration = CommandDeclaration(
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

    static func run(_ words: [String]) throws -> ExitStatus {
        let options = try StoreOptions(words)
        if case .copy(let from, let to) = options.action {
            return try copy(from: StoreAddress(from), to: StoreAddress(to))
        }
        if case .prune(let days) = options.action {
            return try StorePrune.run(options.common, days: days)
        }
        let command = options.action == .initialize ? "store init" : "store migrate"
        let migrated = try StoreLocation(options.common).migrate(asking: command)
        let (applied, root) = (migrated.applied, migrated.root)
        switch (options.action, applied.isEmpty) {
        case (.initialize, false):
            Output.line("Created the EduJam schema (\(applied.count) migrations, last \(applied.last ?? "")).")
        case (.initialize, true) where migrated.wasUnclaimed:
            // An earlier init made the schema and stopped for want of a games folder.
            Output.line("The schema was up to date; the store is now claimed for the collection \(root).")
        case (.initialize, true):
            Output.line("Already an EduJam store with an up-to-date schema: nothing to do.")
        case (.migrate, false):
            Output.line("Applied \(applied.count) migration(s): \(applied.joined(separator: ", ")).")
        case (.migrate, true):
            Output.line("The schema is up to date: nothing to apply.")
        case (.copy, _), (.prune, _):
            break
        }
        return .success
    }

    private static func copy(from: StoreAddress, to: StoreAddress) throws -> ExitStatus {
        let report = try StoreLocation.copy(from: from, to: to)
        for row in report.skipped { Output.error("edujam store copy: " + Terminal.cleanLine(row.skippedDescription)) }
        let changed = report.added.filter { $0.rows > 0 }
        if changed.isEmpty && report.keptOut.isEmpty {
            Output.line("Nothing to copy: the destination already holds everything.")
        } else if !changed.isEmpty {
            Output.line("Copied " + changed.map { "\($0.rows) \($0.table)" }.joined(separator: ", ") + ".")
        }
        if !report.keptOut.isEmpty {
            let attempts = report.endedAttempts == 1 ? "1 attempt" : "\(report.endedAttempts) attempts"
            Output.line(
                "Not copied: " + report.keptOut.map { "\($0.rows) \($0.table)" }.joined(separator: ", ")
                    + " of \(attempts) the destination holds ended (an ended attempt is kept whole).")
        }
        return report.skipped.isEmpty ? .success : .failure
    }
}
