/// The database under a store, for a module with tables of its own (Classroom): its queries are
/// written once, with `?` parameters (numbered for PostgreSQL, as ``StoreRows`` does), and run
/// on whichever engine the store has. ``StoreEngine/sql`` hands it out, so no module downcasts an
/// engine to reach its connection.
///
/// ``dialect`` is the one named seam for what the engines do not share (PostgreSQL's logins and
/// roles; SQLite has none): a caller switches on it, every case handled.
package protocol StoreSQL: StoreRows {
    /// Which engine runs the SQL.
    var dialect: SQLDialect { get }
    /// Every row of `sql`, each read by `row` as it comes (a Boolean reads as 0 or 1).
    func query<T>(_ sql: String, _ values: [SQLValue], row: (any SQLRow) throws -> T) throws -> [T]
    /// Runs `body` atomically: everything it writes, or nothing when it throws.
    /// - Parameter readOnly: Whether `body` only reads (one consistent snapshot).
    func inTransaction<T>(readOnly: Bool, _ body: () throws -> T) throws -> T
    /// Runs `statements` in order, each seeing the ones before it: a roster's worth of rows is one
    /// round trip to a school server (a pipeline), one statement after another on a file.
    func runAll(_ statements: [(sql: String, values: [SQLValue])]) throws
}

/// The engines a ``StoreSQL`` may be.
package enum SQLDialect: Sendable {
    /// A store file: no logins, whoever can open the file is trusted.
    case sqlite
    /// A school server: logins, roles and row-level security.
    case postgresql
}

extension StoreEngine {
    /// An engine that holds no database of its own (offline, or wrapping another for a test or a
    /// bench) has none.
    package var sql: (any StoreSQL)? { nil }
}

extension SQLiteEngine: StoreSQL {
    package var sql: (any StoreSQL)? { self }

    package var dialect: SQLDialect { .sqlite }

    package func query<T>(_ sql: String, _ values: [SQLValue], row: (any SQLRow) throws -> T) throws -> [T] {
        try connection.statement(sql).query(values) { try row($0) }
    }

    package func inTransaction<T>(readOnly: Bool, _ body: () throws -> T) throws -> T {
        try connection.transaction(readOnly: readOnly, body)
    }

    package func runAll(_ statements: [(sql: String, values: [SQLValue])]) throws {
        for statement in statements { try run(statement.sql, statement.values) }
    }
}

extension PostgreSQLEngine: StoreSQL {
    package var sql: (any StoreSQL)? { self }

    package var dialect: SQLDialect { .postgresql }

    package func query<T>(_ sql: String, _ values: [SQLValue], row: (any SQLRow) throws -> T) throws -> [T] {
        try connection.query(Self.numbered(sql), values).map { try row($0) }
    }

    package func inTransaction<T>(readOnly: Bool, _ body: () throws -> T) throws -> T {
        try connection.transaction(readOnly: readOnly, body)
    }

    package func runAll(_ statements: [(sql: String, values: [SQLValue])]) throws {
        try connection.pipeline(statements.map { (sql: Self.numbered($0.sql), values: $0.values) })
    }
}
