import CSQLite

/// A prepared statement that owns its handle: prepared in `init`, finalized in `deinit`.
///
/// See <https://sqlite.org/c3ref/stmt.html>.
package final class Statement: SQLRow {
    let handle: OpaquePointer
    let sql: String
    private let db: OpaquePointer

    /// Prepares `sql` on `db`.
    /// - Parameters:
    ///   - db: The connection handle.
    ///   - sql: One SQL statement.
    ///   - persistent: Hints SQLite that the statement is cached and reused.
    /// - Throws: ``TrackingError/sqlite(code:message:sql:)`` when the SQL does not compile.
    init(db: OpaquePointer, sql: String, persistent: Bool) throws {
        var handle: OpaquePointer?
        let flags = persistent ? UInt32(SQLITE_PREPARE_PERSISTENT) : 0
        try check(sqlite3_prepare_v3(db, sql, -1, flags, &handle, nil), db: db, sql: sql)
        guard let handle else {  // whitespace-only SQL compiles to no statement
            throw TrackingError.sqlite(code: SQLITE_MISUSE, message: "empty statement", sql: sql)
        }
        self.handle = handle
        self.sql = sql
        self.db = db
    }

    deinit { sqlite3_finalize(handle) }

    /// Resets the statement and binds `values` to parameters 1...n.
    /// - Parameter values: One value per `?` in the SQL.
    /// - Throws: ``TrackingError/sqlite(code:message:sql:)`` if a bind fails.
    func bind(_ values: [SQLValue]) throws {
        sqlite3_reset(handle)  // the previous step's error was already reported
        sqlite3_clear_bindings(handle)
        for (offset, value) in values.enumerated() {
            try bind(value, at: Int32(offset + 1))
        }
    }

    private func bind(_ value: SQLValue, at index: Int32) throws {
        let code: Int32
        switch value {
        case .null: code = sqlite3_bind_null(handle, index)
        case .integer(let v): code = sqlite3_bind_int64(handle, index, v)
        case .real(let v): code = sqlite3_bind_double(handle, index, v)
        case .text(let v): code = bindText(v, at: index)
        }
        try check(code, db: db, sql: sql)
    }

    /// Binds the text's UTF-8 bytes with their length, so a NUL inside is stored, not the end of the text.
    private func bindText(_ text: String, at index: Int32) -> Int32 {
        var text = text
        return text.withUTF8 { bytes in
            // An empty buffer may have no address, and a NULL pointer would bind SQL NULL.
            guard let base = bytes.baseAddress else {
                return sqlite3_bind_text(handle, index, "", 0, csqlite_transient())
            }
            return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                sqlite3_bind_text64(handle, index, $0, UInt64(bytes.count), csqlite_transient(), UInt8(SQLITE_UTF8))
            }
        }
    }

    /// Advances to the next row.
    /// - Returns: true when a row is available, false when the statement is done.
    /// - Throws: ``TrackingError/sqlite(code:message:sql:)`` on failure.
    func step() throws -> Bool {
        try check(sqlite3_step(handle), db: db, sql: sql) == SQLITE_ROW
    }

    /// Binds `values` and runs the statement to completion, ignoring any rows.
    /// - Parameter values: The parameters.
    /// - Throws: ``TrackingError/sqlite(code:message:sql:)`` on failure.
    package func run(_ values: [SQLValue] = []) throws {
        try bind(values)
        defer { sqlite3_reset(handle) }  // release locks and clear a failed step at once
        while try step() {}
    }

    /// Binds `values` and maps every row through `row`.
    /// - Parameters:
    ///   - values: The parameters.
    ///   - row: Reads the current row's columns.
    /// - Returns: The mapped rows, in order.
    /// - Throws: The first SQLite or mapping error.
    package func query<T>(_ values: [SQLValue] = [], row: (Statement) throws -> T) throws -> [T] {
        try bind(values)
        defer { sqlite3_reset(handle) }
        var rows: [T] = []
        while try step() { rows.append(try row(self)) }
        return rows
    }

    /// Reads column `index` of the current row as an integer.
    package func int(_ index: Int32) -> Int64 { sqlite3_column_int64(handle, index) }

    /// Reads column `index` of the current row as a double.
    package func double(_ index: Int32) -> Double { sqlite3_column_double(handle, index) }

    /// Reads column `index` as text, or nil when it is NULL: every byte SQLite holds, a NUL
    /// included (the length comes from SQLite, not from the first zero byte).
    package func text(_ index: Int32) -> String? {
        guard let bytes = sqlite3_column_text(handle, index) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, index))  // after column_text: the UTF-8 length
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// How many columns the statement returns.
    var columnCount: Int32 { sqlite3_column_count(handle) }

    /// Column `index` of the current row as the value SQLite holds.
    package func value(_ index: Int32) -> SQLValue {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_NULL: return .null
        case SQLITE_INTEGER: return .integer(int(index))
        case SQLITE_FLOAT: return .real(double(index))
        default: return .text(text(index))
        }
    }

    /// Whether column `index` of the current row is NULL.
    package func isNull(_ index: Int32) -> Bool { sqlite3_column_type(handle, index) == SQLITE_NULL }
}
