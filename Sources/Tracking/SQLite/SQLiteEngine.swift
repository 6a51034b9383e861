import CSQLite
import Foundation

/// The SQLite implementation of ``StoreEngine``: one connection in WAL mode, the schema as ordered
/// named migrations (``Migrations``), and the rows of the row layer (``ContextRow``, ``ActivityRow``,
/// ``ItemRow``, ``EventRow``) written by `ContextRow+SQLite.swift` and `ActivityRow+SQLite.swift`.
package final class SQLiteEngine: StoreEngine {
    /// The connection; Classroom's queries run on it too (``StoreSQL``), so both write one file in one transaction.
    package let connection: Connection
    /// Whether the database is a private in-memory one not opened yet: the first
    /// ``open(rootIdentifier:parts:)`` starts it, if nothing was written to it before, from a copy
    /// of a migrated one (``MigratedImage``).
    private var isNewPrivateMemory: Bool

    /// Opens or creates the database at `path`.
    /// - Parameter path: A file path, or `":memory:"` for a private in-memory database.
    /// - Throws: ``TrackingError/notAStore``, ``TrackingError/cannotOpen`` or another SQLite error.
    package init(path: String) throws {
        connection = try Connection(path: path)
        isNewPrivateMemory = path == ":memory:"
    }

    package func migrate(parts: [SchemaPart]) throws -> [String] {
        try Migrator.migrate(connection, parts: parts)
    }

    package func open(rootIdentifier: String, parts: [SchemaPart]) throws {
        if isNewPrivateMemory, try connection.isEmpty() {
            try connection.replace(with: try MigratedImage.bytes(parts: parts))
        }
        isNewPrivateMemory = false
        try migrate(parts: parts)
        try claimRoot(rootIdentifier)
    }

    package func adopt(_ part: SchemaPart) throws {
        if try Migrator.hasSkipped(connection, of: [part]) { try migrate(parts: [part]) }
    }

    package func loadTree() throws -> Context? {
        try ContextRow.loadTree(connection)
    }

    package func write(_ changes: StoreChanges) throws -> SavedRowIDs {
        var ids = SavedRowIDs()
        let now = changes.now.timeIntervalSince1970
        try connection.transaction {
            for path in changes.removedPaths { try ContextRow.delete(path: path, connection: connection) }
            for context in changes.contexts {
                try alone(.context(identifierPath: context.identifierPath), refused: &ids.refused) {
                    let parentID = try context.parent.map { try rowID(of: $0, pending: ids.contexts) }
                    ids.contexts[ObjectIdentifier(context)] = try ContextRow.upsert(
                        context, parentID: parentID, connection: connection)
                }
            }
            for activity in changes.activities {
                guard let context = activity.context else { continue }
                let object = TrackedObject.attempt(identifierPath: activity.identifierPath, uuid: activity.uuid)
                try alone(object, refused: &ids.refused) {
                    let contextID = try rowID(of: context, pending: ids.contexts)
                    ids.activities[ObjectIdentifier(activity)] = try ActivityRow.write(
                        activity, contextID: contextID, now: now, connection: connection)
                }
            }
        }
        return ids
    }

    /// Writes one object inside a savepoint. A row the database refuses (a constraint: its
    /// context or parent was removed by another process) or a parent with no row is rolled back
    /// alone and refused, so the rest of the save is still written; any other failure (busy,
    /// read-only, disk) fails the whole save.
    private func alone(_ object: TrackedObject, refused: inout [RefusedChange], _ write: () throws -> Void) throws {
        try connection.statement("SAVEPOINT one_object").run()
        do {
            try write()
        } catch let error as TrackingError where Self.refusesOneObject(error) {
            try connection.statement("ROLLBACK TO one_object").run()
            refused.append(RefusedChange(object: object, reason: error))
        }
        try connection.statement("RELEASE one_object").run()
    }

    private static func refusesOneObject(_ error: TrackingError) -> Bool {
        switch error {
        case .sqlite(let code, _, _): return code & 0xff == SQLITE_CONSTRAINT
        case .contextRemoved: return true
        default: return false
        }
    }

    /// Records the root identifier on first open, or checks it on later opens.
    private func claimRoot(_ identifier: String) throws {
        try connection.statement("INSERT OR IGNORE INTO store_info (key, value) VALUES ('root_identifier', ?)")
            .run([.text(identifier)])
        let stored = try claimedRoot() ?? identifier
        guard stored == identifier else { throw TrackingError.rootMismatch(expected: identifier, found: stored) }
    }

    package func claimedRoot() throws -> String? {
        let schema = try connection.statement(
            "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'store_info'"
        ).query { $0.int(0) }.first
        guard schema == 1 else { return nil }  // a new file: no schema yet
        return try connection.statement("SELECT value FROM store_info WHERE key = 'root_identifier'")
            .query { $0.text(0) ?? "" }.first
    }

    private func rowID(of context: Context, pending: [ObjectIdentifier: Int64]) throws -> Int64 {
        guard let id = pending[ObjectIdentifier(context)] ?? context.rowID else {
            throw TrackingError.contextRemoved  // an unsaved ancestor that is no longer in the tree
        }
        return id
    }
}
