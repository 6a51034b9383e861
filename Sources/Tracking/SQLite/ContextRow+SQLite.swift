import Foundation

extension ContextRow {
    /// Inserts or updates `context` by its path, which is unique.
    ///
    /// Upserting by path (not row id) lets two processes that both create the same context end
    /// up with one row instead of a constraint failure.
    /// - Parameters:
    ///   - context: The context to write.
    ///   - parentID: The parent's row id; nil for the main context.
    ///   - connection: The connection, inside a transaction.
    /// - Returns: The row id.
    /// - Throws: A SQLite or encoding error.
    static func upsert(_ context: Context, parentID: Int64?, connection: Connection) throws -> Int64 {
        let sql = "\(columns.insert()) \(onPathConflict) RETURNING id"
        let rows = try connection.statement(sql).query(try values(context, parentID: parentID)) { $0.int(0) }
        guard let id = rows.first else { throw TrackingError.corruptRow("contexts.id") }
        return id
    }

    /// Deletes the context at `path`; foreign keys cascade to descendants, activities and items.
    static func delete(path: [String], connection: Connection) throws {
        try connection.statement("DELETE FROM contexts WHERE path = ?").run([.text(try JSON.encode(path))])
    }

    /// Loads every context, parents before children.
    /// - Parameter connection: The open connection.
    /// - Returns: The main context with its descendants attached, or nil for an empty store.
    /// - Throws: ``TrackingError/corruptRow(_:)`` or a SQLite error.
    static func loadTree(_ connection: Connection) throws -> Context? {
        var tree = Tree()
        try connection.transaction(readOnly: true) {  // one snapshot, even while another process writes
            _ = try connection.statement(selectAll).query { try tree.add($0) }
        }
        return tree.root
    }
}
