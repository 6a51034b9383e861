/// A tracking table's columns, named once, and the SQL text both engines build from them: the
/// column list, `INSERT` with `?` parameters (PostgreSQL numbers them with
/// `PostgreSQLEngine.numbered(_:)`), and the `SET` of an upsert. Engine-specific SQL (upsert
/// forms, `RETURNING`, arrays) is written by the engines around these pieces.
struct TableColumns: Sendable {
    /// The table: `activity_items`.
    let table: String
    /// The columns, in the order the row's values are bound and its decoder reads them.
    let names: [String]
    /// Each column's PostgreSQL type (`float8`), for a column sent as one array; SQLite needs none.
    let types: [String]

    /// A table's columns as `(name, PostgreSQL type)` pairs.
    init(_ table: String, _ columns: KeyValuePairs<String, String>) {
        self.init(table, names: columns.map(\.key), types: columns.map(\.value))
    }

    private init(_ table: String, names: [String], types: [String]) {
        self.table = table
        self.names = names
        self.types = types
    }

    /// `a, b, c`.
    var list: String { names.joined(separator: ", ") }

    /// `t.a, t.b, t.c`: the columns of `alias`.
    func list(of alias: String) -> String { names.map { "\(alias).\($0)" }.joined(separator: ", ") }

    /// `?, ?, ?`, one parameter a column.
    var parameters: String { Self.parameters(names.count) }

    /// `count` parameters: `?, ?`.
    static func parameters(_ count: Int) -> String { Array(repeating: "?", count: count).joined(separator: ", ") }

    /// `INSERT INTO table (columns) VALUES (first, ?, ...)`: the first column's value is `first`
    /// (a look-up by a natural key such as `(SELECT id FROM activities WHERE uuid = ?)`).
    /// - Parameter verb: `INSERT`, or SQLite's `INSERT OR IGNORE` and `INSERT OR REPLACE`.
    func insert(first: String = "?", verb: String = "INSERT") -> String {
        "\(verb) INTO \(table) (\(list)) VALUES (\(placeholders(first: first)))"
    }

    /// `INSERT INTO table (columns) SELECT first, ?, ... WHERE condition`: the row is proposed
    /// only when `condition` holds (its own `?`s follow the columns' values).
    func insert(first: String = "?", where condition: String) -> String {
        "INSERT INTO \(table) (\(list)) SELECT \(placeholders(first: first)) WHERE \(condition)"
    }

    /// `first, ?, ...`: a value for each column.
    private func placeholders(first: String) -> String {
        ([first] + Array(repeating: "?", count: names.count - 1)).joined(separator: ", ")
    }

    /// `b = excluded.b, ...`: every column but `key` taken from the row an upsert proposed.
    func excluded(except key: [String]) -> String {
        names.filter { !key.contains($0) }.map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
    }

    /// The columns but `dropped`, in order.
    func without(_ dropped: [String]) -> TableColumns {
        let kept = names.indices.filter { !dropped.contains(names[$0]) }
        return TableColumns(table, names: kept.map { names[$0] }, types: kept.map { types[$0] })
    }
}
