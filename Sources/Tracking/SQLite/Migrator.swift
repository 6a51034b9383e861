/// Applies ``Migrations/all`` in order, each once, recording every name it applies.
enum Migrator {
    /// Brings the schema of `connection` up to date, with the halves of `parts` (``SchemaPart``).
    ///
    /// Runs in one `IMMEDIATE` transaction, so two processes opening a new store at once do not
    /// both create the tables. Foreign keys are off meanwhile, as SQLite's way to rebuild a table
    /// asks (``RowCheckMigration``): dropping a parent table must not cascade into its children.
    /// - Parameters:
    ///   - connection: The open connection.
    ///   - migrations: The ordered list; defaults to ``Migrations/all``.
    ///   - parts: The parts whose halves to apply, earlier skipped ones first; the halves of
    ///     owners not given are recorded as skipped.
    /// - Returns: The names applied by this call.
    /// - Throws: ``TrackingError/unknownMigration(_:)`` if the store was written by a newer
    ///   schema, or a SQLite error.
    @discardableResult
    static func migrate(
        _ connection: Connection, migrations: [Migration] = Migrations.all, parts: [SchemaPart] = []
    ) throws -> [String] {
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
            let plan = try MigrationPlan(
                all: migrations, applied: applied, skipped: try skippedHalves(connection), parts: parts, sql: \.sqlite)
            for step in plan.steps { try connection.execute(step) }
            let record = try connection.statement("INSERT INTO schema_migrations (name, position) VALUES (?, ?)")
            for (offset, name) in plan.applied.enumerated() {
                try record.run([.text(name), .integer(Int64(applied.count + offset))])
            }
            try recordSkipped(connection, plan)
            return plan.applied
        }
    }

    /// Whether the store holds halves of `parts` not applied yet: read without a write lock, so
    /// that a store already complete costs one read (``SQLiteEngine/adopt(_:)``).
    static func hasSkipped(_ connection: Connection, of parts: [SchemaPart]) throws -> Bool {
        let owners = Set(parts.map(\.owner))
        return try skippedHalves(connection).contains { owners.contains($0.owner) }
    }

    /// The halves recorded as skipped; none when `schema_skipped` was never made.
    static func skippedHalves(_ connection: Connection) throws -> [SkippedHalf] {
        let exists =
            try connection.statement(
                "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'schema_skipped'"
            ).query { $0.int(0) }.first == 1
        guard exists else { return [] }
        return try connection.statement("SELECT name, owner FROM schema_skipped").query {
            SkippedHalf(name: $0.text(0) ?? "", owner: $0.text(1) ?? "")
        }
    }

    /// Records the halves `plan` skipped and forgets those it applied. `schema_skipped` is made
    /// only when something is skipped: a store opened with every part has the schema it always had.
    private static func recordSkipped(_ connection: Connection, _ plan: MigrationPlan) throws {
        if !plan.skipped.isEmpty {
            try connection.execute(
                "CREATE TABLE IF NOT EXISTS schema_skipped (name TEXT NOT NULL, owner TEXT NOT NULL, PRIMARY KEY (name, owner))"
            )
            let add = try connection.statement("INSERT INTO schema_skipped (name, owner) VALUES (?, ?)")
            for half in plan.skipped { try add.run([.text(half.name), .text(half.owner)]) }
        }
        guard !plan.adopted.isEmpty else { return }
        let forget = try connection.statement("DELETE FROM schema_skipped WHERE name = ? AND owner = ?")
        for half in plan.adopted { try forget.run([.text(half.name), .text(half.owner)]) }
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
