import CSQLite
import Foundation

/// Writes straight into a store file, the way a store written before names were checked at the
/// door may already hold them: the CLI must print whatever a store holds safely.
enum OldStore {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs one SQL statement on the store at `path`, binding `texts` byte-exact (a NUL included).
    static func execute(_ path: String, _ sql: String, _ texts: [String] = []) throws {
        try withStatement(path, sql) { db, statement in
            for (offset, text) in texts.enumerated() {
                let bytes = Array(text.utf8).map { CChar(bitPattern: $0) }
                _ = sqlite3_bind_text64(
                    statement, Int32(offset + 1), bytes, UInt64(bytes.count), csqlite_transient(), UInt8(SQLITE_UTF8))
            }
            guard sqlite3_step(statement) == SQLITE_DONE else {
                throw Failure(description: String(cString: sqlite3_errmsg(db)))
            }
        }
    }

    /// The first column of the first row `sql` returns from the store at `path`, as text.
    static func value(_ path: String, _ sql: String) throws -> String? {
        try withStatement(path, sql) { _, statement in
            guard sqlite3_step(statement) == SQLITE_ROW, let text = sqlite3_column_text(statement, 0) else {
                return nil
            }
            return String(cString: text)
        }
    }

    /// `sql` prepared on the store at `path`, for `body`; both are closed after it.
    private static func withStatement<T>(
        _ path: String, _ sql: String, _ body: (OpaquePointer?, OpaquePointer?) throws -> T
    ) throws -> T {
        var db: OpaquePointer?
        defer { sqlite3_close_v2(db) }
        guard sqlite3_open(path, &db) == SQLITE_OK else { throw Failure(description: "cannot open \(path)") }
        var statement: OpaquePointer?
        defer { sqlite3_finalize(statement) }
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK else {
            throw Failure(description: String(cString: sqlite3_errmsg(db)))
        }
        return try body(db, statement)
    }

    /// Runs a script of SQL statements on the store at `path` with its CHECK constraints ignored,
    /// as an older version's store holds rows written before them.
    static func script(_ path: String, _ sql: String) throws {
        var db: OpaquePointer?
        defer { sqlite3_close_v2(db) }
        guard sqlite3_open(path, &db) == SQLITE_OK else { throw Failure(description: "cannot open \(path)") }
        guard sqlite3_exec(db, "PRAGMA ignore_check_constraints = ON;\n" + sql, nil, nil, nil) == SQLITE_OK else {
            throw Failure(description: String(cString: sqlite3_errmsg(db)))
        }
    }
}
