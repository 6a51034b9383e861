import Foundation

/// The PostgreSQL implementation of ``StoreEngine``: a school's shared store, one connection per
/// process, the schema as its own ordered named migrations (``PGMigrations``).
///
/// A save is one pipeline (``PGConnection/pipeline(_:)``): one round trip and one implicit
/// transaction, whatever it holds. Statements refer to rows by their natural keys (a context's
/// path, an attempt's UUID), never by ids the client has not seen yet, so nothing waits for an
/// answer before the next statement is sent. Attempts are upserted on their UUID, and only when
/// the save is no older than the state stored (`saved_at`): a save replayed twice writes nothing
/// twice, and a late replay never takes an attempt back.
package final class PostgreSQLEngine: StoreEngine {
    /// The connection; Classroom's PostgreSQL engine shares it.
    package let connection: PGConnection

    /// Connects to the server `conninfo` names (a URL or libpq's `key=value` pairs, untouched).
    /// - Throws: ``TrackingError/invalidConnectionString(_:)`` or ``TrackingError/serverUnreachable(server:reason:)``.
    package init(conninfo: String) throws {
        connection = try PGConnection(conninfo: conninfo)
    }

    package func migrate() throws -> [String] {
        try PGMigrator.migrate(connection)
    }

    package func open(rootIdentifier: String) throws {
        // Only the owner may change the schema or claim the root (`SchoolSecurity`): teachers and
        // students open a store that is up to date and claimed, and read both.
        if try !PGMigrator.isUpToDate(connection) { try migrate() }
        let claimed = try connection.query("SELECT value FROM store_info WHERE key = 'root_identifier'").rows.first?
            .text(0)
        if claimed == nil {
            try connection.query(
                "INSERT INTO store_info (key, value) VALUES ('root_identifier', $1) ON CONFLICT DO NOTHING",
                [.text(rootIdentifier)])
        }
        let stored =
            try claimed
            ?? connection.query("SELECT value FROM store_info WHERE key = 'root_identifier'").rows.first?.text(0)
            ?? rootIdentifier
        guard stored == rootIdentifier else {
            throw TrackingError.rootMismatch(expected: rootIdentifier, found: stored)
        }
    }

    package func loadTree() throws -> Context? {
        var byID: [Int64: Context] = [:]
        var root: Context?
        // One statement: one snapshot, even while another process writes.
        for row in try connection.query("SELECT id, \(ContextRow.columns) FROM contexts ORDER BY id").rows {
            let parent = row.isNull(1) ? nil : byID[row.int(1)]
            guard row.isNull(1) || parent != nil else { continue }  // orphan: parent deleted meanwhile
            let context = try ContextLoader.decode(row, parent: parent)
            byID[row.int(0)] = context
            if let parent { parent.attach(context) } else { root = root ?? context }
        }
        return root
    }

    package func write(_ changes: StoreChanges) throws -> SavedRowIDs {
        try requireSavedParents(changes)
        let now = changes.now.timeIntervalSince1970
        var statements: [(sql: String, values: [SQLValue])] = []
        if !changes.removedPaths.isEmpty {
            statements.append(
                (
                    "DELETE FROM contexts WHERE path = ANY($1::text[])",
                    [try PGArray.text(changes.removedPaths.map(path))]
                ))
        }
        for context in changes.contexts { statements.append(try PGSave.context(context)) }
        for activity in changes.activities {
            guard let context = activity.context else { continue }
            statements.append(PGSave.activity(activity, path: try path(context.identifierPath), now: now))
        }
        statements += PGSave.items(changes.activities, now: now)
        if let events = PGSave.events(changes.activities) { statements.append(events) }
        let contextPaths = try changes.contexts.map { try path($0.identifierPath) }
        let uuids = changes.activities.map { $0.uuid.uuidString.lowercased() }
        statements.append(("SELECT path, id FROM contexts WHERE path = ANY($1::text[])", [PGArray.text(contextPaths)]))
        statements.append(("SELECT uuid, id FROM activities WHERE uuid = ANY($1::uuid[])", [PGArray.text(uuids)]))
        let results = try connection.pipeline(statements)
        return savedIDs(changes, contexts: results[results.count - 2], activities: results[results.count - 1])
    }

    /// The engine writes parents by path, so an unsaved ancestor must be in this save
    /// (SQLite's engine finds the same by row id).
    private func requireSavedParents(_ changes: StoreChanges) throws {
        var written = Set<ObjectIdentifier>()
        for context in changes.contexts {
            if let parent = context.parent, parent.rowID == nil, !written.contains(ObjectIdentifier(parent)) {
                throw TrackingError.contextRemoved
            }
            written.insert(ObjectIdentifier(context))
        }
        for activity in changes.activities {
            if let context = activity.context, context.rowID == nil, !written.contains(ObjectIdentifier(context)) {
                throw TrackingError.contextRemoved
            }
        }
    }

    private func savedIDs(_ changes: StoreChanges, contexts: PGResult, activities: PGResult) -> SavedRowIDs {
        var ids = SavedRowIDs()
        var byPath: [String: Int64] = [:]
        for row in contexts.rows { byPath[row.text(0) ?? ""] = row.int(1) }
        var byUUID: [String: Int64] = [:]
        for row in activities.rows { byUUID[row.text(0) ?? ""] = row.int(1) }
        for context in changes.contexts {
            ids.contexts[ObjectIdentifier(context)] = (try? path(context.identifierPath)).flatMap { byPath[$0] }
        }
        for activity in changes.activities {
            ids.activities[ObjectIdentifier(activity)] = byUUID[activity.uuid.uuidString.lowercased()]
        }
        return ids
    }

    /// A context's path as stored: its identifier path in JSON, as SQLite stores it.
    private func path(_ identifierPath: [String]) throws -> String { try JSON.encode(identifierPath) }
}
