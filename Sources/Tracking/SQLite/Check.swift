import CSQLite

/// The one funnel from SQLite result codes into ``TrackingError``.
///
/// Success codes pass through; anything else becomes ``TrackingError/sqlite(code:message:sql:)``
/// carrying SQLite's message and the SQL text; `SQLITE_BUSY` (the busy timeout ran out) becomes
/// ``TrackingError/busy(sql:)``; a file that is not a database, a read-only store and one that
/// cannot be opened become ``TrackingError/notAStore``, ``TrackingError/readOnly`` and
/// ``TrackingError/cannotOpen``, so no caller needs SQLite's codes. Bound values are never
/// included, because they may hold student names.
/// - Parameters:
///   - code: The result code returned by a `sqlite3_*` call.
///   - db: The connection, used to read the error message; nil when opening failed.
///   - sql: The statement being run, if any.
/// - Returns: `code`, when it is `SQLITE_OK`, `SQLITE_ROW` or `SQLITE_DONE`.
/// - Throws: ``TrackingError/busy(sql:)`` or ``TrackingError/sqlite(code:message:sql:)`` for every other code.
@discardableResult
func check(_ code: Int32, db: OpaquePointer?, sql: String? = nil) throws -> Int32 {
    switch code {
    case SQLITE_OK, SQLITE_ROW, SQLITE_DONE:
        return code
    case _ where code & 0xff == SQLITE_BUSY:
        throw TrackingError.busy(sql: sql)  // the busy timeout ran out: report it as such, not as a crash
    case _ where code & 0xff == SQLITE_NOTADB:
        throw TrackingError.notAStore
    case _ where code & 0xff == SQLITE_READONLY:
        throw TrackingError.readOnly
    case _ where [SQLITE_CANTOPEN, SQLITE_PERM, SQLITE_AUTH].contains(code & 0xff):
        throw TrackingError.cannotOpen
    default:
        let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
        throw TrackingError.sqlite(code: code, message: message, sql: sql)
    }
}
