import CSQLite
import Glibc

/// One SQLite connection, confined to the thread or task that uses its store.
///
/// Opening sets a busy timeout (so concurrent writers wait instead of failing), WAL mode (readers
/// never block the writer, and a killed process leaves the last commit intact) and foreign keys
/// (removal cascades).
package final class Connection {
    let db: OpaquePointer
    private var cache: [String: Statement] = [:]

    /// How long a writer waits for another connection's lock before giving up.
    static let busyTimeoutMilliseconds: Int32 = 10_000

    /// Opens or creates the database at `path`.
    /// - Parameter path: A file path, or `:memory:` for a private in-memory database.
    /// - Throws: ``TrackingError/sqlite(code:message:sql:)`` when the file cannot be opened.
    init(path: String) throws {
        Self.createPrivately(path)
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            sqlite3_close_v2(handle)  // open may allocate a handle even on failure
            try check(code == SQLITE_OK ? SQLITE_CANTOPEN : code, db: nil, sql: nil)
            fatalError("unreachable: check throws for every failure code")
        }
        db = handle
        try check(sqlite3_busy_timeout(db, Self.busyTimeoutMilliseconds), db: db)
        try execute("PRAGMA journal_mode = WAL")
        try execute("PRAGMA synchronous = NORMAL")  // WAL + NORMAL survives a killed process
        try execute("PRAGMA foreign_keys = ON")
    }

    /// Creates a store file that does not exist yet as an empty file readable and writable by its
    /// owner only (mode 0600), before SQLite opens it: a SQLite store trusts whoever can open the
    /// file, so nobody else on the machine may (`docs/classroom.md`, "Who can see what"). SQLite
    /// takes an empty file as a new database and gives its `-wal` and `-shm` files the same mode.
    /// `O_EXCL` leaves an existing file (and its mode) alone; any other failure is left for
    /// SQLite's open to report in its words.
    private static func createPrivately(_ path: String) {
        guard !path.isEmpty, path != ":memory:", !path.hasPrefix("file:") else { return }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if descriptor >= 0 { close(descriptor) }
    }

    deinit {
        cache.removeAll()  // statements must finalize before the connection closes
        sqlite3_close_v2(db)
    }

    /// The steps SQLite's virtual machine has taken so far in the cached statements
    /// (`SQLITE_STMTSTATUS_VM_STEP`, <https://sqlite.org/c3ref/c_stmtstatus_counter.html>): the
    /// work done, counted, so a test can see how a job grows with its input without timing it.
    package var virtualMachineSteps: Int {
        cache.values.reduce(0) { $0 + Int(sqlite3_stmt_status($1.handle, SQLITE_STMTSTATUS_VM_STEP, 0)) }
    }

    /// Runs one or more SQL statements that take no parameters.
    /// - Parameter sql: Trusted SQL text (schema, pragmas, transaction control).
    /// - Throws: ``TrackingError/sqlite(code:message:sql:)`` on failure.
    package func execute(_ sql: String) throws {
        try check(sqlite3_exec(db, sql, nil, nil, nil), db: db, sql: sql)
    }

    /// Returns a cached prepared statement for `sql`, preparing it on first use.
    ///
    /// Saving per answer reuses the same few statements, so caching keeps each save cheap.
    /// - Parameter sql: One SQL statement with `?` parameters.
    /// - Returns: The statement, reset on its next bind.
    /// - Throws: ``TrackingError/sqlite(code:message:sql:)`` when the SQL does not compile.
    package func statement(_ sql: String) throws -> Statement {
        if let cached = cache[sql] { return cached }
        let statement = try Statement(db: db, sql: sql, persistent: true)
        cache[sql] = statement
        return statement
    }

    /// Runs `body` inside `BEGIN IMMEDIATE` ... `COMMIT`, rolling back if anything throws.
    ///
    /// `IMMEDIATE` takes the write lock up front, so a second process waits on the busy timeout
    /// instead of failing later when a read lock cannot be upgraded. Pass `readOnly: true` for a
    /// deferred transaction that only needs one consistent snapshot.
    /// - Parameters:
    ///   - readOnly: Whether `body` only reads.
    ///   - body: The work to do atomically.
    /// - Returns: What `body` returns.
    /// - Throws: The first error thrown by `body` or by `COMMIT`; a rollback failure never hides it.
    package func transaction<T>(readOnly: Bool = false, _ body: () throws -> T) throws -> T {
        try execute(readOnly ? "BEGIN DEFERRED" : "BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            if sqlite3_get_autocommit(db) == 0 {  // SQLite may already have rolled back
                try? execute("ROLLBACK")
            }
            throw error
        }
    }

    /// The rowid of the last row inserted on this connection.
    var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(db) }
}
