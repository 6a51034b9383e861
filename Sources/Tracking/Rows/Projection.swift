/// A query's select list and where each of its columns stands in the rows it returns, so that a
/// decoder reads a column by its name. The attempts' readers (``RowDecoder/run(_:paths:gone:)``,
/// ``ActivityRow/saved(_:)``, ``StoredRowRules/activity(_:)``) each select ``ActivityRow/columns``
/// among columns of their own: reading by name, a column added to the row type is read by each
/// of them with no position to move.
struct Projection: Sendable {
    /// The select list: `c.path, a.id, a.context_id, ...`.
    let list: String
    private let positions: [String: Int32]

    /// The columns `selected`, each named in the rows by what follows its alias (`c.path`: `path`);
    /// of two of one name (a context's parent's path and its own), the name reads the first.
    init(_ selected: [String]) {
        list = selected.joined(separator: ", ")
        let names = selected.map { $0.split(separator: ".").last.map(String.init) ?? $0 }
        positions = Dictionary(names.enumerated().map { ($1, Int32($0)) }) { first, _ in first }
    }

    /// A row of a query that selects ``list``.
    func row<Row: SQLRow>(_ row: Row) -> NamedRow<Row> { NamedRow(row: row, projection: self) }

    /// Where `name` stands; a name the list lacks is a decoder's mistake, not the data's.
    fileprivate func position(_ name: String) -> Int32 {
        guard let position = positions[name] else { preconditionFailure("the query selects no column \(name)") }
        return position
    }
}

/// One row of a ``Projection``, read by column name.
struct NamedRow<Row: SQLRow> {
    let row: Row
    let projection: Projection

    func text(_ name: String) -> String? { row.text(projection.position(name)) }
    func int(_ name: String) -> Int64 { row.int(projection.position(name)) }
    func double(_ name: String) -> Double { row.double(projection.position(name)) }
    func isNull(_ name: String) -> Bool { row.isNull(projection.position(name)) }
    func optionalDouble(_ name: String) -> Double? { row.optionalDouble(projection.position(name)) }

    /// ``SQLRow/finite(_:_:in:)``, naming the column.
    func finite(_ name: String, in range: ClosedRange<Double>? = nil) throws -> Double {
        try row.finite(projection.position(name), name, in: range)
    }
}
