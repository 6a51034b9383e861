import Classroom
import Foundation
import Tracking

/// Row `store/saves` (a school's saves, from one load process): the saves of 300 players (100
/// with `--quick`) playing Math Jam, each over a connection of its own as its own student login
/// under row-level security, all driven by this one process (``PlayersDriver``: non-blocking
/// libpq, `poll(2)` over 300 sockets) instead of 300 processes, so that on the server's 2 cores
/// the figure is the server's and EduJam's, not the scheduler's. `store/players` stays the whole
/// runtime's integrity check; this row is its latency.
///
/// The school is set up as in `store/players` (``PlayersSchool``). Each player's saves are recorded
/// first (``PlayersRecording``: the real runtime, the statements the PostgreSQL engine itself
/// would send), then sent with the bots' think times between them. Last, as in `store/players`,
/// every attempt and item in the database is checked against what the players saved
/// (``SchoolAudit``) and the teacher's class report must count every run: anything lost, doubled
/// or in another state, any refused save or lost connection, fails the row instead of giving
/// numbers. Target: p99 at most 100 ms.
extension Row {
    static let schoolSaves = Row(name: "store/saves") { context in
        try PlayersPlan.withServer(context, row: "store/saves") { plan, server, loadBefore in
            let school = try PlayersSchool(server: server, games: try context.file("games").path, players: plan.players)
            context.log("store/saves: recording \(plan.players) players' saves, \(plan.runs) run(s) each")
            let recording = try PlayersRecording.record(
                school: school, owner: try PostgreSQLEngine(conninfo: school.conninfo(login: "edujam")), runs: plan.runs
            )
            context.log("store/saves: driving \(plan.players) connections from this process")
            let serverCPU = server.cpuSeconds()
            var driver = try PlayersDriver.drive(
                recording, plan: plan, open: { try school.openAsGame(student: $0) })
            let reports = recording.players.map {
                PlayerReport(
                    login: $0.student, student: $0.student, saves: driver.saves[$0.student] ?? [], errors: [],
                    runs: $0.runs, kept: 0)
            }
            driver.problems += SchoolAudit.problems(reported: reports, stored: try school.storedAttempts())
            driver.problems += try school.classReportProblems(runsEach: plan.runs, players: school.students)
            try PlayersPlan.requireNone(driver.problems)
            let saves = reports.flatMap(\.saves).sorted()
            let latency = SaveLatency(saves)
            let first = SaveLatency(reports.compactMap(\.saves.first).sorted())
            let opens = SaveLatency(driver.opens)
            let statements = recording.players.reduce(0) { $0 + $1.saves.reduce(0) { $0 + $1.count } }
            let items = recording.players.reduce(0) { $0 + $1.runs.reduce(0) { $0 + $1.items.count } }
            usleep(500_000)  // the server reaps each backend after its connection closed (the driver's end)
            let serverUsed = server.cpuSeconds().flatMap { after in serverCPU.map { after - $0 } }
            let perBackend = driver.serverCPU.map { cpu in
                String(
                    format: "; server CPU a player's backend used (means, from /proc): %.1f ms its open (connection "
                        + "included), %.1f ms its first save, %.2f ms a later save",
                    cpu.opens / Double(plan.players) * 1e3, cpu.firstSaves / Double(plan.players) * 1e3,
                    cpu.laterSaves / Double(max(1, saves.count - plan.players)) * 1e3)
            }
            let note =
                String(
                    format:
                        "%d players driven by one process over %d connections, each its own student login (row-level security), "
                        + "%d Math Jam run(s) each, the saves the runtime made for them (%d saves of %d prepared statements in all, "
                        + "%.1f per save), %d-%d ms apart, each player's first at a time drawn from the same range; p50 %.1f ms, "
                        + "p99 %.1f ms, max %.0f ms (wall clock per save, first byte sent to sync back); the players' first "
                        + "saves: p50 %.1f ms, p99 %.1f ms. Checked: all %d attempts and %d items stored exactly once as saved, "
                        + "the class report counts every run, no error. Each player's store opened first as its game opens it "
                        + "(connection, schema and claim read with a save's statements prepared, tree, identity): p50 %.1f ms, "
                        + "p99 %.1f ms; opened in %.1f s, driven in %.1f s "
                        + "(a save sent at most %.0f ms late); CPU: load process %.1f s",
                    plan.players, plan.players, plan.runs, saves.count, statements,
                    Double(statements) / Double(saves.count),
                    plan.thinking.lowerBound, plan.thinking.upperBound, latency.p50 * 1e3, latency.p99 * 1e3,
                    latency.max * 1e3, first.p50 * 1e3, first.p99 * 1e3, recording.players.count * plan.runs, items,
                    opens.p50 * 1e3, opens.p99 * 1e3, driver.connectSeconds,
                    driver.driveSeconds, driver.lateMax * 1e3, driver.cpuSeconds)
                + ", server " + (serverUsed.map { String(format: "%.1f s with the opens", $0) } ?? "unknown")
                + (perBackend ?? "")
                + " (\(ProcessInfo.processInfo.activeProcessorCount) cores; load average \(loadBefore) before the row)"
            return PlayersPlan.lines(latency, row: "store/saves", note: note)
        }
    }
}

extension PlayersSchool {
    /// Opens `student`'s store as their game does at its start (`edujam play`: the engine's open,
    /// which prepares a save's statements, then who the login is) and returns its engine.
    func openAsGame(student: String) throws -> PostgreSQLEngine {
        let engine = try PostgreSQLEngine(conninfo: conninfo(login: student))
        let identity = try TrackingStore(
            engine: engine, rootIdentifier: collection.id, rootTitle: collection.title, parts: [ClassroomSchema.part]
        )
        .identity()
        guard case .login(_, .student, let name?) = identity, name == student else {
            throw BenchError.mismatch("\(student)'s login is not that student on a roster: \(identity)")
        }
        return engine
    }
}
