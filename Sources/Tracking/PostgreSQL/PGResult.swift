import CLibPQ

/// The rows of one statement, in libpq's text format; owns its `PGresult`.
package final class PGResult {
    private let handle: OpaquePointer

    init(_ handle: OpaquePointer) { self.handle = handle }

    deinit { PQclear(handle) }

    /// How many rows the statement returned.
    package var count: Int { Int(PQntuples(handle)) }

    /// The rows, in order.
    package var rows: [PGRow] { (0..<count).map { PGRow(result: self, index: Int32($0)) } }

    /// How many columns each row has.
    var columnCount: Int32 { PQnfields(handle) }

    /// The type of column `column` (its `pg_type` oid).
    fileprivate func type(_ column: Int32) -> Oid { PQftype(handle, column) }

    /// How many rows an `INSERT`, `UPDATE` or `DELETE` touched.
    var affectedRows: Int { Int(String(cString: PQcmdTuples(handle))) ?? 0 }

    /// Maps every row through `row`.
    package func map<T>(_ row: (PGRow) throws -> T) rethrows -> [T] { try rows.map(row) }

    fileprivate func text(_ row: Int32, _ column: Int32) -> String? {
        guard PQgetisnull(handle, row, column) == 0, let value = PQgetvalue(handle, row, column) else { return nil }
        return String(cString: value)
    }
}

/// One row of a ``PGResult``, read by column number as ``SQLRow`` says.
package struct PGRow: SQLRow {
    let result: PGResult
    let index: Int32

    package func text(_ column: Int32) -> String? { result.text(index, column) }

    /// An integer column; a boolean reads as 1 or 0, as SQLite stores it.
    package func int(_ column: Int32) -> Int64 {
        switch text(column) {
        case "t": return 1
        case "f": return 0
        case let value?: return Int64(value) ?? 0
        case nil: return 0
        }
    }

    /// A float8 column (`Infinity`, `-Infinity` and `NaN` included).
    package func double(_ column: Int32) -> Double { text(column).flatMap(Double.init) ?? 0 }

    package func isNull(_ column: Int32) -> Bool { text(column) == nil }

    /// Column `column` as a value of its type: integers and Booleans (as 1 or 0) as integers,
    /// float8 as reals, anything else (text, UUIDs) as text.
    package func value(_ column: Int32) -> SQLValue {
        guard !isNull(column) else { return .null }
        switch result.type(column) {
        case 16, 20, 21, 23: return .integer(int(column))  // bool, int8, int2, int4
        case 700, 701: return .real(double(column))  // float4, float8
        default: return .text(text(column))
        }
    }
}
