/// The statements of one save on PostgreSQL (``PostgreSQLEngine/write(_:)``): each refers to rows
/// by path or UUID, so the whole save goes in one pipeline. Its attempts, with their items, events
/// and replay records, go in one call of `edujam_save` (``PGMigrations/saveByRows``), each table's
/// rows as one JSON array keyed by the table's columns (``SaveRows``); its contexts as statements
/// of their own. Columns and values come from the row types (``ContextRow``, ``ActivityRow``,
/// ``ItemRow``, ``EventRow``, ``AttemptInputsRow``). The attempts' statements (``attemptSQL``,
/// ``itemRows(_:savedAt:)``, ``eventRows(_:)``, ``inputRows(_:savedAt:)``) are an outbox delivery's.
enum PGSave {
    /// The SQL of every statement a save may send, each text the same in every save: what a
    /// connection prepares when the store opens (``PostgreSQLEngine/open(rootIdentifier:parts:)``),
    /// so that no save, not even the first, waits for the server to parse and analyse its
    /// statements and to load the tables' rules and policies for them.
    static let everyStatement: [String] = [
        genericPlansSQL, removedContextsSQL, contextSQL, saveSQL, contextIDsSQL, attemptIDsSQL,
    ]

    /// A save of nothing: ``saveSQL`` with every table's rows empty and no time, which runs every
    /// write of the call over no rows (``PGMigrations/saveByRows``). A store's open runs it once
    /// (``PostgreSQLEngine/open(rootIdentifier:parts:)``) so that the call's statements are planned,
    /// and the tables they write read into the session, seconds before the first save, which would
    /// otherwise wait for that (a class's games open together: the `store/saves` bench row's first
    /// saves). It writes nothing and takes no transaction id.
    static let emptySave: [(sql: String, values: [SQLValue])] = [
        (genericPlansSQL, []), (saveSQL, SaveRows.none),
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

    /// A save's attempts in one call of `edujam_save` (``PGMigrations/saveByRows``), which answers
    /// each attempt's UUID and row id: the attempts (each with its context's path, ``ActivityRow``'s
    /// values otherwise), their removed items, then their changed items (every item of a new
    /// attempt), the events since the last save, the replay records that changed, and the save's
    /// time (`saved_at`). Nil when the save holds no attempt.
    static func attempts(_ activities: [Activity], now: Double) throws -> (sql: String, values: [SQLValue])? {
        guard !activities.isEmpty else { return nil }
        var rows = SaveRows()
        for activity in activities {
            let uuid = SQLValue.text(activity.uuid.lowercasedString)
            if let context = activity.context {
                let path = try JSON.encode(context.identifierPath)
                rows.attempts.append(ActivityRow.values(activity, context: .text(path), now: now))
            }
            let isNew = activity.rowID == nil
            if !isNew { rows.removed += activity.items.removed.sorted().map { [uuid, .text($0)] } }
            let changed = isNew ? Set(activity.items.all.map(\.identifier)) : activity.items.dirty
            for identifier in changed.sorted() {
                guard let item = activity.items.item(identifier) else { continue }
                rows.items.append(
                    ItemRow.values(item, attempt: uuid, sequence: activity.items.sequence[identifier] ?? 0))
            }
        }
        rows.events = activities.flatMap { EventRow.pending($0, attempt: .text($0.uuid.lowercasedString)) }
        rows.inputs = AttemptInputsRow.changed(activities)
        return (saveSQL, try rows.parameters(time: now))
    }

    /// ``attempts(_:now:)``'s call, its parameters named as the function's (``SaveRows``).
    static let saveSQL =
        "SELECT attempt_uuid, attempt_id FROM edujam_save("
        + SaveRows.parameterNames.enumerated().map { "\($0.element) => $\($0.offset + 1)" }.joined(separator: ", ")
        + ")"

    /// Upserts items given as rows (``ItemRow/values(_:attempt:sequence:)`` with the attempt's
    /// UUID) into the attempts whose stored state was saved at `savedAt`.
    static func itemRows(_ rows: [[SQLValue]], savedAt: Double) -> (sql: String, values: [SQLValue]) {
        (itemsSQL, PGArray.columns(rows, count: ItemRow.columns.names.count) + [.real(savedAt)])
    }

    /// ``itemRows(_:savedAt:)``'s upsert.
    static let itemsSQL = upsertSQL(ItemRow.columns, ItemRow.onKeyConflict)

    /// Adds events given as rows (``EventRow``'s values with the attempt's UUID); an event already
    /// stored is left as it is.
    static func eventRows(_ rows: [[SQLValue]]) -> (sql: String, values: [SQLValue]) {
        (eventsSQL, PGArray.columns(rows, count: EventRow.columns.names.count))
    }

    /// ``eventRows(_:)``'s insert.
    static let eventsSQL = "\(insertByUUID(EventRow.columns))\nON CONFLICT (activity_id, sequence) DO NOTHING"

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
