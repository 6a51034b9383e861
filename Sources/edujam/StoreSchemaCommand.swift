import Foundation
import Tracking

/// `edujam store init|migrate`: the store's schema, on a SQLite file or a PostgreSQL database.
enum StoreSchemaCommand {
    static let usage = """
        usage: edujam store init      create the schema in an empty store (a school's PostgreSQL database)
               edujam store migrate   apply the schema's pending migrations
        The store is --store, else EDUJAM_STORE: a file, or a PostgreSQL URL such as
        postgresql://edujam@db.school.example/edujam or postgresql:///edujam?host=/run/postgresql
        (libpq's PGHOST, PGUSER, PGPASSWORD, PGSSLMODE, ~/.pgpass and service files apply).
        """

    static func run(_ words: [String]) throws -> ExitStatus {
        let options = try StoreOptions(words)
        let address = try StoreLocation.address(options.common)
        let applied: [String]
        do {
            applied = try TrackingStore.migrate(address)
        } catch let error as TrackingError {
            throw StoreError(address, error)
        }
        switch (options.action, applied.isEmpty) {
        case (.initialize, false):
            Output.line("Created the EduJam schema (\(applied.count) migrations, last \(applied.last ?? "")).")
        case (.initialize, true):
            Output.line("Already an EduJam store with an up-to-date schema: nothing to do.")
        case (.migrate, false):
            Output.line("Applied \(applied.count) migration(s): \(applied.joined(separator: ", ")).")
        case (.migrate, true):
            Output.line("The schema is up to date: nothing to apply.")
        }
        return .success
    }
}
