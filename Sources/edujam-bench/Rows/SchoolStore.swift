import Classroom
import Foundation
import Tracking

/// Row `store/school` (a whole school's attempts): `edujam report --class` on a PostgreSQL school server
/// holding 1,000,800 attempts (40 classes x 30 students x 834 attempts, one item each, loaded
/// with `generate_series` by ``SyntheticSchool``). Times ``TrackingStore/classReport(className:assignment:student:)``,
/// the call the command makes, for one class by the wall clock (most of the work is the server's).
/// Target: under 2 s. The bench starts its own throwaway server (``BenchPostgres``); without the
/// PostgreSQL binaries, or when not run as root (the server then runs as `postgres`), the row
/// says why it is skipped.
extension Row {
    static let schoolStore = Row(name: "store/school") { context in
        let server: BenchPostgres
        do {
            server = try BenchPostgres()
        } catch BenchPostgres.Unavailable.why(let why) {
            return [schoolMeasurement(nil, note: "skipped: \(why)")]
        }
        defer { server.remove() }
        let (classes, students, attempts) = context.options.quick ? (40, 30, 84) : (40, 30, 834)
        let root = "org.edujam.games"
        let conninfo = server.conninfo(database: "postgres")
        _ = try TrackingStore(
            engine: PostgreSQLEngine(conninfo: conninfo), rootIdentifier: root, rootTitle: "EduJam",
            parts: [ClassroomSchema.part])
        try server.psql(
            SyntheticSchool.sql(root: root, classes: classes, students: students, attemptsPerStudent: attempts))
        let store = try TrackingStore(
            engine: PostgreSQLEngine(conninfo: conninfo), rootIdentifier: root, rootTitle: "EduJam",
            parts: [ClassroomSchema.part])
        let className = SyntheticSchool.className(1)
        var samples: [Double] = []
        for _ in 0..<(context.options.quick ? 3 : 5) {
            samples.append(
                try seconds {
                    let report = try store.classReport(className: className)
                    guard report.assignments.first?.students.first?.activities.first?.attempts == attempts else {
                        throw BenchError.mismatch("class report attempts")
                    }
                })
        }
        let total = classes * students * attempts
        return [
            schoolMeasurement(
                median(samples),
                note:
                    "report --class for 1 class of \(students) (2 assignments) over \(total) attempts on PostgreSQL (wall clock, median of \(samples.count))"
            )
        ]
    }

    private static func schoolMeasurement(_ value: Double?, note: String) -> Measurement {
        Measurement(
            name: "store/school", reference: nil, edujam: value.map { $0 * 1e3 }, unit: "ms",
            target: Target(maxValue: 2000), note: note)
    }
}

/// A throwaway PostgreSQL server for the bench: `initdb` in a temporary folder owned by
/// `postgres`, a server listening on a Unix socket there only (no TCP port), removed at the end.
/// The tests have their own (`Tests/TrackingTestSupport/PostgresServer.swift`), which a bench
/// cannot import; this one only needs to start, load and stop. Trust authentication: any role
/// connects over the socket without a password, so a row can connect as each student's login.
struct BenchPostgres {
    enum Unavailable: Error { case why(String) }

    let folder: String
    private let bin: String

    /// - Parameters:
    ///   - maxConnections: The server's `max_connections`; nil keeps PostgreSQL's default (100).
    ///   - durable: Whether a commit waits for the disk, as on a real server (`fsync`); off, a
    ///     bulk load runs at memory speed.
    ///   - settings: More server settings (`name=value`), passed as `-c` options.
    init(maxConnections: Int? = nil, durable: Bool = false, settings: [String] = []) throws {
        guard getuid() == 0 else { throw Unavailable.why("run as root to start a PostgreSQL server as postgres") }
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        guard
            let bin = versions.compactMap(Int.init).sorted().reversed().map({ "/usr/lib/postgresql/\($0)/bin" })
                .first(where: { FileManager.default.isExecutableFile(atPath: $0 + "/initdb") })
        else { throw Unavailable.why("no PostgreSQL server in /usr/lib/postgresql/*/bin (apt-get install postgresql)") }
        self.bin = bin
        folder = NSTemporaryDirectory() + "edujam-bench-pg-\(getpid())"
        try FileManager.default.createDirectory(
            atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        do {
            try Self.shell("chown postgres:postgres '\(folder)'")
            try asPostgres("\(bin)/initdb -D '\(folder)/data' -U postgres -A trust -E UTF8 --locale=C.UTF-8 --no-sync")
            let flags =
                (maxConnections.map { " -c max_connections=\($0)" } ?? "") + (durable ? "" : " -c fsync=off")
                + settings.map { " -c \($0)" }.joined()
            try asPostgres(
                "\(bin)/pg_ctl -D '\(folder)/data' -l '\(folder)/server.log' -w start -o \"-k '\(folder)' -c listen_addresses=\(flags)\""
            )
        } catch {
            try? FileManager.default.removeItem(atPath: folder)
            throw error
        }
    }

    /// libpq's key-value connection string for `database`, as `user` (the superuser by default).
    func conninfo(database: String, user: String = "postgres") -> String {
        "host='\(folder)' dbname='\(database)' user='\(user)'"
    }

    /// Makes the server's write-ahead log what a server that has run for a while has: segments
    /// to recycle. A new server creates each 16 MiB segment as it needs it, writing it full of
    /// zeros while the commits wait (on the development VM, one `store/saves` drive logged some
    /// 200 statements of 150-200 ms within a second, none with `wal_init_zero=off`); one that has
    /// run renames the segments a checkpoint no longer needs (up to `min_wal_size`, 80 MiB by
    /// default). So about 64 MiB of log is written and dropped, then a checkpoint: the rows then
    /// write into recycled segments, as on a school's server, with PostgreSQL's own defaults.
    func recycleWAL() throws {
        try psql(
            """
            CREATE TABLE edujam_bench_wal AS SELECT g, repeat('x', 1000) AS filler FROM generate_series(1, 60000) g;
            DROP TABLE edujam_bench_wal;
            CHECKPOINT;
            """)
    }

    /// Runs an SQL script through `psql` in `database`, stopping at the first error.
    func psql(_ sql: String, database: String = "postgres") throws {
        let script = folder + "/load.sql"
        try Data(sql.utf8).write(to: URL(fileURLWithPath: script))
        try Self.shell("chmod 644 '\(script)'")
        try asPostgres(
            "\(bin)/psql -q -X -v ON_ERROR_STOP=1 -h '\(folder)' -U postgres -d '\(database)' -f '\(script)'")
    }

    /// What an SQL script run as ``psql(_:database:)`` prints, unaligned and without headers
    /// (`psql -At`): one line a row, columns split by `|`.
    func psqlOutput(_ sql: String, database: String = "postgres") throws -> String {
        let script = folder + "/query.sql"
        let output = folder + "/query.out"
        try Data(sql.utf8).write(to: URL(fileURLWithPath: script))
        try Self.shell("chmod 644 '\(script)'; rm -f '\(output)'")
        try asPostgres(
            "\(bin)/psql -At -X -v ON_ERROR_STOP=1 -h '\(folder)' -U postgres -d '\(database)' -f '\(script)' -o '\(output)'"
        )
        return try String(contentsOfFile: output, encoding: .utf8)
    }

    /// The CPU seconds the server has used so far: the postmaster's own and those of every
    /// backend it has reaped (a backend ends when its client disconnects). Nil when unreadable.
    func cpuSeconds() -> Double? {
        guard let pidFile = try? String(contentsOfFile: folder + "/data/postmaster.pid", encoding: .utf8),
            let pid = pidFile.split(separator: "\n").first
        else { return nil }
        return Self.cpuSeconds(pid: String(pid), reaped: true)
    }

    /// The CPU seconds process `pid` has used (user and system), with those of the children it
    /// has reaped when `reaped`, from `/proc`; nil when unreadable. A backend's own is its
    /// connection's work so far.
    static func cpuSeconds(pid: String, reaped: Bool) -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        // After the command's closing parenthesis: state is field 3, utime..cstime are 14-17.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 14 else { return nil }
        let ticks = fields[11...(reaped ? 14 : 12)].compactMap { Double($0) }.reduce(0, +)
        return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Stops the server at once (its data is thrown away) and removes the folder.
    func remove() {
        try? asPostgres("\(bin)/pg_ctl -D '\(folder)/data' -m immediate stop")
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func asPostgres(_ command: String) throws {
        try Self.shell("runuser -u postgres -- \(command) >> '\(folder)/tools.log' 2>&1")
    }

    /// `system(3)`, not `Process`: the server that `pg_ctl start` leaves running would inherit
    /// the descriptor `Process` watches, and waiting for `pg_ctl` would never end.
    private static func shell(_ command: String) throws {
        let status = system(command)
        guard status == 0 else { throw BenchError.mismatch("`\(command)` failed (\(status))") }
    }
}
