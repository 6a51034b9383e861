import Classroom
import DeclaredCommands
import EdujamCommandLine
import Foundation
import Runtime
import School
import Tracking

/// `edujam store init|migrate|copy|prune`: the store's schema, on a SQLite file or a PostgreSQL
/// database, copying a store's history between them, and pruning old attempts and replay records
/// (``StorePrune``).
enum StoreSchemaCommand: Command {
    static let declaration = StoreOptions.declaration

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
