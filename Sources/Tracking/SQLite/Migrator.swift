/// Applies ``Migrations/all`` in order, each once, recording every name it applies.
enum Migrator {
    /// Brings the schema of `connection` up to date.
    ///
    /// Runs in one `IMMEDIATE` transaction, so two processes opening a new store at once do not
    /// both create the tables. Foreign keys are off meanwhile, as SQLite's way to rebuild a table
    /// asks (``RowCheckMigration``): dropping a parent table must not cascade into its children.
    /// - Parameters:
    ///   - connection: The open connection.
    ///   - migrations: The ordered list; defaults to ``Migrations/all``.
    /// - Returns: The names applied by this call.
    /// - Throws: ``TrackingError/unknownMigration(_:)`` if the store was written by a newer
    ///   schema, or a SQLite error.
    @discardableResult
    static func migrate(_ connection: Connection, migrations: [Migration] = Migrations.all) throws -> [String] {
        try connection.execute("PRAGMA foreign_keys = OFF")  // a no-op inside a transaction: checked below
        defer { try? connection.execute("PRAGMA foreign_keys = ON; PRAGMA ignore_check_constraints = OFF") }
        // Misuse, not bad input: only a caller inside its own transaction keeps them on.
        let keysAreOn = try foreignKeysAreOn(connection)
        precondition(!keysAreOn, "migrations run outside any transaction")
        return try connection.transaction {
            try requireEduJamStore(connection)
            try connection.execute(
                "CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, position INTEGER NOT NULL)")
            let applied = try appliedNames(connection)
            let pending = try Migration.pending(migrations, applied: applied)
            let record = try connection.statement("INSERT INTO schema_migrations (name, position) VALUES (?, ?)")
            for (offset, migration) in pending.enumerated() {
                try connection.execute(migration.sql)
                try record.run([.text(migration.name), .integer(Int64(applied.count + offset))])
            }
            return pending.map(\.name)
        }
    }

    private static func foreignKeysAreOn(_ connection: Connection) throws -> Bool {
        try connection.statement("PRAGMA foreign_keys").query { $0.int(0) }.first == 1
    }

    /// A database that already has tables but no `schema_migrations` belongs to another
    /// program: adding our tables to it would damage it.
    /// - Throws: ``TrackingError/notAStore``.
    static func requireEduJamStore(_ connection: Connection) throws {
        let tables = try connection.statement("SELECT name FROM sqlite_master WHERE type = 'table'").query {
            $0.text(0) ?? ""
        }
        if !tables.isEmpty && !tables.contains("schema_migrations") { throw TrackingError.notAStore }
    }

    /// The names already applied, in the order they were applied.
    /// - Parameter connection: The open connection.
    /// - Returns: Applied migration names.
    /// - Throws: A SQLite error.
    static func appliedNames(_ connection: Connection) throws -> [String] {
        try connection.statement("SELECT name FROM schema_migrations ORDER BY position")
            .query { $0.text(0) ?? "" }
    }
}
