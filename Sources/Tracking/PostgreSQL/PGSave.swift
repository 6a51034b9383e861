/// The statements of one save on PostgreSQL (``PostgreSQLEngine/write(_:)``): each refers to rows
/// by path or UUID, so the whole save goes in one pipeline; items and events go in one statement
/// each for every attempt of the save, as arrays. Columns and values come from the row types
/// (``ContextRow``, ``ActivityRow``, ``ItemRow``, ``EventRow``, ``AttemptInputsRow``).
enum PGSave {
    /// The SQL of every statement a save may send, each text the same in every save: what a
    /// connection prepares when the store opens (``PostgreSQLEngine/open(rootIdentifier:parts:)``),
    /// so that no save, not even the first, waits for the server to parse and analyse its
    /// statements and to load the tables' rules and policies for them.
    static let everyStatement: [String] = [
        genericPlansSQL, removedContextsSQL, contextSQL, attemptSQL, removedItemsSQL, itemsSQL, eventsSQL, inputsSQL,
        contextIDsSQL,
        attemptIDsSQL,
    ]

    /// The statements of ``everyStatement`` that every save of a game sends, which every role may
    /// run: those the open plans ahead (``PGConnection/plan(prepared:settings:)``). The others are
    /// planned at their first use: writing a context is not every login's right (students add
    /// contexts but never change or remove one), a statement the login may not run cannot be
    /// planned, and games seldom remove an item.
    static let attemptStatements: [String] = [
        genericPlansSQL, attemptSQL, itemsSQL, eventsSQL, inputsSQL, contextIDsSQL, attemptIDsSQL,
    ]

    /// Plans the rest of the save's statements generically, for this transaction only: each
    /// prepared statement is planned once a connection, at its first save, instead of PostgreSQL's
    /// default of planning each of a connection's first five executions for its values (custom
    /// plans, each with every policy's sub-plans: about 0.5-1 ms of the server's CPU a statement)
    /// and then comparing. A save's values are arrays, so a custom plan is never a better one, and a
    /// game makes about a dozen saves a run: most of them used to be planned afresh. Local to the
    /// save's transaction, so the login's other statements plan as PostgreSQL decides.
    static let genericPlansSQL = "SELECT pg_catalog.set_config('plan_cache_mode', 'force_generic_plan', true)"

    /// Deletes the contexts at the paths `$1` (with everything under them).
    static let removedContextsSQL = "DELETE FROM contexts WHERE path = ANY($1::text[])"

    /// Inserts or updates a context by its path; its parent is found by path too.
    static let contextSQL = PostgreSQLEngine.numbered(
        """
        \(ContextRow.columns.insert(first: "COALESCE(?::bigint, \(ContextRow.byPath))"))
        \(ContextRow.onPathConflict)
        """)

    /// Inserts or updates a context by its path; its parent is found by path too.
    static func context(_ context: Context) throws -> (sql: String, values: [SQLValue]) {
        let parentPath = try context.parent.map { try JSON.encode($0.identifierPath) }
        let values = try ContextRow.values(context, parentID: nil)
        return (contextSQL, [values[0], .text(parentPath)] + values.dropFirst())
    }

    /// Inserts an attempt, its context found by path, or updates it by UUID unless the stored
    /// state was saved later; the values are ``ActivityRow``'s with the context's path (`$2` the
    /// UUID). An attempt the store holds ended is not even proposed: on a school server it is
    /// frozen (``PGMigrations/endedAttemptsFrozen``), and an upsert that meets a frozen row is
    /// refused whatever its `WHERE` says, so the row stays as it is, without an error. Hence
    /// `INSERT ... SELECT`, its values typed as `VALUES` would have them from the columns.
    static let attemptSQL: String = {
        let columns = ActivityRow.columns
        let values = [ContextRow.byPath] + columns.types.dropFirst().map { "?::\($0)" }
        let insert = PostgreSQLEngine.numbered(
            "INSERT INTO activities (\(columns.list)) SELECT \(values.joined(separator: ", "))")
        return """
            \(insert)
            WHERE NOT EXISTS (SELECT 1 FROM activities WHERE uuid = $2::uuid AND ended_at IS NOT NULL)
            \(ActivityRow.onUUIDConflict)
            """
    }()

    /// Inserts an attempt or updates it by UUID, unless the stored state was saved later.
    static func activity(_ activity: Activity, path: String, now: Double) -> (sql: String, values: [SQLValue]) {
        (attemptSQL, ActivityRow.values(activity, context: .text(path), now: now))
    }

    /// Deletes the removed items and upserts the changed ones (every item of a new attempt), for
    /// every attempt whose state this save wrote (`saved_at` is this save's time).
    static func items(_ activities: [Activity], now: Double) -> [(sql: String, values: [SQLValue])] {
        var removed: [(uuid: String, identifier: String)] = []
        var rows: [[SQLValue]] = []  // ItemRow.values with the attempt's UUID
        for activity in activities {
            let uuid = activity.uuid.lowercasedString
            let isNew = activity.rowID == nil
            if !isNew { removed += activity.items.removed.sorted().map { (uuid, $0) } }
            let changed = isNew ? Set(activity.items.all.map(\.identifier)) : activity.items.dirty
            for identifier in changed.sorted() {
                guard let item = activity.items.item(identifier) else { continue }
                let sequence = activity.items.sequence[identifier] ?? 0
                rows.append(ItemRow.values(item, attempt: .text(uuid), sequence: sequence))
            }
        }
        var statements: [(sql: String, values: [SQLValue])] = []
        if !removed.isEmpty {
            statements.append(
                (
                    removedItemsSQL,
                    [PGArray.text(removed.map(\.uuid)), PGArray.text(removed.map(\.identifier)), .real(now)]
                ))
        }
        if !rows.isEmpty { statements.append(itemRows(rows, savedAt: now)) }
        return statements
    }

    /// Deletes the items `$2` of the attempts `$1` (UUIDs, pairwise) whose stored state was saved at `$3`.
    static let removedItemsSQL = """
        DELETE FROM activity_items i USING activities a, unnest($1::uuid[], $2::text[]) AS r(uuid, identifier)
        WHERE a.uuid = r.uuid AND a.saved_at = $3 AND i.activity_id = a.id AND i.identifier = r.identifier
        """

    /// Upserts items given as rows (``ItemRow/values(_:attempt:sequence:)`` with the attempt's
    /// UUID) into the attempts whose stored state was saved at `savedAt`.
    static func itemRows(_ rows: [[SQLValue]], savedAt: Double) -> (sql: String, values: [SQLValue]) {
        (itemsSQL, PGArray.columns(rows, count: ItemRow.columns.names.count) + [.real(savedAt)])
    }

    /// ``itemRows(_:savedAt:)``'s upsert.
    static let itemsSQL = upsertSQL(ItemRow.columns, ItemRow.onKeyConflict)

    /// Appends the events since the last save, numbered from the count already saved; an event
    /// already stored (a replayed save) is left as it is.
    static func events(_ activities: [Activity]) -> (sql: String, values: [SQLValue])? {
        let rows = activities.flatMap { EventRow.pending($0, attempt: .text($0.uuid.lowercasedString)) }
        return rows.isEmpty ? nil : eventRows(rows)
    }

    /// Adds events given as rows (``EventRow``'s values with the attempt's UUID); an event already
    /// stored is left as it is.
    static func eventRows(_ rows: [[SQLValue]]) -> (sql: String, values: [SQLValue]) {
        (eventsSQL, PGArray.columns(rows, count: EventRow.columns.names.count))
    }

    /// ``eventRows(_:)``'s insert.
    static let eventsSQL = "\(insertByUUID(EventRow.columns))\nON CONFLICT (activity_id, sequence) DO NOTHING"

    /// Writes the replay records that changed, for every attempt whose state this save wrote.
    static func inputs(_ activities: [Activity], now: Double) -> (sql: String, values: [SQLValue])? {
        let rows = AttemptInputsRow.changed(activities)
        return rows.isEmpty ? nil : inputRows(rows, savedAt: now)
    }

    /// Upserts replay records given as rows (``AttemptInputsRow``'s values with the attempt's UUID)
    /// into the attempts whose stored state was saved at `savedAt`.
    static func inputRows(_ rows: [[SQLValue]], savedAt: Double) -> (sql: String, values: [SQLValue]) {
        (inputsSQL, PGArray.columns(rows, count: AttemptInputsRow.columns.names.count) + [.real(savedAt)])
    }

    /// ``inputRows(_:savedAt:)``'s upsert.
    static let inputsSQL = upsertSQL(AttemptInputsRow.columns, AttemptInputsRow.onKeyConflict)

    /// The row ids of the contexts at the paths `$1`.
    static let contextIDsSQL = "SELECT path, id FROM contexts WHERE path = ANY($1::text[])"

    /// The row ids of the attempts with the UUIDs `$1`.
    static let attemptIDsSQL = "SELECT uuid, id FROM activities WHERE uuid = ANY($1::uuid[])"

    /// Upserts rows of `columns` (the attempt's UUID first, one array a column) into the attempts
    /// whose stored state was saved at the last parameter, each conflict resolved by `onConflict`:
    /// a row follows its attempt's state.
    private static func upsertSQL(_ columns: TableColumns, _ onConflict: String) -> String {
        """
        \(insertByUUID(columns)) AND a.saved_at = $\(columns.names.count + 1)
        \(onConflict)
        """
    }

    /// `INSERT ... SELECT` of rows sent as one array a column (`$1` ...), whose first column is
    /// their attempt's UUID: each row goes to the attempt with that UUID, while it is open (an
    /// ended attempt is final, ``PGMigrations/endedAttemptsFrozen``: an outbox delivery of it
    /// again, or a save retried after a lost acknowledgement, adds nothing, where the roles'
    /// policies would refuse it).
    private static func insertByUUID(_ columns: TableColumns) -> String {
        let rest = columns.names.dropFirst()
        let arrays = (["uuid"] + columns.types.dropFirst()).enumerated().map { "$\($0.offset + 1)::\($0.element)[]" }
        return """
            INSERT INTO \(columns.table) (\(columns.list))
            SELECT a.id, \(rest.map { "t.\($0)" }.joined(separator: ", "))
            FROM unnest(\(arrays.joined(separator: ", "))) AS t(uuid, \(rest.joined(separator: ", ")))
            JOIN activities a ON a.uuid = t.uuid AND \(PGMigrations.isOpen("a"))
            """
    }
}

/// PostgreSQL array literals (`{"a","b",NULL}`), to send a column of values as one parameter.
enum PGArray {
    /// One array of texts (or of anything whose text PostgreSQL reads: numbers, UUIDs, Booleans).
    static func text(_ values: [String?]) -> SQLValue {
        .text("{" + values.map { $0.map(quoted) ?? "NULL" }.joined(separator: ",") + "}")
    }

    /// One array of texts.
    static func text(_ values: [String]) -> SQLValue { text(values.map(Optional.some)) }

    /// Rows of `count` values turned into `count` arrays, one per column.
    static func columns(_ rows: [[SQLValue]], count: Int) -> [SQLValue] {
        (0..<count).map { column in text(rows.map { $0[column].postgresText }) }
    }

    private static func quoted(_ value: String) -> String {
        "\"" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
