/// One save's rows for `edujam_save` (``PGMigrations/saveByRows``): each table's rows as
/// ``TableColumns`` orders their values, the pointer first (an attempt's context path, a row's
/// attempt UUID), sent as one JSON array of objects keyed by the columns' names, which the
/// function reads as the table's own rows. A column added to a row type is sent by that alone.
struct SaveRows {
    /// The attempts: ``ActivityRow``'s values, the context's path first.
    var attempts: [[SQLValue]] = []
    /// The items removed: the attempt's UUID and the item's identifier.
    var removed: [[SQLValue]] = []
    /// The items written: ``ItemRow``'s values, the attempt's UUID first.
    var items: [[SQLValue]] = []
    /// The events added: ``EventRow``'s values, the attempt's UUID first.
    var events: [[SQLValue]] = []
    /// The replay records written: ``AttemptInputsRow``'s values, the attempt's UUID first.
    var inputs: [[SQLValue]] = []

    /// The function's parameters, in order: one a table, then the save's time.
    static let parameterNames = ["attempt_rows", "removed_rows", "item_rows", "event_rows", "input_rows", "save_time"]

    /// The parameters of a save of nothing with no time (``PGSave/emptySave``).
    static let none: [SQLValue] = Array(repeating: .text("[]"), count: parameterNames.count - 1) + [.null]

    /// The keys of each table's objects, in ``parameterNames``' order: its columns, the pointer
    /// named for what it holds, which the function finds the row's context or attempt by.
    private static let keys: [[String]] = [
        keys(ActivityRow.columns, pointer: "context"), ["attempt", "identifier"],
        keys(ItemRow.columns, pointer: "attempt"), keys(EventRow.columns, pointer: "attempt"),
        keys(AttemptInputsRow.columns, pointer: "attempt"),
    ]

    private static func keys(_ columns: TableColumns, pointer: String) -> [String] {
        [pointer] + columns.names.dropFirst()
    }

    /// The call's parameters: each table's rows as JSON, then `time`.
    /// - Throws: ``TrackingError/postgresql(state:message:sql:)`` for text holding a NUL, as
    ///   PostgreSQL refuses any other parameter that holds one, before anything is sent.
    func parameters(time: Double) throws -> [SQLValue] {
        let tables = [attempts, removed, items, events, inputs]
        try PGConnection.checkText(tables.flatMap { $0.flatMap { $0 } }, sql: PGSave.saveSQL)
        return try zip(tables, Self.keys).map { rows, keys in
            let objects = rows.map { Dictionary(uniqueKeysWithValues: zip(keys, $0.map(\.postgresText))) }
            return .text(try JSON.encode(objects))
        } + [.real(time)]
    }
}
