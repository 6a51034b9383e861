import Foundation

/// A throwaway PostgreSQL server for one test process, shared by every suite that needs one.
///
/// Started lazily by the first test that asks (``shared``): a temporary folder owned by the
/// `postgres` user (mode 700, when the tests run as root), `initdb` with trust authentication and
/// no syncing, and a server that listens on a Unix socket in that folder only (no TCP port, so
/// parallel test processes never collide). Each test or suite gets a fresh database
/// (``createDatabase()``). The server is stopped and its folder removed when the process exits
/// (`atexit`), and, should the process crash or be killed, by a small watchdog that waits for the
/// process to end: no server survives a run.
///
/// When the binaries are missing or `initdb` fails, ``shared`` is a failure whose message says why;
/// tests that need the server are then skipped with that reason (``isAvailable``,
/// ``skipComment``, the reason on stderr), never passed in silence. `make test` installs the Debian package
/// `postgresql`, so CI never skips.
package final class PostgresServer: @unchecked Sendable {
    /// What a tool printed and how it ended.
    package struct ToolResult: Sendable {
        package var status: Int32
        package var output: String
        package var error: String
    }

    /// Why the server could not be made or a tool failed.
    package struct Failure: Error, CustomStringConvertible, Sendable {
        package var description: String
        package init(_ description: String) { self.description = description }
    }

    /// The one server of this test process, started on first use.
    package static let shared: Result<PostgresServer, Failure> = {
        do {
            let server = try PostgresServer()
            current = server
            atexit { PostgresServer.current?.removeAtExit() }
            return .success(server)
        } catch let failure as Failure {
            return .failure(failure)
        } catch {
            return .failure(Failure("\(error)"))
        }
    }()

    /// The server started by ``shared``, for the exit handler (a C function pointer captures nothing).
    nonisolated(unsafe) private static var current: PostgresServer?

    /// The running server.
    /// - Throws: ``Failure`` saying why there is none.
    package static func server() throws -> PostgresServer { try shared.get() }

    /// Whether a server runs (or could be started) for this process. The first time it is not,
    /// the reason goes to stderr, so a skipped test says why.
    package static var isAvailable: Bool {
        if case .failure(let failure) = shared {
            reportOnce(failure)
            return false
        }
        return true
    }

    /// The comment of the tests that need the server, for their `.enabled(if:)` trait. A constant:
    /// a trait's comment is evaluated when tests are listed, even those a filter leaves out, so it
    /// must not start the server (its condition, `isAvailable`, is evaluated only for a test that runs).
    package static let skipComment =
        "needs the throwaway PostgreSQL server: install the Debian packages postgresql and libpq-dev (make test-deps); the reason is on stderr"

    private static let reported = NSLock()
    nonisolated(unsafe) private static var didReport = false

    private static func reportOnce(_ failure: Failure) {
        reported.lock()
        defer { reported.unlock() }
        guard !didReport else { return }
        didReport = true
        FileHandle.standardError.write(Data("PostgreSQL test server unavailable: \(failure)\n".utf8))
    }

    /// The folder of the server's binaries: `EDUJAM_PG_BIN`, else the newest `/usr/lib/postgresql/N/bin`.
    package static let binaries: String? = {
        if let bin = ProcessInfo.processInfo.environment["EDUJAM_PG_BIN"], !bin.isEmpty { return bin }
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        return
            versions
            .compactMap { Int($0) }.sorted().reversed()
            .map { "/usr/lib/postgresql/\($0)/bin" }
            .first { FileManager.default.isExecutableFile(atPath: $0 + "/initdb") }
    }()

    /// The temporary folder: the data folder `data/`, the log and the socket.
    package let folder: URL
    /// The socket's folder, libpq's `host`.
    package var socketDirectory: String { folder.path }
    /// The port, which only names the socket file (`.s.PGSQL.5432`): the server has no TCP port.
    package let port = 5432
    /// The superuser that `initdb` made.
    package let superuser = "postgres"

    private let bin: String
    private let lock = NSLock()
    /// The server's process (`runuser` when the tests run as root), this process's child.
    private var server: pid_t?
    private var databaseCount = 0

    var dataDirectory: String { folder.appendingPathComponent("data").path }
    /// The server's log (its stderr), where `auto_explain` writes the plans a test asks for.
    package var logFile: String { folder.appendingPathComponent("server.log").path }
    /// Root cannot run the server: the tools then run as `postgres` through `runuser`.
    private static var asRoot: Bool { getuid() == 0 }

    /// A new server: a new cluster (`initdb`), or with `primary` a hot standby of it
    /// (``standby(of:)``, `pg_basebackup -R`).
    init(standbyOf primary: PostgresServer? = nil) throws {
        guard let bin = Self.binaries else {
            throw Failure("no PostgreSQL server binaries in /usr/lib/postgresql/*/bin (or EDUJAM_PG_BIN)")
        }
        self.bin = bin
        folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("edujam-pg-\(UUID().uuidString)")
        // Searchable by everyone, listable by none: a test's other Unix account (`nobody`) reaches
        // the socket in it; the data directory inside is the server's alone (0700, initdb's).
        try FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o711])
        watchForExit()  // first: a run killed during initdb leaves no folder either
        do {
            if Self.asRoot {
                try Self.require(Self.run("/bin/chown", ["postgres:postgres", folder.path]), "chown")
            }
            if let primary {
                try Self.require(serverTool("pg_basebackup", baseBackupArguments(from: primary)), "pg_basebackup")
            } else {
                try initializeCluster()
            }
            try start()
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
    }

    private func initializeCluster() throws {
        try Self.require(
            serverTool(
                "initdb",
                [
                    "-D", dataDirectory, "-U", superuser, "-A", "trust", "-E", "UTF8", "--locale=C.UTF-8",
                    "--no-sync",
                ]), "initdb")
    }

    // MARK: Starting and stopping

    /// Starts the server (again, on the same data) and waits until it accepts connections.
    ///
    /// The server is this process's child, not a daemon started by `pg_ctl start`: Foundation
    /// notices a child's end through a descriptor the child inherits, and a daemon that kept it
    /// would leave `pg_ctl`'s `waitUntilExit` waiting for ever.
    /// - Throws: ``Failure`` with the server's log when it does not start.
    package func start() throws {
        lock.lock()
        defer { lock.unlock() }
        guard server == nil else { return }
        let arguments = [
            "-D", dataDirectory, "-k", socketDirectory, "-p", String(port), "-c", "listen_addresses=",
            "-c", "fsync=off", "-c", "max_connections=200",
        ]
        let pid = try Self.spawnDetached(
            Self.asRoot ? "/usr/sbin/runuser" : bin + "/postgres",
            (Self.asRoot ? ["-u", "postgres", "--", bin + "/postgres"] : []) + arguments, log: logFile)
        server = pid
        try waitUntilReady(pid)
    }

    /// Polls `pg_isready` until the server answers, for at most 30 seconds.
    private func waitUntilReady(_ pid: pid_t) throws {
        for _ in 0..<600 {
            if waitpid(pid, nil, WNOHANG) == pid { break }  // it ended: read why in the log
            let ready = try Self.run(
                bin + "/pg_isready", ["-q", "-h", socketDirectory, "-p", String(port), "-U", superuser],
                scratch: folder)
            if ready.status == 0 { return }
            usleep(50_000)
        }
        kill(pid, SIGTERM)
        server = nil
        let log = (try? String(contentsOfFile: logFile, encoding: .utf8)) ?? ""
        throw Failure("the PostgreSQL test server did not start: \(log)")
    }

    /// Stops the server (fast shutdown: open connections are ended); its data stays for ``start()``.
    /// - Parameter immediately: Stops it as a crash would (`-m immediate`: no shutdown checkpoint,
    ///   no last word to a standby), where a fast shutdown ends cleanly.
    package func stop(immediately: Bool = false) throws {
        lock.lock()
        defer { lock.unlock() }
        guard let pid = server else { return }
        let mode = immediately ? "immediate" : "fast"
        try Self.require(serverTool("pg_ctl", ["-D", dataDirectory, "-m", mode, "-w", "stop"]), "pg_ctl stop")
        waitpid(pid, nil, 0)
        server = nil
    }

    /// Stops and starts the server again.
    package func restart() throws {
        try stop()
        try start()
    }

    /// Freezes the server (`SIGSTOP` to the postmaster, then to each of its processes), as a
    /// network that stops carrying packets looks to a client: connections stay open, nothing is
    /// refused, nothing answers, and a new connection waits in the listen queue. ``resume()``
    /// thaws it; until then `psql` and ``createDatabase()`` wait too.
    package func pause() throws {
        let postmaster = try postmasterPID()
        kill(postmaster, SIGSTOP)  // first: a stopped postmaster starts no new process meanwhile
        for child in Self.children(of: postmaster) { kill(child, SIGSTOP) }
    }

    /// Thaws a server ``pause()`` froze: its processes first, then the postmaster, then
    /// `runuser` when the tests run as root (it stops itself when its child stops, as `su` does
    /// for job control, and a stopped parent could not reap the server that ``stop()`` ends).
    package func resume() throws {
        let postmaster = try postmasterPID()
        for child in Self.children(of: postmaster) { kill(child, SIGCONT) }
        kill(postmaster, SIGCONT)
        lock.lock()
        defer { lock.unlock() }
        if let server, server != postmaster { kill(server, SIGCONT) }
    }

    /// The postmaster's pid, the first line of `postmaster.pid` (under `runuser`, it is not ours).
    private func postmasterPID() throws -> pid_t {
        let file = dataDirectory + "/postmaster.pid"
        guard let text = try? String(contentsOfFile: file, encoding: .utf8),
            let pid = text.split(separator: "\n").first.flatMap({ pid_t($0) })
        else { throw Failure("no running server: cannot read \(file)") }
        return pid
    }

    /// The processes whose parent is `parent`, from `/proc/PID/stat` (the field after the command's `)`).
    private static func children(of parent: pid_t) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry in
            guard let pid = pid_t(entry),
                let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let end = stat.range(of: ")", options: .backwards)
            else { return nil }
            let fields = stat[end.upperBound...].split(separator: " ")
            return fields.count > 1 && pid_t(fields[1]) == parent ? pid : nil
        }
    }

    /// A server of its own, for tests that stop, pause and restart it while the shared one (``shared``)
    /// serves every other suite; stopped and removed by ``remove()``, or by the watchdog at exit.
    package static func dedicated() throws -> PostgresServer { try PostgresServer() }

    /// Stops the server at once and removes its folder.
    package func remove() { removeAtExit() }

    /// Stops the server and removes its folder, at process exit.
    private func removeAtExit() {
        _ = try? serverTool("pg_ctl", ["-D", dataDirectory, "-m", "immediate", "-w", "stop"])
        // Reaped, as `stop` does: a child left a zombie is seen by every `waitid(P_ALL, WNOWAIT)`
        // of the process, and Swift Testing's exit-test monitor then spins on it for ever (the
        // exit tests of the same run stall, a core busy).
        lock.lock()
        if let pid = server { waitpid(pid, nil, 0) }
        server = nil
        lock.unlock()
        try? FileManager.default.removeItem(at: folder)
    }

    /// A detached shell that stops the server and removes its folder once this process is gone,
    /// for the runs that end without `atexit` (a crash, a signal).
    private func watchForExit() {
        let stop = Self.asRoot ? "runuser -u postgres -- " : ""
        let script = """
            while kill -0 \(getpid()) 2>/dev/null; do sleep 1; done
            if [ -f '\(dataDirectory)/postmaster.pid' ]; then \(stop)'\(bin)/pg_ctl' -D '\(dataDirectory)' -m immediate stop; fi
            rm -rf '\(folder.path)'
            """
        _ = try? Self.spawnDetached("/usr/bin/setsid", ["/bin/sh", "-c", script], log: "/dev/null")
    }

    // MARK: Databases

    /// Creates a fresh empty database and returns its name (`CREATE DATABASE` runs outside a transaction).
    package func createDatabase() throws -> String {
        lock.lock()
        databaseCount += 1
        let name = "edujam_test_\(getpid())_\(databaseCount)"
        lock.unlock()
        try Self.require(psql("CREATE DATABASE \(name)", database: "postgres"), "CREATE DATABASE")
        return name
    }

    /// libpq's key-value connection string for `database`, as `role`.
    package func conninfo(database: String, user: String? = nil) -> String {
        "host=\(Self.quoted(socketDirectory)) port=\(port) dbname=\(Self.quoted(database)) user=\(Self.quoted(user ?? superuser))"
    }

    /// The same connection as a URL, as a person would pass `--store`.
    package func url(database: String, user: String? = nil) -> String {
        let host = socketDirectory.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? socketDirectory
        return "postgresql:///\(database)?host=\(host)&port=\(port)&user=\(user ?? superuser)"
    }

    /// Runs `sql` (one or more statements, each in its own transaction) through `psql` as `role`,
    /// stopping at the first error. Output is unaligned and tuples only: one row per line, columns
    /// separated by `|`.
    /// - Returns: What psql printed and its exit status (0 ok, 3 an SQL error, 2 no connection).
    package func psql(_ sql: String, database: String, role: String? = nil) throws -> ToolResult {
        let script = folder.appendingPathComponent("psql-\(UUID().uuidString).sql")
        try Data(sql.utf8).write(to: script)
        defer { try? FileManager.default.removeItem(at: script) }
        return try Self.run(
            bin + "/psql",
            [
                "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-h", socketDirectory, "-p", String(port),
                "-U", role ?? superuser, "-d", database, "-f", script.path,
            ], scratch: folder)
    }

    // MARK: Tools

    /// Runs a server tool (`initdb`, `pg_ctl`), as `postgres` when the tests run as root.
    func serverTool(_ name: String, _ arguments: [String]) throws -> ToolResult {
        if Self.asRoot {
            return try Self.run(
                "/usr/sbin/runuser", ["-u", "postgres", "--", bin + "/" + name] + arguments, scratch: folder)
        }
        return try Self.run(bin + "/" + name, arguments, scratch: folder)
    }

    /// Starts `program` with its output appended to `log`, inheriting no descriptor but the
    /// standard three, and returns its pid. A long-lived child must not hold another thread's
    /// pipe: Foundation's `Process` and Swift Testing's exit tests wait for their pipes to close,
    /// and a server that inherited one would keep them waiting for as long as it runs.
    private static func spawnDetached(_ program: String, _ arguments: [String], log: String) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_APPEND, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        _ = addCloseFrom(&actions, 3)
        let argv: [UnsafeMutablePointer<CChar>?] = ([program] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, program, &actions, nil, argv, environ)
        guard status == 0 else { throw Failure("cannot start \(program): \(String(cString: strerror(status)))") }
        return pid
    }

    /// Runs `program` and collects its output through files: the server that `pg_ctl` starts
    /// inherits no pipe, so reading never waits for the server to end.
    /// - Parameter scratch: Where the output files go for the time of the call.
    package static func run(
        _ program: String, _ arguments: [String], scratch: URL = FileManager.default.temporaryDirectory
    ) throws -> ToolResult {
        let out = scratch.appendingPathComponent("edujam-pg-out-\(UUID().uuidString)")
        let err = scratch.appendingPathComponent("edujam-pg-err-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(at: err)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: "/")  // postgres cannot enter root's folders
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        process.waitUntilExit()
        return ToolResult(
            status: process.terminationStatus,
            output: (try? String(contentsOf: out, encoding: .utf8)) ?? "",
            error: (try? String(contentsOf: err, encoding: .utf8)) ?? "")
    }

    @discardableResult
    static func require(_ result: ToolResult, _ what: String) throws -> ToolResult {
        guard result.status == 0 else {
            throw Failure("\(what) failed (status \(result.status)): \(result.error)\(result.output)")
        }
        return result
    }

    /// A libpq connection-string value in single quotes, with `\` and `'` escaped.
    private static func quoted(_ value: String) -> String {
        "'" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }
}

/// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which Swift's Glibc module
/// leaves out (a GNU extension): the child closes every descriptor from `low` up.
@_silgen_name("posix_spawn_file_actions_addclosefrom_np")
private func addCloseFrom(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ low: Int32) -> Int32
