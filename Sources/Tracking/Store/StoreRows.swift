/// Plain rows in and out of a store's tables, the same on both engines: for `edujam store copy`,
/// which moves a store's history between SQLite and PostgreSQL by natural keys (paths, UUIDs,
/// names), not through the model. SQL uses `?` parameters; PostgreSQL's are numbered for it.
package protocol StoreRows: AnyObject {
    /// Every row of `sql`, each column as a value (a Boolean as 0 or 1).
    func rows(_ sql: String, _ values: [SQLValue]) throws -> [[SQLValue]]
    /// Runs one statement.
    func run(_ sql: String, _ values: [SQLValue]) throws
    /// Runs `body` in one transaction.
    func inTransaction<T>(_ body: () throws -> T) throws -> T
}

extension SQLiteEngine: StoreRows {
    package func rows(_ sql: String, _ values: [SQLValue]) throws -> [[SQLValue]] {
        try connection.statement(sql).query(values) { row in
            (0..<row.columnCount).map { row.value($0) }
        }
    }

    package func run(_ sql: String, _ values: [SQLValue]) throws {
        try connection.statement(sql).run(values)
    }

    package func inTransaction<T>(_ body: () throws -> T) throws -> T { try connection.transaction(body) }
}

extension PostgreSQLEngine: StoreRows {
    package func rows(_ sql: String, _ values: [SQLValue]) throws -> [[SQLValue]] {
        let result = try connection.query(Self.numbered(sql), values)
        return result.rows.map { row in (0..<result.columnCount).map { row.value($0) } }
    }

    package func run(_ sql: String, _ values: [SQLValue]) throws {
        try connection.query(Self.numbered(sql), values)
    }

    package func inTransaction<T>(_ body: () throws -> T) throws -> T { try connection.transaction(body) }

    /// `sql` with its `?` parameters numbered `$1`, `$2`, ... (the SQL given here holds no `?` in text).
    package static func numbered(_ sql: String) -> String {
        let parts = sql.split(separator: "?", omittingEmptySubsequences: false)
        return parts.enumerated().map { index, part in index == 0 ? String(part) : "$\(index)" + part }.joined()
    }
}
