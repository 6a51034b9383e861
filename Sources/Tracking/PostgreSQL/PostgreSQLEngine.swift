import Foundation

/// The PostgreSQL implementation of ``StoreEngine``: a school's shared store, one connection per
/// process, the schema as its own ordered named migrations (``PGMigrations``).
///
/// A save is one pipeline (``PGConnection/pipeline(_:prepared:preparing:)``): one round trip and one implicit
/// transaction, whatever it holds, of statements the connection prepared when the store opened
/// (``PGSave/everyStatement``). Statements refer to rows by their natural keys (a context's
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

    package func migrate(parts: [SchemaPart]) throws -> [String] {
        try explainingRefusal(parts) { try PGMigrator.migrate(connection, parts: parts) }
    }

    /// Migrates when the store lacks a half of `part`; a login that may not migrate is told the
    /// store needs it (``PGMigrator/whyRefused(_:parts:)``).
    package func adopt(_ part: SchemaPart) throws {
        if try !PGMigrator.isUpToDate(connection, parts: [part]) { try migrate(parts: [part]) }
    }

    /// Opens the store for `rootIdentifier`: migrates it when this login may, claims an unclaimed
    /// root, and prepares a save's statements on the connection (``PGSave/everyStatement``), in
    /// the round trip that reads the claim.
    /// - Throws: ``TrackingError/rootMismatch(expected:found:)``; for a login the store refuses
    ///   (a permission), why in words (``PGMigrator/whyRefused(_:parts:)``): no store yet, an older
    ///   schema, a login with no EduJam role; else the PostgreSQL error.
    package func open(rootIdentifier: String, parts: [SchemaPart]) throws {
        try explainingRefusal(parts) { try openOrRefuse(rootIdentifier: rootIdentifier, parts: parts) }
    }

    /// Runs `body`; a permission PostgreSQL refused becomes why, in words, where it is one of the
    /// reasons ``PGMigrator/whyRefused(_:parts:)`` knows.
    private func explainingRefusal<T>(_ parts: [SchemaPart], _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as TrackingError where error.isPermissionDenied {
            throw try PGMigrator.whyRefused(connection, parts: parts) ?? error
        }
    }

    private func openOrRefuse(rootIdentifier: String, parts: [SchemaPart]) throws {
        // Only the owner may change the schema or claim the root (`SchoolSecurity`): teachers and
        // students open a store that is up to date and claimed, and read both.
        if try !PGMigrator.isUpToDate(connection, parts: parts) { try migrate(parts: parts) }
        // The save's statements are prepared here, in the same round trip: a game opens its store
        // seconds before its first save, which then waits for nothing but its own work.
        let claimed = try storedRoot(preparing: PGSave.everyStatement)
        // And planned, one round trip more, by a save of nothing: a class's games open together,
        // seconds before their first saves, which would otherwise all plan at once (the
        // `store/saves` bench row's tail). Only a head start: should the server refuse it (a login
        // that may not save), the first save plans them, as before.
        _ = try? connection.pipeline(PGSave.emptySave, prepared: true)
        if claimed == nil {
            try connection.query(
                "INSERT INTO store_info (key, value) VALUES ('root_identifier', $1) ON CONFLICT DO NOTHING",
                [.text(rootIdentifier)])
        }
        let stored = try claimed ?? storedRoot() ?? rootIdentifier
        guard stored == rootIdentifier else {
            throw TrackingError.rootMismatch(expected: rootIdentifier, found: stored)
        }
    }

    package func claimedRoot() throws -> String? {
        try explainingRefusal([]) {
            // Before `store init` the database has no schema: nothing is claimed.
            guard try connection.query("SELECT to_regclass('store_info')").rows.first?.text(0) != nil else {
                return nil
            }
            return try storedRoot()
        }
    }

    /// The claimed root in `store_info`, which exists; the SQL texts `preparing` are prepared on
    /// the connection in the same round trip (``PGConnection/pipeline(_:prepared:preparing:)``).
    func storedRoot(preparing: [String] = []) throws -> String? {
        let sql = "SELECT value FROM store_info WHERE key = 'root_identifier'"
        return try connection.pipeline([(sql, [])], preparing: preparing)[0].rows.first?.text(0)
    }

    package func loadTree() throws -> Context? {
        var tree = ContextRow.Tree()
        // One statement: one snapshot, even while another process writes.
        for row in try connection.query(ContextRow.selectAll).rows { try tree.add(row) }
        return tree.root
    }

    /// How long a save waits for each answer of the server, in seconds (``PGConnection/answering(within:_:)``):
    /// a game waits for its saves, so a server that stops answering (a network cut after the
    /// connection was made, a stalled server) fails the save as unreachable after this long,
    /// and `RunSaver` keeps the attempt in the outbox, instead of the game freezing for as long
    /// as TCP retries. A save is one small pipeline that takes milliseconds on a school network.
    /// Other statements (reports, migrations, `store copy`, outbox delivery by a command) wait
    /// as long as the server works on them.
    static let saveAnswerTimeout: TimeInterval = 5

    /// One pipeline for the whole save, each answer awaited at most ``saveAnswerTimeout``.
    /// Should the database refuse a row (a constraint: another process removed its context) or
    /// an object's parent have no row, the save is written again object by object
    /// (``writeEachAlone(_:)``), so only the refused ones are left out.
    package func write(_ changes: StoreChanges) throws -> SavedRowIDs {
        try connection.answering(within: Self.saveAnswerTimeout) { try writeInOnePipeline(changes) }
    }

    private func writeInOnePipeline(_ changes: StoreChanges) throws -> SavedRowIDs {
        guard allParentsSaved(changes) else { return try writeEachAlone(changes) }
        do {
            let results = try connection.pipeline(try Self.saveStatements(changes), prepared: true)
            return savedIDs(changes, lookups: results)
        } catch let error as TrackingError where Self.refusesOneObject(error) {
            return try writeEachAlone(changes)
        }
    }

    /// The statements of a save whose every parent has a row or is written in it, in the order
    /// ``write(_:)`` sends them in one pipeline: after ``PGSave/genericPlansSQL``, removals,
    /// contexts and their ids' lookup, then the attempts with their rows in one call
    /// (``PGSave/attempts(_:now:)``), which answers their ids. What the `store/players` bench rows replay.
    package static func saveStatements(_ changes: StoreChanges) throws -> [(sql: String, values: [SQLValue])] {
        var statements = [(PGSave.genericPlansSQL, [SQLValue]())] + (try Self.removals(changes))
        for context in changes.contexts { statements.append(try PGSave.context(context)) }
        statements += try Self.contextIDLookups(changes)
        if let attempts = try PGSave.attempts(changes.activities, now: changes.now.timeIntervalSince1970) {
            statements.append(attempts)
        }
        return statements
    }

    /// Whether every context and attempt of the save has a parent with a row, or one written in this save.
    private func allParentsSaved(_ changes: StoreChanges) -> Bool {
        var written = Set<ObjectIdentifier>()
        for context in changes.contexts {
            if let parent = context.parent, parent.rowID == nil, !written.contains(ObjectIdentifier(parent)) {
                return false
            }
            written.insert(ObjectIdentifier(context))
        }
        return changes.activities.allSatisfy { activity in
            activity.context.map { $0.rowID != nil || written.contains(ObjectIdentifier($0)) } ?? true
        }
    }

    /// The save written as SQLite's engine writes it: one transaction, each object in a savepoint;
    /// one the database refuses, or whose parent has no row, is rolled back alone and refused.
    private func writeEachAlone(_ changes: StoreChanges) throws -> SavedRowIDs {
        let now = changes.now.timeIntervalSince1970
        var refused: [RefusedChange] = []
        var written = Set<ObjectIdentifier>()
        let results = try connection.transaction { () throws -> [PGResult] in
            if !changes.removedPaths.isEmpty { _ = try connection.pipeline(try Self.removals(changes)) }
            for context in changes.contexts {
                let object = TrackedObject.context(identifierPath: context.identifierPath)
                let parentSaved = context.parent.map { $0.rowID != nil || written.contains(ObjectIdentifier($0)) }
                if try alone(object, parentSaved: parentSaved ?? true, refused: &refused, [try PGSave.context(context)])
                {
                    written.insert(ObjectIdentifier(context))
                }
            }
            for activity in changes.activities {
                guard let context = activity.context else { continue }
                let object = TrackedObject.attempt(identifierPath: activity.identifierPath, uuid: activity.uuid)
                let statements = try PGSave.attempts([activity], now: now).map { [$0] } ?? []
                let contextSaved = context.rowID != nil || written.contains(ObjectIdentifier(context))
                _ = try alone(object, parentSaved: contextSaved, refused: &refused, statements)
            }
            return try connection.pipeline(try Self.contextIDLookups(changes) + Self.attemptIDLookups(changes))
        }
        var ids = savedIDs(changes, lookups: results)
        ids.refused = refused
        return ids
    }

    /// Writes one object's statements inside a savepoint; returns whether it was written.
    private func alone(
        _ object: TrackedObject, parentSaved: Bool, refused: inout [RefusedChange],
        _ statements: [(sql: String, values: [SQLValue])]
    ) throws -> Bool {
        guard parentSaved else {
            refused.append(RefusedChange(object: object, reason: .contextRemoved))
            return false
        }
        try connection.execute("SAVEPOINT one_object")
        do {
            _ = try connection.pipeline(statements)
        } catch let error as TrackingError where Self.refusesOneObject(error) {
            try connection.execute("ROLLBACK TO SAVEPOINT one_object")
            refused.append(RefusedChange(object: object, reason: error))
            return false
        }
        try connection.execute("RELEASE SAVEPOINT one_object")
        return true
    }

    /// A constraint the database enforces (SQLSTATE class 23): this row alone is at fault.
    private static func refusesOneObject(_ error: TrackingError) -> Bool {
        if case .postgresql(let state, _, _) = error { return state.hasPrefix("23") }
        return false
    }

    private static func removals(_ changes: StoreChanges) throws -> [(sql: String, values: [SQLValue])] {
        guard !changes.removedPaths.isEmpty else { return [] }
        return [
            (
                PGSave.removedContextsSQL,
                [PGArray.text(try changes.removedPaths.map(Self.path))]
            )
        ]
    }

    /// The row ids of the save's contexts (by path), whatever was written: none when the save holds
    /// no context (most saves of a game).
    private static func contextIDLookups(_ changes: StoreChanges) throws -> [(sql: String, values: [SQLValue])] {
        guard !changes.contexts.isEmpty else { return [] }
        let paths = try changes.contexts.map { try Self.path($0.identifierPath) }
        return [(PGSave.contextIDsSQL, [PGArray.text(paths)])]
    }

    /// The row ids of the save's attempts (by UUID), for a save written object by object (some of
    /// its calls of `edujam_save` may have been refused): none when the save holds no attempt.
    private static func attemptIDLookups(_ changes: StoreChanges) -> [(sql: String, values: [SQLValue])] {
        guard !changes.activities.isEmpty else { return [] }
        return [(PGSave.attemptIDsSQL, [PGArray.text(changes.activities.map { $0.uuid.lowercasedString })])]
    }

    /// The ids the save's last statements answered: its contexts' (``contextIDLookups(_:)``), then
    /// its attempts' (``PGSave/attempts(_:now:)`` or ``attemptIDLookups(_:)``), each present only
    /// when the save holds such objects.
    private func savedIDs(_ changes: StoreChanges, lookups results: [PGResult]) -> SavedRowIDs {
        var lookups = results[...]
        let activities = changes.activities.isEmpty ? nil : lookups.popLast()
        let contexts = changes.contexts.isEmpty ? nil : lookups.popLast()
        var ids = SavedRowIDs()
        var byPath: [String: Int64] = [:]
        for row in contexts?.rows ?? [] { byPath[row.text(0) ?? ""] = row.int(1) }
        var byUUID: [String: Int64] = [:]
        for row in activities?.rows ?? [] { byUUID[row.text(0) ?? ""] = row.int(1) }
        for context in changes.contexts {
            ids.contexts[ObjectIdentifier(context)] = (try? Self.path(context.identifierPath)).flatMap { byPath[$0] }
        }
        for activity in changes.activities {
            ids.activities[ObjectIdentifier(activity)] = byUUID[activity.uuid.uuidString.lowercased()]
        }
        return ids
    }

    /// A context's path as stored: its identifier path in JSON, as SQLite stores it.
    private static func path(_ identifierPath: [String]) throws -> String { try JSON.encode(identifierPath) }
}

extension TrackingError {
    /// Whether PostgreSQL refused a privilege (SQLSTATE 42501, `insufficient_privilege`).
    fileprivate var isPermissionDenied: Bool {
        if case .postgresql("42501", _, _) = self { return true }
        return false
    }
}
