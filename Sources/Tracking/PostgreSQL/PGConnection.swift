import CLibPQ
import Foundation

/// One connection to a PostgreSQL server through libpq, confined to the thread or task that uses
/// its store (like SQLite's ``Connection``).
///
/// Every value travels as a parameter (`$1`, `$2`, ...; ``SQLValue``, sent as text and typed by the
/// server), never spliced into SQL. Results come back as text and are read through ``PGRow``.
/// Failures become one ``TrackingError``: ``TrackingError/serverUnreachable(server:reason:)`` when
/// there is no connection (naming the server, never the password), else
/// ``TrackingError/postgresql(state:message:sql:)`` with the SQLSTATE and the server's message.
package final class PGConnection {
    private let connection: OpaquePointer
    /// The server as a person would name it: its host or socket folder and port.
    package let server: String
    /// The database's name on that server.
    package let database: String
    /// "the PostgreSQL database NAME at SERVER": where a message says the store is.
    package var place: String { "the PostgreSQL database \(database) at \(server)" }
    /// How many times this connection has waited for the server's answer (each ``execute(_:)``,
    /// ``query(_:_:)`` and ``pipeline(_:prepared:preparing:)``): what a save costs on a distant server.
    private(set) var roundTrips = 0

    /// The statements this connection has prepared on the server (``pipeline(_:prepared:preparing:)``): each
    /// statement's name by its SQL. Emptied when the server may no longer hold them (a
    /// reconnection, an answer saying one is gone), so each is prepared again at its next use.
    private var preparedNames: [String: String] = [:]
    /// How many statements this connection has sent to be prepared: the number in the next name.
    /// A name is never used twice, so a statement prepared by a pipeline that failed afterwards
    /// (which the server may keep) never collides with the next one.
    private var preparedCount = 0

    /// How long a connection waits for the server, in seconds, unless the person set
    /// `connect_timeout` themselves (``connectionParameters(conninfo:environment:)``): libpq's own
    /// default waits for ever, so an unreachable host on a dropped network would hang `edujam` for
    /// minutes (TCP's retries). Ten seconds is long for a server that answers (a school network
    /// answers in milliseconds) and short enough for a student to wait once.
    static let defaultConnectTimeout = 10

    /// How long a reconnection in the middle of a command may take (``reconnectIfLost()``), in
    /// seconds: past it the server counts as unreachable, and `RunSaver`'s backoff spaces the next
    /// try. A command's first connection waits ``defaultConnectTimeout``: this one reconnects to
    /// a server that answered moments ago, where a handshake takes milliseconds, and a student
    /// may meet it at every question while the network is down.
    static let reconnectTimeout: TimeInterval = 2

    /// TCP's defaults for a dead peer, unless the person set them
    /// (``connectionParameters(conninfo:environment:)``): a connection whose server stops
    /// answering (a network cut, no reset) is dropped by the kernel after about 25 s, whether
    /// it waits for an answer (keepalive probes: 10 s idle, then 3 probes 5 s apart) or for its
    /// data to be acknowledged (`tcp_user_timeout`), instead of two hours (keepalive) or some 15
    /// minutes (retransmits). A server busy with a long statement still answers both (its kernel
    /// does), so a long report or `store copy` is never cut. Unix sockets ignore them.
    static let defaultTCPSettings: [(keyword: String, value: String)] = [
        ("keepalives_idle", "10"), ("keepalives_interval", "5"), ("keepalives_count", "3"),
        ("tcp_user_timeout", "25000"),
    ]

    /// How long each statement waits for the server's answer, in seconds; nil (the default) waits
    /// as long as the server works (a report, a migration, `store copy`). Past it the connection
    /// is dropped (the server rolls back a transaction it has not committed) and the statement
    /// fails as ``TrackingError/serverUnreachable(server:reason:)``. Saves set it
    /// (``answering(within:_:)``): a game waits for them.
    private(set) var answerTimeout: TimeInterval?

    /// Connects with `conninfo`, passed to libpq untouched: a URL (`postgresql://...`,
    /// `postgres://...`) or `key=value` pairs, with libpq's defaults from `PGHOST`, `PGUSER`,
    /// `PGPASSWORD`, `PGSSLMODE`, `~/.pgpass` and service files; plus ``defaultConnectTimeout``
    /// when nothing sets a `connect_timeout`.
    /// - Parameter environment: Where `PGCONNECT_TIMEOUT` and `PGSERVICE` are read; tests pass their own.
    /// - Throws: ``TrackingError/invalidConnectionString(_:)`` for a string libpq cannot parse,
    ///   ``TrackingError/serverUnreachable(server:reason:)`` when no connection is made.
    package init(conninfo: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        // Parsing it refuses a string libpq cannot read before anything is sent.
        let parameters = try Self.connectionParameters(conninfo: conninfo, environment: environment)
        let keywords = parameters.map { strdup($0.keyword) }
        let values = parameters.map { strdup($0.value) }
        defer { for pointer in keywords + values { free(pointer) } }
        let connected = (keywords + [nil]).map { UnsafePointer($0) }.withUnsafeBufferPointer { keywordList in
            (values + [nil]).map { UnsafePointer($0) }.withUnsafeBufferPointer { valueList in
                PQconnectdbParams(keywordList.baseAddress, valueList.baseAddress, 1)
            }
        }
        guard let handle = connected else {
            throw TrackingError.serverUnreachable(server: "(unknown)", reason: "out of memory")
        }
        server = HiddenPassword.scrub(Self.serverName(handle), of: conninfo)
        database = PQdb(handle).map { String(cString: $0) } ?? ""
        guard PQstatus(handle) == CONNECTION_OK else {
            let reason = HiddenPassword.scrub(Self.connectionFailure(handle), of: conninfo)
            let login = PQuser(handle).map { String(cString: $0) } ?? ""
            PQfinish(handle)
            // The server answered: a missing role is a refusal, not a reason to play offline and retry.
            if reason == "role \"\(login)\" does not exist" {
                throw TrackingError.unknownLogin(login: login, server: server)
            }
            throw TrackingError.serverUnreachable(server: server, reason: reason)
        }
        connection = handle
        // The server's notices are its log's, not the person's: libpq's default prints them on
        // stderr, so a student whose server stops mid-game would read `WARNING: terminating
        // connection due to immediate shutdown command` above "your work is kept" (the errors
        // that matter come back as results). `client_min_messages` cannot stop that one: the
        // server sends it whatever the session asks. Kept across reconnections (`PQresetStart`).
        PQsetNoticeProcessor(handle, { _, _ in }, nil)
        try configureSession(until: PGWait.Deadline(after: nil))
    }

    /// Prepares a new connection: non-blocking, so no send waits on a full socket
    /// (``PGWait/untilResult(_:until:)`` flushes), UTF-8, and fewer notices sent.
    private func configureSession(until deadline: PGWait.Deadline) throws {
        guard PQsetnonblocking(connection, 1) == 0 else { throw lostConnection() }
        let sql = "SET client_encoding = 'UTF8'; SET client_min_messages = warning"
        guard PQsendQuery(connection, sql) == 1 else { throw lostConnection() }
        _ = try check(try finalResult(until: deadline), sql: sql)
    }

    deinit { PQfinish(connection) }

    // MARK: Running SQL

    /// Runs trusted SQL without parameters: one or more statements (schema, transaction control).
    /// - Throws: ``TrackingError/postgresql(state:message:sql:)`` or ``TrackingError/serverUnreachable(server:reason:)``.
    package func execute(_ sql: String) throws {
        try reconnectIfLost()
        roundTrips += 1
        let deadline = PGWait.Deadline(after: answerTimeout)
        guard PQsendQuery(connection, sql) == 1 else { throw lostConnection() }
        _ = try check(try finalResult(until: deadline), sql: sql)
    }

    /// Runs `body` with each statement's answer bounded by `seconds` (``answerTimeout``).
    func answering<T>(within seconds: TimeInterval, _ body: () throws -> T) rethrows -> T {
        let outer = answerTimeout
        answerTimeout = seconds
        defer { answerTimeout = outer }
        return try body()
    }

    /// Opens a connection the server dropped (a restart, a network cut) or that was dropped for
    /// want of an answer, again, with the same parameters, before the next statement: a game
    /// whose server went away and came back saves again (`RunSaver` retries). A transaction open
    /// when it dropped is gone with it. The whole reconnection, handshake and session settings,
    /// takes at most ``reconnectTimeout``; a host name is looked up by the system's resolver
    /// first, which libpq does not bound.
    /// - Throws: ``TrackingError/serverUnreachable(server:reason:)`` while the server is still away.
    private func reconnectIfLost() throws {
        guard PQstatus(connection) != CONNECTION_OK else { return }  // BAD, or a reconnection cut short
        let deadline = PGWait.Deadline(after: Self.reconnectTimeout)
        preparedNames = [:]  // a new session on the server: none of them is there
        guard PGWait.reset(connection, until: deadline) else {
            throw PQstatus(connection) == CONNECTION_BAD ? lostConnection() : noAnswer(within: Self.reconnectTimeout)
        }
        try configureSession(until: deadline)
    }

    /// Runs one statement with `values` bound to `$1`, `$2`, ... and returns its rows.
    /// - Throws: ``TrackingError/postgresql(state:message:sql:)`` or ``TrackingError/serverUnreachable(server:reason:)``.
    @discardableResult
    package func query(_ sql: String, _ values: [SQLValue] = []) throws -> PGResult {
        try reconnectIfLost()
        roundTrips += 1
        let deadline = PGWait.Deadline(after: answerTimeout)
        let sent = try withParameters(values, sql: sql) { PQsendQueryParams(connection, sql, $0, nil, $1, nil, nil, 0) }
        guard sent == 1 else { throw lostConnection() }
        return try check(try finalResult(until: deadline), sql: sql)
    }

    /// The answer to what was sent, as `PQexec` gives it: the first error, else the last result.
    /// Each result is awaited until `deadline` (``nextResult(until:)``).
    private func finalResult(until deadline: PGWait.Deadline) throws -> OpaquePointer? {
        var kept: OpaquePointer?
        do {
            while let result = try nextResult(until: deadline) {
                if let earlier = kept, !Self.succeeded(earlier) {
                    PQclear(result)
                } else {
                    if let earlier = kept { PQclear(earlier) }
                    kept = result
                }
            }
        } catch {
            if let kept { PQclear(kept) }
            throw error
        }
        return kept
    }

    /// The next result (`PQgetResult`), once it has arrived whole; nil after a statement's last.
    /// - Throws: ``TrackingError/serverUnreachable(server:reason:)`` when `deadline` passes first,
    ///   after dropping the connection: the server then rolls back a transaction it has not
    ///   committed, and the next statement reconnects. (A statement the server had whole, with
    ///   its commit, may still be committed once the server reads on: saves are upserts by UUID,
    ///   so writing one again changes nothing.)
    private func nextResult(until deadline: PGWait.Deadline) throws -> OpaquePointer? {
        guard PGWait.untilResult(connection, until: deadline) else {
            dropConnection()
            throw noAnswer(within: answerTimeout ?? 0)
        }
        return PQgetResult(connection)
    }

    /// Ends the connection at once, as a network cut would: shuts its socket down (libpq has no
    /// call that closes without reconnecting or freeing) and lets libpq read the end, which marks
    /// it `CONNECTION_BAD` and discards what was pending.
    private func dropConnection() {
        let socket = PQsocket(connection)
        if socket >= 0 { shutdown(socket, Int32(SHUT_RDWR)) }
        _ = PQconsumeInput(connection)
    }

    /// Sends every statement in one pipeline with one sync: one round trip to the server, and one
    /// implicit transaction (all or nothing: the first failure rolls back the whole batch).
    /// - Parameters:
    ///   - statements: SQL with its parameters, run in order; each statement sees the effects of
    ///     the ones before it.
    ///   - prepared: Whether to run them as statements prepared on this connection (a save's,
    ///     whose SQL is the same every time): the server parses and analyses each SQL text once
    ///     per connection, in the first pipeline that uses it, instead of at every save. One the
    ///     server no longer holds (a `DEALLOCATE`, a `DISCARD`, a pooler's reset) or can no longer
    ///     run as prepared (SQLSTATE 0A000, a migration changed its result) is prepared again and
    ///     the pipeline sent once more. Inside the caller's transaction the SQL goes unprepared:
    ///     a lost statement's error would end that transaction, so it could not be sent again.
    ///   - preparing: SQL texts to prepare on this connection in the same round trip, ahead of
    ///     the statements, for later pipelines to run prepared (a save's, when the store opens:
    ///     ``PGSave/everyStatement``); those already prepared are left. Inside the caller's
    ///     transaction nothing is prepared, as for `prepared`.
    /// - Returns: Each statement's rows, in order.
    /// - Throws: The first statement's or preparation's error, or ``TrackingError/serverUnreachable(server:reason:)``.
    func pipeline(
        _ statements: [(sql: String, values: [SQLValue])], prepared: Bool = false, preparing: [String] = []
    ) throws -> [PGResult] {
        guard !statements.isEmpty else { return [] }
        for statement in statements { try Self.checkText(statement.values, sql: statement.sql) }
        try reconnectIfLost()
        let inCallersTransaction = PQtransactionStatus(connection) != PQTRANS_IDLE
        let prepared = prepared && !inCallersTransaction
        let preparing = inCallersTransaction ? [] : preparing
        do {
            return try pipelineOnce(
                statements, prepared: prepared, preparing: preparing, inCallersTransaction: inCallersTransaction)
        } catch let error as TrackingError where prepared && Self.losesPreparedStatement(error) {
            preparedNames = [:]
            return try pipelineOnce(statements, prepared: true, preparing: preparing, inCallersTransaction: false)
        }
    }

    /// The name each SQL text is prepared under in this connection's session, as far as the
    /// connection knows (``pipeline(_:prepared:preparing:)``).
    package var preparedStatements: [String: String] { preparedNames }

    /// libpq's connection itself, for a caller that drives it without this class: the `store/saves`
    /// bench row's load loop, which opens each player's store through the engine (as a game does)
    /// and then sends its saves from one `poll(2)` loop over every connection. Such a caller leaves
    /// the statements this connection prepared as they are, and does not use this class again.
    package var handle: OpaquePointer { connection }

    private func pipelineOnce(
        _ statements: [(sql: String, values: [SQLValue])], prepared: Bool, preparing: [String],
        inCallersTransaction: Bool
    ) throws -> [PGResult] {
        guard PQenterPipelineMode(connection) == 1 else { throw lostConnection() }
        roundTrips += 1
        let outcome = Result { try sendAndCollect(statements, prepared: prepared, preparing: preparing) }
        PQexitPipelineMode(connection)
        // A pipeline that opened a transaction itself (`BEGIN` first) leaves it aborted on failure.
        // One sent inside the caller's transaction leaves that to the caller, who may roll back to
        // a savepoint and go on (`PostgreSQLEngine.writeEachAlone`): rolling it back here would end
        // the caller's transaction, and the save would fail on its `ROLLBACK TO SAVEPOINT`.
        if case .failure = outcome, !inCallersTransaction, PQstatus(connection) == CONNECTION_OK,
            PQtransactionStatus(connection) != PQTRANS_IDLE
        {
            try? execute("ROLLBACK")
        }
        return try outcome.get()
    }

    /// Whether `error` says the server lost a statement this connection prepared (26000,
    /// `invalid_sql_statement_name`) or will not run it as prepared any more (0A000, "cached plan
    /// must not change result type", after a migration changed a table it returns rows of).
    private static func losesPreparedStatement(_ error: TrackingError) -> Bool {
        guard case .postgresql(let state, _, _) = error else { return false }
        return state == "26000" || state == "0A000"
    }

    /// One result the pipeline waits for: a statement's rows, or a statement's preparation.
    private struct Expected {
        var sql: String
        /// The name it is prepared under, for a preparation; nil for a statement's rows.
        var preparing: String?
    }

    private func sendAndCollect(
        _ statements: [(sql: String, values: [SQLValue])], prepared: Bool, preparing: [String]
    ) throws -> [PGResult] {
        let deadline = PGWait.Deadline(after: answerTimeout)
        var expected: [Expected] = []
        var names = preparedNames
        for sql in preparing { _ = try preparedName(sql, names: &names, expected: &expected) }
        for statement in statements {
            let sent: Int32
            if prepared {
                let name = try preparedName(statement.sql, names: &names, expected: &expected)
                sent = try withParameters(statement.values, sql: statement.sql) {
                    PQsendQueryPrepared(connection, name, $0, $1, nil, nil, 0)
                }
            } else {
                sent = try withParameters(statement.values, sql: statement.sql) {
                    PQsendQueryParams(connection, statement.sql, $0, nil, $1, nil, nil, 0)
                }
            }
            guard sent == 1 else { throw lostConnection() }
            expected.append(Expected(sql: statement.sql))
        }
        guard PQpipelineSync(connection) == 1 else { throw lostConnection() }
        let results = try collectPipelineResults(expected, until: deadline)
        preparedNames = names  // every preparation succeeded with the rest
        return results
    }

    /// The name `sql` is prepared under on this connection; a new one, whose preparation is sent
    /// into the pipeline ahead of the statement, the first time.
    private func preparedName(_ sql: String, names: inout [String: String], expected: inout [Expected]) throws -> String
    {
        if let name = names[sql] { return name }
        preparedCount += 1
        let name = "edujam_\(preparedCount)"
        // No parameter types: the server infers them from the SQL, as for an unprepared statement.
        guard PQsendPrepare(connection, name, sql, 0, nil) == 1 else { throw lostConnection() }
        expected.append(Expected(sql: sql, preparing: name))
        names[sql] = name
        return name
    }

    /// Reads one result per statement and preparation, then the sync; keeps the first error and
    /// reads on to the sync so the connection is ready for the next command.
    private func collectPipelineResults(_ expected: [Expected], until deadline: PGWait.Deadline) throws -> [PGResult] {
        var results: [PGResult] = []
        var firstError: Error?
        for entry in expected {
            guard let result = try nextResult(until: deadline) else { throw lostConnection() }
            while let extra = try nextResult(until: deadline) { PQclear(extra) }  // the NULL that ends each statement
            if PQresultStatus(result) == PGRES_PIPELINE_ABORTED {
                PQclear(result)
                continue
            }
            do {
                let checked = try check(result, sql: entry.sql)
                if entry.preparing == nil { results.append(checked) }
            } catch { firstError = firstError ?? error }
        }
        guard let sync = try nextResult(until: deadline) else { throw lostConnection() }
        let synced = PQresultStatus(sync) == PGRES_PIPELINE_SYNC
        PQclear(sync)
        if let firstError { throw firstError }
        guard synced else { throw lostConnection() }
        return results
    }

    /// Runs `body` inside `BEGIN` ... `COMMIT`, rolling back if anything throws.
    ///
    /// A read-only transaction is `REPEATABLE READ`: one snapshot for every read in `body`, as
    /// SQLite's deferred transaction gives.
    /// - Throws: The first error thrown by `body` or by `COMMIT`; a rollback failure never hides it.
    package func transaction<T>(readOnly: Bool = false, _ body: () throws -> T) throws -> T {
        try execute(readOnly ? "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY" : "BEGIN")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            // A dropped connection took its transaction with it: nothing to roll back, no reconnection.
            if PQstatus(connection) == CONNECTION_OK, PQtransactionStatus(connection) != PQTRANS_IDLE {
                try? execute("ROLLBACK")
            }
            throw error
        }
    }

    // MARK: Errors

    /// Turns a result into a ``PGResult``, or its error into a ``TrackingError``.
    private func check(_ result: OpaquePointer?, sql: String) throws -> PGResult {
        guard let result else { throw lostConnection() }
        guard !Self.succeeded(result) else { return PGResult(result) }
        let state = Self.field(result, "C")  // PG_DIAG_SQLSTATE, a char macro Swift cannot import
        let message = Self.field(result, "M")  // PG_DIAG_MESSAGE_PRIMARY
        PQclear(result)
        if PQstatus(connection) != CONNECTION_OK { throw lostConnection() }
        // A write sent to a hot standby (an address naming it, or a host list that reached it) is
        // not the statement's fault: the message names the server it needs, and a game keeps the
        // attempt in its outbox as for any refusal (`RunSaver`).
        if state == "25006", isStandby { throw TrackingError.standbyServer(server: server) }
        throw TrackingError.postgresql(state: state, message: message, sql: sql)
    }

    /// Whether the server is a hot standby, replaying a primary's log: it reads, and refuses every
    /// write. Servers from PostgreSQL 14 on report `in_hot_standby` at the connection's start and
    /// again when it changes (a promotion), so asking costs no round trip.
    private var isStandby: Bool {
        PQparameterStatus(connection, "in_hot_standby").map { String(cString: $0) } == "on"
    }

    private static func succeeded(_ result: OpaquePointer) -> Bool {
        [PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY].contains(PQresultStatus(result))
    }

    /// The server did not answer within `seconds`: unreachable, as far as a game is concerned.
    private func noAnswer(within seconds: TimeInterval) -> TrackingError {
        .serverUnreachable(server: server, reason: "no answer within \(String(format: "%g", seconds)) s")
    }

    private func lostConnection() -> TrackingError {
        .serverUnreachable(server: server, reason: Self.connectionFailure(connection))
    }

    private static func field(_ result: OpaquePointer, _ code: Unicode.Scalar) -> String {
        PQresultErrorField(result, Int32(code.value)).map { String(cString: $0) } ?? ""
    }

    /// The parameters libpq connects with, in order: EduJam's defaults first
    /// (``defaultConnectTimeout``, ``defaultTCPSettings``), then `conninfo` as `dbname` (which
    /// libpq expands, `expand_dbname`), so a setting in the URL or the `key=value` pairs overrides
    /// the default. A default the person set is left out; `connect_timeout`'s also when
    /// `PGCONNECT_TIMEOUT` is set (an explicit parameter would override it), and every one when a
    /// service is named (`service=`, `PGSERVICE`: a service file's settings only fill parameters
    /// not given, and a service file is where the person keeps such settings).
    /// - Throws: ``TrackingError/invalidConnectionString(_:)`` for a string libpq cannot parse.
    static func connectionParameters(
        conninfo: String, environment: [String: String]
    ) throws -> [(keyword: String, value: String)] {
        let given = try parsedParameters(conninfo)
        guard given["service"] == nil, (environment["PGSERVICE"] ?? "").isEmpty else { return [("dbname", conninfo)] }
        var defaults = defaultTCPSettings
        if (environment["PGCONNECT_TIMEOUT"] ?? "").isEmpty {
            defaults.insert(("connect_timeout", String(defaultConnectTimeout)), at: 0)
        }
        return defaults.filter { given[$0.keyword] == nil } + [("dbname", conninfo)]
    }

    /// The login libpq would connect as, without connecting: `user` in `conninfo`, else libpq's
    /// default (`PGUSER`, else the operating system's user name). Nil when `conninfo` cannot be
    /// parsed. A service file's `user` is not read: a login named only there is not known offline.
    package static func login(conninfo: String) -> String? {
        if let user = try? parsedParameters(conninfo)["user"], !user.isEmpty { return user }
        guard let defaults = PQconndefaults() else { return nil }
        defer { PQconninfoFree(defaults) }
        return value(of: "user", in: defaults)
    }

    /// The value of `keyword` in a list of libpq options, up to its terminating entry.
    private static func value(of keyword: String, in options: UnsafeMutablePointer<PQconninfoOption>) -> String? {
        var option = options
        while let name = option.pointee.keyword {
            if String(cString: name) == keyword { return option.pointee.val.map { String(cString: $0) } }
            option += 1
        }
        return nil
    }

    /// The parameters `conninfo` itself sets (no defaults), by keyword.
    /// - Throws: ``TrackingError/invalidConnectionString(_:)`` with libpq's reason, the
    ///   password hidden (``HiddenPassword``): libpq quotes what it could not read.
    private static func parsedParameters(_ conninfo: String) throws -> [String: String] {
        var error: UnsafeMutablePointer<CChar>?
        guard let options = PQconninfoParse(conninfo, &error) else {
            let message = error.map { String(cString: $0) } ?? "cannot parse it"
            PQfreemem(error)
            throw TrackingError.invalidConnectionString(HiddenPassword.scrub(oneLine(message), of: conninfo))
        }
        defer { PQconninfoFree(options) }
        var parameters: [String: String] = [:]
        var option = options
        while let keyword = option.pointee.keyword {
            if let value = option.pointee.val { parameters[String(cString: keyword)] = String(cString: value) }
            option += 1
        }
        return parameters
    }

    /// The value libpq connected with for `keyword` (`PQconninfo`), whoever set it: what a test
    /// reads to see the effective `connect_timeout`.
    func effectiveParameter(_ keyword: String) -> String? {
        guard let options = PQconninfo(connection) else { return nil }
        defer { PQconninfoFree(options) }
        return Self.value(of: keyword, in: options)
    }

    /// "HOST (port PORT)", the socket folder standing for the host on a local connection.
    private static func serverName(_ handle: OpaquePointer) -> String {
        let host = PQhost(handle).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
        let port = PQport(handle).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
        return "\(host ?? "/var/run/postgresql") (port \(port ?? "5432"))"
    }

    /// libpq's message as one short line: `connection to server on socket "..." failed: Connection
    /// refused` becomes `connection refused`; `FATAL:  role "x" does not exist` keeps its words.
    private static func connectionFailure(_ handle: OpaquePointer) -> String {
        var message = oneLine(PQerrorMessage(handle).map { String(cString: $0) } ?? "")
        if let failed = message.range(of: "failed: ", options: .backwards) {
            message = String(message[failed.upperBound...])
        }
        for prefix in ["FATAL:", "ERROR:"] where message.hasPrefix(prefix) {
            message = String(message.dropFirst(prefix.count))
        }
        message = message.trimmingCharacters(in: .whitespaces)
        guard let first = message.first else { return "no connection" }
        return first.lowercased() + message.dropFirst()
    }

    /// The first line of `message`, without its trailing newline.
    private static func oneLine(_ message: String) -> String {
        String(message.split(whereSeparator: \.isNewline).first ?? "").trimmingCharacters(in: .whitespaces)
    }

    /// Refuses text holding a NUL, which PostgreSQL's text cannot store (and a C string would cut short).
    static func checkText(_ values: [SQLValue], sql: String) throws {
        for case .text(let text) in values where text.utf8.contains(0) {
            throw TrackingError.postgresql(
                state: "22021", message: "text with a NUL character cannot be stored in PostgreSQL", sql: sql)
        }
    }

    /// Calls `body` with libpq's parameter arrays: their count and C strings (NULL for SQL NULL).
    /// - Throws: ``TrackingError/postgresql(state:message:sql:)`` for text holding a NUL, which
    ///   PostgreSQL's text cannot store (and a C string would cut short).
    private func withParameters<T>(
        _ values: [SQLValue], sql: String, _ body: (Int32, UnsafePointer<UnsafePointer<CChar>?>?) -> T
    ) throws -> T {
        if values.isEmpty { return body(0, nil) }
        try Self.checkText(values, sql: sql)
        let texts = values.map(\.postgresText)
        let pointers: [UnsafeMutablePointer<CChar>?] = texts.map { $0.map { strdup($0) } ?? nil }
        defer { for pointer in pointers { free(pointer) } }
        return pointers.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                body(Int32(values.count), $0)
            }
        }
    }
}

extension SQLValue {
    /// The parameter as PostgreSQL reads it in text format: `1`/`0` are booleans too, and Swift's
    /// `inf`, `-inf` and `nan` are float8 input PostgreSQL accepts.
    package var postgresText: String? {
        switch self {
        case .null: return nil
        case .integer(let value): return String(value)
        case .real(let value): return String(value)
        case .text(let value): return value
        }
    }
}
