import Classroom
import Foundation
import Runtime
import Tracking

/// Row `store/players` (a whole school playing at once): 300 student processes (100 with `--quick`) play Math
/// Jam by bot at once against one local PostgreSQL server, each as its own student login with
/// row-level security on, as a school's students do. No lost item, no deadlock, no error; the
/// p50 and p99 latency of a save.
///
/// The row starts a throwaway server (``BenchPostgres``, `max_connections` = players + 50, commits
/// waiting for the disk as on a real server) and,
/// as the store's owner (a role with CREATEROLE, not a superuser), does what a school does:
/// `store init`, `catalog --publish`, one class of every player with `--create-logins`, and an
/// assignment of Math Jam's first level. Then it starts every player (``SchoolPlayer``: this
/// binary again, one OS process each), waits until all have connected, lets them all play at
/// once (a start barrier: one pipe they all wait on, closed for all at the same moment), and
/// waits for them with a deadline: a process still running then is a hang or a deadlock, and is
/// killed. Last, as the owner, it reads every attempt and item in the database and checks that each
/// one a player reported is there exactly once with the same state, and nothing else is
/// (``SchoolAudit``), and that the teacher's class report counts every run.
///
/// Each bot answers after 250-750 ms: twice a second per student, several times what a real class
/// does at its busiest (a child takes seconds per sum), so the latency is that of a school's worst
/// moment at least. Latency is each save's wall time in the player (``TimedEngine``). Anything
/// lost, any error, any hang fails the row with the reason. Target: p99 at most 100 ms, the
/// delay a student does not notice.
extension Row {
    static let schoolPlayers = Row(name: "store/players") { context in
        try PlayersPlan.withServer(context, row: "store/players") { plan, server, loadBefore in
            let scratch = NSTemporaryDirectory() + "edujam-bench-players-\(getpid())"
            try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: scratch) }

            let school = try PlayersSchool(server: server, games: try context.file("games").path, players: plan.players)
            context.log("store/players: \(plan.players) student processes, \(plan.runs) run(s) each")
            let serverCPU = server.cpuSeconds()
            let processes = try PlayerProcesses.run(plan, school: school, scratch: scratch)
            var problems = processes.problems
            problems += SchoolAudit.problems(reported: processes.reports, stored: try school.storedAttempts())
            problems += try school.classReportProblems(runsEach: plan.runs, players: processes.reports.map(\.student))
            try PlayersPlan.requireNone(problems)
            let saves = processes.reports.flatMap(\.saves).sorted()
            guard !saves.isEmpty else { throw BenchError.mismatch("no save was timed") }
            let latency = SaveLatency(saves)
            // Each process's first save comes at the barrier's release, all at once, on a server
            // connection that has not yet planned a save: the herd, apart from the saves after it.
            let first = SaveLatency(processes.reports.compactMap(\.saves.first).sorted())
            let later = SaveLatency(processes.reports.flatMap { $0.saves.dropFirst() }.sorted())
            let attempts = processes.reports.reduce(0) { $0 + $1.runs.count }
            let items = processes.reports.reduce(0) { $0 + $1.runs.reduce(0) { $0 + $1.items.count } }
            let note = String(
                format:
                    "%d student processes, each its own login (row-level security), %d Math Jam run(s) each by a bot answering "
                    + "after %d-%d ms; %d saves: p50 %.1f ms, p99 %.1f ms, max %.0f ms (wall clock per save); each process's "
                    + "first save, all at the start together: p50 %.0f ms, p99 %.0f ms; the later ones: p50 %.1f ms, "
                    + "p99 %.1f ms. Checked: all %d "
                    + "attempts and %d items stored exactly once as played, the class report counts every run, no error, "
                    + "none hung (deadline %.0f s). All connected in %.1f s, played in %.1f s",
                plan.players, plan.runs, plan.thinking.lowerBound, plan.thinking.upperBound, saves.count,
                latency.p50 * 1e3, latency.p99 * 1e3, latency.max * 1e3, first.p50 * 1e3, first.p99 * 1e3,
                later.p50 * 1e3, later.p99 * 1e3, attempts, items, plan.playDeadline,
                processes.connectSeconds, processes.playSeconds)
            // Where the cores went: when players and server use them all, a save waits for a core.
            usleep(500_000)  // the server reaps each backend as its player disconnects
            let serverUsed = server.cpuSeconds().flatMap { after in serverCPU.map { after - $0 } }
            let cpu =
                "; CPU: players " + String(format: "%.1f s", processes.cpuSeconds) + ", server "
                + (serverUsed.map { String(format: "%.1f s", $0) } ?? "unknown")
                + " (\(ProcessInfo.processInfo.activeProcessorCount) cores; load average \(loadBefore) before the row)"
            return PlayersPlan.lines(latency, note: note + cpu)
        }
    }
}

/// How many players play how much, by mode.
struct PlayersPlan {
    var players: Int
    var runs: Int
    /// The bots' think time before each answer, in milliseconds.
    var thinking = 250...750

    init(quick: Bool) {
        (players, runs) = quick ? (100, 1) : (300, 2)
    }

    /// How long all players may take to start and connect: on 2 busy cores a process start and
    /// a connection cost tens of milliseconds each.
    var connectDeadline: Double { 30 + Double(players) * 0.2 }

    /// How long the play may take before a player still running counts as hung: four times the
    /// slowest bot's thinking (10 answers a run), plus a minute.
    var playDeadline: Double { Double(runs * 10 * thinking.upperBound) / 1000 * 4 + 60 }

    /// Runs a players row with its plan, its own server (``BenchPostgres``, `max_connections` =
    /// players + 50, commits waiting for the disk as on a real server; removed after) and the load
    /// average before it; when this machine cannot start a server, the row's lines say why it is skipped.
    static func withServer(
        _ context: Context, row: String, _ body: (PlayersPlan, BenchPostgres, String) throws -> [Measurement]
    ) throws -> [Measurement] {
        let plan = PlayersPlan(quick: context.options.quick)
        let loadBefore = machineDescription(context)["loadavg"] ?? "unknown"
        let server: BenchPostgres
        do {
            server = try BenchPostgres(maxConnections: plan.players + 50, durable: true)
        } catch BenchPostgres.Unavailable.why(let why) {
            return lines(nil, row: row, note: "skipped: \(why)")
        }
        defer { server.remove() }
        try server.recycleWAL()
        return try body(plan, server, loadBefore)
    }

    /// Fails the row with the first few `problems`, if there are any.
    static func requireNone(_ problems: [String]) throws {
        guard problems.isEmpty else {
            throw BenchError.mismatch(
                "\(problems.count) problem(s): " + problems.prefix(5).joined(separator: "; ")
                    + (problems.count > 5 ? "; ..." : ""))
        }
    }

    /// What the row checks before it gives a number; any of it untrue fails the row.
    static let checks = "no loss, no error, no hang"

    /// A players row's two lines: p50 and p99 (with the target) in milliseconds.
    static func lines(_ latency: SaveLatency?, row: String = "store/players", note: String) -> [Measurement] {
        [
            Measurement(
                name: row + "/p50", reference: nil, edujam: latency.map { $0.p50 * 1e3 }, unit: "ms/save",
                target: Target(checks: checks), note: nil),
            Measurement(
                name: row + "/p99", reference: nil, edujam: latency.map { $0.p99 * 1e3 }, unit: "ms/save",
                target: Target(maxValue: 100, checks: checks), note: note),
        ]
    }
}

/// The median, 99th percentile and maximum of save times in seconds.
struct SaveLatency {
    var p50: Double
    var p99: Double
    var max: Double

    /// - Parameter sorted: Times in ascending order; none gives zeros.
    init(_ sorted: [Double]) {
        guard !sorted.isEmpty else {
            (p50, p99, max) = (0, 0, 0)
            return
        }
        p50 = quantile(sorted, 0.5)
        p99 = quantile(sorted, 0.99)
        max = sorted.last ?? 0
    }
}

/// The school the players play in, on the bench's server: database `edujam` owned by the role
/// `edujam` (LOGIN CREATEROLE, as `docs/classroom.md` sets a school up), one class `5C` of
/// `players` students, each with their own login (`student001`, ...), and a whole-class
/// assignment of Math Jam's first level.
struct PlayersSchool {
    static let className = "5C"
    let server: BenchPostgres
    let games: String
    let collection: GameCollection
    let students: [String]
    private let owner: TrackingStore

    init(server: BenchPostgres, games: String, players: Int) throws {
        self.server = server
        self.games = games
        collection = try GameCollection.load(from: games)
        students = (1...players).map { String(format: "student%03d", $0) }
        try server.psql("CREATE ROLE edujam LOGIN CREATEROLE; CREATE DATABASE edujam OWNER edujam;")
        let address = StoreAddress.server(server.conninfo(database: "edujam", user: "edujam"))
        // `edujam store init`, then its first open claims the root
        _ = try TrackingStore.migrate(address, parts: [ClassroomSchema.part])
        owner = try TrackingStore(
            address: address, rootIdentifier: collection.id, rootTitle: collection.title, parts: [ClassroomSchema.part])
        try Catalog.publish(try Catalog.entries(in: games), into: owner)  // `catalog --publish`
        try owner.createClass(named: Self.className)
        try owner.addStudents(students, toClass: Self.className, login: nil, createLogins: true)
        try owner.createAssignment(
            AssignmentDraft(className: Self.className, title: "Math Jam warm-up", paths: [["MATH-JAM", "LEVEL-1"]]))
    }

    /// A student's connection string: their own login, no password (the bench's server trusts its socket).
    func conninfo(login: String) -> String { server.conninfo(database: "edujam", user: login) }

    /// Every attempt in the database with its items, as the owner (whom no policy binds) reads
    /// them through the store (`edujam report --json` and the exports read the same way).
    func storedAttempts() throws -> [SchoolAudit.StoredAttempt] {
        try owner.attemptHistories().map {
            SchoolAudit.StoredAttempt(
                uuid: $0.uuid, student: $0.run.student, outcome: $0.run.outcome, items: $0.run.items)
        }
    }

    /// What the teacher sees (`edujam report --class 5C`): every player's runs counted for the assignment.
    func classReportProblems(runsEach runs: Int, players: [String]) throws -> [String] {
        let report = try owner.classReport(className: Self.className)
        guard let assignment = report.assignments.first else { return ["the class report has no assignment"] }
        let counted = Dictionary(
            assignment.students.map { ($0.student, $0.activities.first?.attempts ?? 0) }, uniquingKeysWith: +)
        return players.compactMap { student in
            counted[student] == runs
                ? nil : "the class report counts \(counted[student] ?? 0) attempt(s) of \(student), not \(runs)"
        }
    }
}

/// Compares what the players say they saved with what the database holds.
enum SchoolAudit {
    /// One attempt as the database holds it.
    struct StoredAttempt: Equatable {
        var uuid: UUID
        var student: String
        var outcome: RunOutcome
        var items: [ItemRecord]
    }

    /// Every difference, in words: an attempt or item a player saved that the database lacks or
    /// holds in another state, a run that did not finish, an attempt stored twice, and attempts
    /// the database holds that no player saved. Empty when every attempt and item is there
    /// exactly once, as played.
    static func problems(reported: [PlayerReport], stored: [StoredAttempt]) -> [String] {
        var problems: [String] = []
        let byUUID = Dictionary(grouping: stored, by: \.uuid)
        for (uuid, copies) in byUUID where copies.count > 1 {
            problems.append("attempt \(uuid) is stored \(copies.count) times")
        }
        var seen = Set<UUID>()
        for player in reported {
            for run in player.runs {
                guard seen.insert(run.uuid).inserted else {
                    problems.append("\(player.student) reported attempt \(run.uuid) twice")
                    continue
                }
                guard let attempt = byUUID[run.uuid]?.first else {
                    problems.append("attempt \(run.uuid) of \(player.student) is lost")
                    continue
                }
                if attempt.student != player.student {
                    problems.append("attempt \(run.uuid) is stored as \(attempt.student)'s, not \(player.student)'s")
                }
                if attempt.outcome != run.outcome {
                    problems.append("attempt \(run.uuid) is stored \(attempt.outcome), was \(run.outcome)")
                }
                problems += itemProblems(run.items, attempt.items, attempt: run.uuid)
            }
        }
        // The bot answers every question: any other ending (a limit, an error) is the row's failure.
        let endings = Dictionary(grouping: reported.flatMap(\.runs), by: \.outcome).mapValues(\.count)
        for (outcome, count) in endings.sorted(by: { $0.key.rawValue < $1.key.rawValue }) where outcome != .finished {
            problems.append("\(count) run(s) ended \(outcome), not finished")
        }
        let strangers = Set(byUUID.keys).subtracting(seen)
        if !strangers.isEmpty { problems.append("\(strangers.count) stored attempt(s) no player saved") }
        return problems
    }

    private static func itemProblems(_ played: [ItemRecord], _ stored: [ItemRecord], attempt: UUID) -> [String] {
        let byName = Dictionary(stored.map { ($0.identifier, $0) }, uniquingKeysWith: { first, _ in first })
        var problems = played.compactMap { item -> String? in
            guard let found = byName[item.identifier] else {
                return "item \(item.identifier) of attempt \(attempt) is lost"
            }
            return found == item
                ? nil : "item \(item.identifier) of attempt \(attempt) is stored as \(found), was \(item)"
        }
        if stored.count != played.count {
            problems.append("attempt \(attempt) holds \(stored.count) item(s), played \(played.count)")
        }
        return problems
    }
}
