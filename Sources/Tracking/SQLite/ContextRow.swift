import Foundation

/// Reads and writes the `contexts` table.
enum ContextRow {
    static let columns = """
        parent_id, path, identifier, title, type, custom_type_name, topic, summary, display_order,
        is_assignable, age_min, age_max, minutes_min, minutes_max, capabilities, keywords, universal_link,
        created_at, modified_at
        """

    /// What an upsert by path updates (both engines' SQL: the path, the id and the creation time stay).
    static let onPathConflict = """
        ON CONFLICT(path) DO UPDATE SET parent_id = excluded.parent_id, title = excluded.title,
            type = excluded.type, custom_type_name = excluded.custom_type_name, topic = excluded.topic,
            summary = excluded.summary, display_order = excluded.display_order,
            is_assignable = excluded.is_assignable, age_min = excluded.age_min, age_max = excluded.age_max,
            minutes_min = excluded.minutes_min, minutes_max = excluded.minutes_max,
            capabilities = excluded.capabilities,
            keywords = excluded.keywords, universal_link = excluded.universal_link,
            modified_at = excluded.modified_at
        """

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
        let sql = """
            INSERT INTO contexts (\(columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            \(onPathConflict)
            RETURNING id
            """
        let rows = try connection.statement(sql).query(try values(context, parentID: parentID)) { $0.int(0) }
        guard let id = rows.first else { throw TrackingError.corruptRow("contexts.id") }
        return id
    }

    /// The values of ``columns``, in order.
    static func values(_ c: Context, parentID: Int64?) throws -> [SQLValue] {
        [
            .integer(parentID.map(Int.init)), .text(try JSON.encode(c.identifierPath)), .text(c.identifier),
            .text(c.title), .integer(Int64(c.type.rawValue)), .text(c.customTypeName), .text(c.topic?.rawValue),
            .text(c.summary), .integer(Int64(c.displayOrder)), .bool(c.isAssignable),
            .integer(c.suggestedAge?.lowerBound), .integer(c.suggestedAge?.upperBound),
            .integer(c.suggestedCompletionMinutes?.lowerBound), .integer(c.suggestedCompletionMinutes?.upperBound),
            .text(try JSON.encode(c.capabilityList)), .text(try JSON.encode(c.keywords)),
            .text(c.universalLinkURL?.absoluteString),
            .real(c.dateCreated.timeIntervalSince1970), .real(c.dateLastModified.timeIntervalSince1970),
        ]
    }

    /// Deletes the context at `path`; foreign keys cascade to descendants, activities and items.
    static func delete(path: [String], connection: Connection) throws {
        try connection.statement("DELETE FROM contexts WHERE path = ?").run([.text(try JSON.encode(path))])
    }
}

/// Builds the in-memory context tree from the `contexts` table.
enum ContextLoader {
    /// Loads every context, parents before children.
    /// - Parameter connection: The open connection.
    /// - Returns: The main context with its descendants attached, or nil for an empty store.
    /// - Throws: ``TrackingError/corruptRow(_:)`` or a SQLite error.
    static func loadTree(_ connection: Connection) throws -> Context? {
        let sql = "SELECT id, \(ContextRow.columns) FROM contexts ORDER BY id"
        var byID: [Int64: Context] = [:]
        var root: Context?
        try connection.transaction(readOnly: true) {  // one snapshot, even while another process writes
            _ = try connection.statement(sql).query { row in
                let parent = row.isNull(1) ? nil : byID[row.int(1)]
                guard row.isNull(1) || parent != nil else { return }  // orphan: parent deleted meanwhile
                let context = try decode(row, parent: parent)
                byID[row.int(0)] = context
                if let parent { parent.attach(context) } else { root = root ?? context }
            }
        }
        return root
    }

    /// One context row (`id` then ``ContextRow/columns``), attached to `parent`.
    static func decode(_ row: some SQLRow, parent: Context?) throws -> Context {
        guard let identifier = row.text(3), let title = row.text(4),
            let type = ContextType(rawValue: Int(row.int(5)))
        else { throw TrackingError.corruptRow("contexts") }
        let context = Context(
            identifier: identifier, title: title, type: type, parent: parent,
            date: Date(timeIntervalSince1970: row.double(18)))
        context.rowID = row.int(0)
        context.customTypeName = row.text(6)
        context.topic = try row.text(7).flatMap { try Topic.named($0) }
        context.summary = row.text(8)
        context.displayOrder = Int(row.int(9))
        context.isAssignable = row.int(10) != 0
        context.suggestedAge = range(row.optionalInt(11), row.optionalInt(12))
        context.suggestedCompletionMinutes = range(row.optionalInt(13), row.optionalInt(14))
        context.capabilityList = try JSON.decode(
            [ProgressReportingCapability].self, from: row.text(15), column: "capabilities")
        context.keywords = try JSON.decode([String].self, from: row.text(16), column: "keywords")
        context.universalLinkURL = row.text(17).flatMap(URL.init(string:))
        context.dateLastModified = Date(timeIntervalSince1970: row.double(19))
        return context
    }

    private static func range(_ low: Int?, _ high: Int?) -> ClosedRange<Int>? {
        guard let low, let high, low <= high else { return nil }
        return low...high
    }
}
