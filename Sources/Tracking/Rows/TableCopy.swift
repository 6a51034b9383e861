/// How `edujam store copy` reads one tracking table from a store and writes it to another, by
/// natural keys: a row points at its context by path and at its attempt by UUID, never by a row
/// id, which differs between stores. Built from the table's row type, so the copy and the engines
/// name the same columns.
package struct TableCopy: Sendable {
    /// The table: `activity_items`.
    package let table: String
    /// The source's rows (``StoreRows``): the parent's natural key first, then the table's columns.
    package let read: String
    /// One row into the destination (`?` parameters, as ``read`` returns it); a row the
    /// destination already holds is kept as it is.
    package let write: String
    /// Why a source row cannot be read (``StoredRowRules``), or nil.
    package let rule: @Sendable ([SQLValue]) -> String?
    /// The row as it is written: what every reader reads it as.
    package let prepare: @Sendable ([SQLValue]) -> [SQLValue]
    /// ``read``'s columns, by name (the parent's key by its own: `path`, `uuid`).
    let columns: Projection

    /// A table whose first column points at a row of another by that row's `naturalKey`.
    /// - Parameters:
    ///   - columns: The table's columns, the pointer first.
    ///   - from: The table and its alias in ``read`` (`activity_items i`).
    ///   - parent: The row pointed at and how (`JOIN activities a ON a.id = i.activity_id`).
    ///   - naturalKey: The parent's key in ``read`` (`a.uuid`).
    ///   - lookUp: The parent's row id by that key in ``write`` (``ActivityRow/byUUID``).
    ///   - order: `ORDER BY` of ``read``, if any.
    init(
        _ columns: TableColumns, from alias: String, parent: String, naturalKey: String, lookUp: String,
        order: String = "", rule: @escaping @Sendable ([SQLValue]) -> String?,
        prepare: @escaping @Sendable ([SQLValue]) -> [SQLValue] = { $0 }
    ) {
        let own = columns.without([columns.names[0]])
        table = columns.table
        self.columns = Projection([naturalKey] + own.names.map { "\(alias).\($0)" })
        read = """
            SELECT \(self.columns.list)
            FROM \(columns.table) \(alias) \(parent) \(order)
            """
        write = "\(columns.insert(first: lookUp)) ON CONFLICT DO NOTHING"
        self.rule = rule
        self.prepare = prepare
    }

    /// A table that points at no other.
    init(_ columns: TableColumns) {
        table = columns.table
        self.columns = Projection(columns.names)
        read = "SELECT \(columns.list) FROM \(columns.table)"
        write = "\(columns.insert()) ON CONFLICT DO NOTHING"
        rule = { _ in nil }
        prepare = { $0 }
    }
}

extension TableCopy {
    /// Contexts, parents first, each pointing at its parent by path.
    package static let contexts = TableCopy(
        ContextRow.columns, from: "c", parent: "LEFT JOIN contexts p ON p.id = c.parent_id", naturalKey: "p.path",
        lookUp: ContextRow.byPath, order: "ORDER BY c.id", rule: StoredRowRules.context)

    /// Attempts (not when their state was saved: the destination's first save is later), by
    /// their context's path, with their durations within ``SafeNumbers/maximumDurationSeconds``
    /// (older versions could save an infinite one) and at most ``Limits/progressRanges`` progress
    /// ranges (older versions kept any number): as every reader reads them.
    package static let activities = TableCopy(
        ActivityRow.columns.without(["saved_at"]), from: "a", parent: "JOIN contexts c ON c.id = a.context_id",
        naturalKey: "c.path", lookUp: ContextRow.byPath, order: "ORDER BY a.id", rule: StoredRowRules.activity,
        prepare: attemptAsRead)

    /// Items, by their attempt's UUID.
    package static let items = TableCopy(
        ItemRow.columns, from: "i", parent: "JOIN activities a ON a.id = i.activity_id", naturalKey: "a.uuid",
        lookUp: ActivityRow.byUUID, order: "ORDER BY a.uuid, i.sequence", rule: StoredRowRules.item)

    /// Events, by their attempt's UUID, each time within the years 0000 to 9999 as every reader
    /// reads it (``SafeNumbers/time(_:)``; a store file may hold an infinite one), and only those
    /// numbered below ``Limits/eventsPerAttempt``, as a school's store takes them (EduJam numbers
    /// an attempt's events from 0 with no gap, so they are the ones every reader reads).
    package static let events = TableCopy(
        EventRow.columns, from: "e",
        parent: "JOIN activities a ON a.id = e.activity_id AND e.sequence < \(Limits.eventsPerAttempt)",
        naturalKey: "a.uuid",
        lookUp: ActivityRow.byUUID, rule: StoredRowRules.event, prepare: eventAsRead)

    /// Replay records, by their attempt's UUID.
    package static let inputs = TableCopy(
        AttemptInputsRow.columns, from: "i", parent: "JOIN activities a ON a.id = i.activity_id", naturalKey: "a.uuid",
        lookUp: ActivityRow.byUUID, rule: StoredRowRules.inputs)

    /// For a row of ``items``, ``events`` or ``inputs`` (as ``read`` returns it): a query that
    /// returns a row when the destination already holds one of the same key in the same attempt,
    /// with its parameters; nil for the other tables. `store copy` asks it of the rows of an
    /// attempt the destination holds ended, which it adds nothing to.
    package func held(_ row: [SQLValue]) -> (sql: String, values: [SQLValue])? {
        let key: String?
        switch table {
        case ItemRow.columns.table: key = "identifier"
        case EventRow.columns.table: key = "sequence"
        case AttemptInputsRow.columns.table: key = nil
        default: return nil
        }
        let attempt = "SELECT 1 FROM \(table) WHERE activity_id = \(ActivityRow.byUUID)"
        guard let key else { return (attempt, [row[0]]) }
        let columns = [ItemRow.columns, EventRow.columns].first { $0.table == table }?.names.dropFirst() ?? []
        guard let index = columns.firstIndex(of: key).map({ $0 - columns.startIndex + 1 }), index < row.count else {
            return nil
        }
        return (attempt + " AND \(key) = ?", [row[0], row[index]])
    }

    /// The statements LRSs accepted.
    package static let acceptedStatements = TableCopy(AcceptedStatementRow.columns)

    /// Where the copy's rows hold the columns the preparations rewrite: found once, not per row.
    private static let durationColumn = ActivityRow.columns.names.firstIndex(of: "duration")
    private static let rangesColumn = ActivityRow.columns.names.firstIndex(of: "ranges")
    private static let eventTimeColumn = EventRow.columns.names.firstIndex(of: "at")

    /// An attempt's row as ``activities`` reads it, its duration clamped and its ranges kept to
    /// the limit as every reader reads them. The ranges are rewritten only past the limit, so a
    /// copy of any other row is the row.
    private static func attemptAsRead(_ row: [SQLValue]) -> [SQLValue] {
        var row = row
        if let index = durationColumn, case .real(let seconds) = row[index] {
            row[index] = .real(SafeNumbers.duration(seconds))
        }
        // A range opens one bracket and the list one more: a count of bytes, where decoding every
        // attempt's ranges a second time (``StoredRowRules`` decoded them) would be most of the work.
        if let index = rangesColumn, case .text(let text) = row[index],
            text.utf8.lazy.filter({ $0 == UInt8(ascii: "[") }).count > Limits.progressRanges + 1,
            let ranges = try? RowDecoder.ranges(text)
        {
            row[index] = .text(ProgressRanges(ranges).json)
        }
        return row
    }

    /// An event's row as ``events`` reads it, its time within the years 0000 to 9999.
    private static func eventAsRead(_ row: [SQLValue]) -> [SQLValue] {
        guard let index = eventTimeColumn, case .real(let seconds) = row[index] else { return row }
        var row = row
        row[index] = .real(SafeNumbers.time(seconds))
        return row
    }
}
