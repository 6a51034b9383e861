import CLibPQ
import Foundation
import Tracking

/// The load process of row `store/saves`: every player's recorded saves (``PlayersRecording``)
/// sent over a connection of its own, all from this one thread, with non-blocking libpq and one
/// `poll(2)` over every socket, so that 300 players cost the machine a loop and not 300
/// processes: what the row times is the server's and EduJam's work, not the scheduler's.
///
/// Each player's store is opened first, before the clock starts, as a game start opens it: through
/// the PostgreSQL engine itself as the player's own student login (row-level security applies),
/// which reads the schema's state and the claim, prepares a save's statements on the connection
/// (``PGSave/everyStatement``) and loads the tree, then asks who the login is, as `edujam play`
/// does. Each open is timed. The loop then takes each connection over (``PGConnection/handle``)
/// and sends each save as ``PGConnection/pipeline(_:prepared:preparing:)`` sends it: one pipeline
/// of the statements the open prepared, with one sync (one round trip, one implicit transaction);
/// a statement the open did not prepare would be prepared ahead of it in the first save that uses
/// it. A save's time is from its first byte sent until its sync came back. Between a player's
/// saves it thinks as the bots of `store/players` do (a time drawn evenly from the plan's range);
/// each player's first save comes after such a time too.
struct PlayersDriver {
    /// Each player's save times in seconds, in order, by student.
    var saves: [String: [Double]] = [:]
    /// Every save the server refused, every connection lost, every player left unfinished, in words.
    var problems: [String] = []
    /// Each player's open (connection, store open with its preparations, identity) in seconds, ascending.
    var opens: [Double] = []
    var connectSeconds = 0.0
    /// The server's CPU seconds, from each backend's own (`/proc`; nil when unreadable), in all:
    /// for the opens (each connection's start included), the players' first saves, and the later saves.
    var serverCPU: (opens: Double, firstSaves: Double, laterSaves: Double)?
    var driveSeconds = 0.0
    /// The CPU seconds of this process while it drove (user and system).
    var cpuSeconds = 0.0
    /// The most a save was sent after it was due (the loop busy with others): the driver's own lag.
    var lateMax = 0.0

    /// Opens every player's store with `open` (given the student, it returns the engine of a
    /// store opened as that student's game opens it), then drives the saves.
    static func drive(
        _ recording: PlayersRecording, plan: PlayersPlan, open: (String) throws -> PostgreSQLEngine
    ) throws -> PlayersDriver {
        var driver = PlayersDriver()
        let names = Dictionary(
            uniqueKeysWithValues: recording.statements.enumerated().map { ($0.element, "save_\($0.offset + 1)") })
        var players: [DrivenPlayer] = []
        driver.connectSeconds = try seconds {
            for player in recording.players {
                var engine: PostgreSQLEngine?
                driver.opens.append(try seconds { engine = try open(player.student) })
                if let engine { players.append(try DrivenPlayer(player, engine: engine, names: names)) }
            }
        }
        driver.opens.sort()
        for player in players { player.cpuAtOpen = player.backendCPU() }
        (driver.driveSeconds, driver.cpuSeconds) = secondsAndProcessCPU { driver.lateMax = loop(players, plan: plan) }
        driver.serverCPU = serverCPU(players)
        for player in players {
            driver.saves[player.student] = player.times
            if let error = player.error { driver.problems.append("\(player.student): \(error)") }
            if player.error == nil, player.next < player.saves.count {
                driver.problems.append(
                    "\(player.student) sent \(player.next) of \(player.saves.count) saves within \(Int(plan.playDeadline)) s"
                )
            }
        }
        return driver
    }

    /// The backends' CPU, summed over `players` (nil when one is unreadable): opens, first saves, later saves.
    private static func serverCPU(_ players: [DrivenPlayer]) -> (opens: Double, firstSaves: Double, laterSaves: Double)?
    {
        var sums = (opens: 0.0, firstSaves: 0.0, laterSaves: 0.0)
        for player in players {
            guard let open = player.cpuAtOpen, let first = player.cpuAfterFirstSave, let end = player.backendCPU()
            else { return nil }
            sums.opens += open
            sums.firstSaves += first - open
            sums.laterSaves += end - first
        }
        return sums
    }

    /// Sends each player's saves in turn until all are sent and answered, one fails, or the
    /// plan's deadline passes. Returns the most a save was sent after it was due.
    private static func loop(_ players: [DrivenPlayer], plan: PlayersPlan) -> Double {
        let start = monotonicSeconds()
        let end = start + plan.playDeadline
        for player in players { player.due = start + player.think(plan.thinking) }
        var late = 0.0
        var now = start
        while now < end {
            let active = players.filter { !$0.isDone }
            guard !active.isEmpty else { break }
            let waiting = active.filter { $0.sentAt != nil }
            var descriptors = waiting.map {
                pollfd(
                    fd: PQsocket($0.handle), events: Int16(POLLIN) | ($0.wantsWrite ? Int16(POLLOUT) : 0), revents: 0)
            }
            let nextDue = active.filter { $0.sentAt == nil }.map(\.due).min() ?? end
            let timeout = Int32(max(0, min(nextDue, end) - now) * 1000 + 1)
            _ = poll(&descriptors, nfds_t(descriptors.count), timeout)
            now = monotonicSeconds()
            for (player, descriptor) in zip(waiting, descriptors) where descriptor.revents != 0 {
                player.readAnswer(now: now, thinking: plan.thinking)
            }
            for player in active where player.sentAt == nil && !player.isDone && player.due <= now {
                late = max(late, now - player.due)
                player.send(now: now)
                now = monotonicSeconds()
            }
        }
        return late
    }

    /// The monotonic clock in seconds.
    private static func monotonicSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }
}

/// One player's connection and where it is in its saves.
private final class DrivenPlayer {
    let student: String
    /// The engine whose store was opened; it owns the connection and closes it.
    let engine: PostgreSQLEngine
    let handle: OpaquePointer
    let saves: [PlayersRecording.Save]
    /// Each SQL text's prepared name: the open's, else one of its own, the same on every connection.
    let names: [String: String]
    /// The names this connection has prepared, and those the save in flight prepares.
    private var prepared = Set<String>()
    private var preparing: [String] = []
    /// The next save to send.
    var next = 0
    /// When the next save is due, on the monotonic clock.
    var due = 0.0
    /// When the save in flight was sent; nil when none is.
    var sentAt: Double?
    /// Whether libpq still holds bytes of the save to send (`PQflush` returned 1).
    var wantsWrite = false
    /// Each answered save's time in seconds.
    var times: [Double] = []
    /// The first failure: a refused statement, a lost connection.
    var error: String?
    /// The backend's CPU seconds once the store was opened, and once the first save was answered.
    var cpuAtOpen: Double?
    var cpuAfterFirstSave: Double?

    var isDone: Bool { error != nil || next == saves.count }

    /// Takes over the connection of the player's opened store (its statements prepared by the open).
    init(_ player: PlayersRecording.Player, engine: PostgreSQLEngine, names: [String: String]) throws {
        student = player.student
        saves = player.saves
        self.engine = engine
        handle = engine.connection.handle
        let opened = engine.connection.preparedStatements
        self.names = names.merging(opened) { _, open in open }
        prepared = Set(opened.values)
        guard PQsetnonblocking(handle, 1) == 0 else {
            throw BenchError.mismatch("\(player.student): no non-blocking connection")
        }
    }

    /// The CPU seconds this connection's backend has used so far (`/proc`, the server being local).
    func backendCPU() -> Double? { BenchPostgres.cpuSeconds(pid: String(PQbackendPID(handle)), reaped: false) }

    /// A think time drawn evenly from `thinking` milliseconds, in seconds.
    func think(_ thinking: ClosedRange<Int>) -> Double { Double(Int.random(in: thinking)) / 1000 }

    /// Sends the next save: its statements as one pipeline with one sync.
    func send(now: Double) {
        sentAt = now
        guard PQenterPipelineMode(handle) == 1 else { return fail("cannot enter pipeline mode") }
        for statement in saves[next] {
            guard let name = names[statement.sql] else { return fail("a statement has no name") }
            if !prepared.contains(name) && !preparing.contains(name) {
                guard PQsendPrepare(handle, name, statement.sql, 0, nil) == 1 else {
                    return fail(Self.message(PQerrorMessage(handle)))
                }
                preparing.append(name)
            }
            let texts = statement.values.map { $0.postgresText.map { strdup($0) } ?? nil }
            defer { for text in texts { free(text) } }
            let sent = texts.map { UnsafePointer($0) }.withUnsafeBufferPointer {
                PQsendQueryPrepared(handle, name, Int32(texts.count), $0.baseAddress, nil, nil, 0)
            }
            guard sent == 1 else { return fail(Self.message(PQerrorMessage(handle))) }
        }
        guard PQpipelineSync(handle) == 1 else { return fail(Self.message(PQerrorMessage(handle))) }
        flush()
    }

    /// Reads what arrived; once the save's sync is there, times it and schedules the next.
    func readAnswer(now: Double, thinking: ClosedRange<Int>) {
        if wantsWrite { flush() }
        guard PQconsumeInput(handle) == 1 else { return fail(Self.message(PQerrorMessage(handle))) }
        guard readResults(), let sent = sentAt else { return }
        PQexitPipelineMode(handle)
        prepared.formUnion(preparing)  // an error would have ended the player
        preparing = []
        times.append(now - sent)
        if times.count == 1 { cpuAfterFirstSave = backendCPU() }
        sentAt = nil
        next += 1
        due = now + think(thinking)
    }

    /// Takes every result libpq holds whole; true once the sync's has come. The first error is kept.
    private func readResults() -> Bool {
        var emptyInARow = 0
        while PQisBusy(handle) == 0 {
            guard let result = PQgetResult(handle) else {
                // Each statement's results end with a NULL; two in a row: nothing more has come yet.
                emptyInARow += 1
                if emptyInARow > 1 { break }
                continue
            }
            emptyInARow = 0
            defer { PQclear(result) }
            switch PQresultStatus(result) {
            case PGRES_PIPELINE_SYNC: return true
            case PGRES_FATAL_ERROR, PGRES_BAD_RESPONSE, PGRES_NONFATAL_ERROR:
                if error == nil { error = "save \(next + 1): " + Self.message(PQresultErrorMessage(result)) }
            default: break
            }
        }
        if PQstatus(handle) == CONNECTION_BAD { fail(Self.message(PQerrorMessage(handle))) }
        return false
    }

    private func flush() { wantsWrite = PQflush(handle) == 1 }

    private func fail(_ why: String) {
        if error == nil { error = "save \(next + 1): \(why)" }
    }

    private static func message(_ text: UnsafeMutablePointer<CChar>?) -> String {
        text.map { String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines) } ?? "no message"
    }
}
