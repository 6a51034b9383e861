import Classroom
import Foundation
import Runtime
import Tracking

/// One student process of the row `store/players` (`SchoolPlayers.swift`): the bench binary started
/// again as `edujam-bench --school-player GAME-FOLDER CONNINFO RUNS SEED THINK-MS OUTBOX`.
///
/// It does what `edujam play` does on a school server, by bot: connects as its own student login
/// (row-level security applies), learns who it is from the login (``TrackingStore/identity()``),
/// attaches an outbox, then plays Math Jam `RUNS` times through the real runtime
/// (`GamePlayer.play`, real clock, a save at every save point, `RunSaver` with its retry and
/// outbox) against the real PostgreSQL store. Only the engine is wrapped (``TimedEngine``), to
/// time each save and keep what failed. Between connecting and playing it waits at the start
/// barrier, so that every process plays at once. Its report (``PlayerReport``, JSON) goes to
/// stdout; a failure to start, to stderr with status 1.
enum SchoolPlayer {
    /// The hidden option that starts this mode; `main.swift` checks for it before anything else.
    static let option = "--school-player"
    /// The descriptor it writes one byte to once connected (the parent counts them).
    static let readyDescriptor: Int32 = 3
    /// The descriptor it reads until end of file before playing (the parent closes it for all at once).
    static let startDescriptor: Int32 = 4

    /// What the parent passes, in order.
    struct Arguments: Equatable {
        var game: String
        var conninfo: String
        var runs: Int
        var seed: Int
        /// The bot's think time before each answer, in milliseconds: a value drawn evenly from it.
        var thinking: ClosedRange<Int>
        var outbox: String

        var words: [String] {
            [
                SchoolPlayer.option, game, conninfo, String(runs), String(seed),
                "\(thinking.lowerBound)-\(thinking.upperBound)", outbox,
            ]
        }

        init(game: String, conninfo: String, runs: Int, seed: Int, thinking: ClosedRange<Int>, outbox: String) {
            (self.game, self.conninfo, self.runs, self.seed, self.thinking, self.outbox) =
                (game, conninfo, runs, seed, thinking, outbox)
        }

        /// The words after the option, as ``words`` wrote them.
        init?(_ words: [String]) {
            let think = words.count == 6 ? words[4].split(separator: "-").compactMap { Int($0) } : []
            guard words.count == 6, let runs = Int(words[2]), runs > 0, let seed = Int(words[3]), think.count == 2,
                think[0] >= 0, think[0] <= think[1]
            else { return nil }
            self.init(
                game: words[0], conninfo: words[1], runs: runs, seed: seed, thinking: think[0]...think[1],
                outbox: words[5])
        }
    }

    /// Runs the process and returns its exit status: 0 when every save and run succeeded.
    static func main(_ words: [String]) -> Int32 {
        guard let arguments = Arguments(words) else {
            FileHandle.standardError.write(Data("edujam-bench \(option): bad arguments \(words)\n".utf8))
            return 64
        }
        do {
            let report = try play(arguments)
            FileHandle.standardOutput.write(try JSONEncoder().encode(report))
            return report.errors.isEmpty ? 0 : 1
        } catch {
            FileHandle.standardError.write(Data("edujam-bench \(option): \(error)\n".utf8))
            return 1
        }
    }

    private static func play(_ arguments: Arguments) throws -> PlayerReport {
        let folder = (arguments.game as NSString).standardizingPath
        let collection = try GameCollection.load(from: (folder as NSString).deletingLastPathComponent)
        let server = try PostgreSQLEngine(conninfo: arguments.conninfo)
        // Who plays is the login's business, as for `edujam play` (its `Identity.student`).
        let identity = try TrackingStore(
            engine: server, rootIdentifier: collection.id, rootTitle: collection.title, parts: [ClassroomSchema.part]
        )
        .identity()
        guard case .login(let login, .student, let student?) = identity else {
            throw BenchError.mismatch("the login is not a student on a roster: \(identity)")
        }
        let timed = TimedEngine(server)
        let store = try TrackingStore(
            engine: timed, rootIdentifier: collection.id, rootTitle: collection.title, parts: [ClassroomSchema.part])
        store.outbox = try Outbox(path: arguments.outbox, destination: "store/players")
        try waitAtStartBarrier()
        var runs: [PlayedRun] = []
        for run in 0..<arguments.runs {
            var options = PlayOptions()
            options.student = student
            options.seed = arguments.seed &+ run
            options.level = "LEVEL-1"
            let report = try GamePlayer.play(
                folder: folder, store: store, channel: PacedBot(thinking: arguments.thinking), clock: .real(),
                options: options)
            guard let uuid = timed.attempts[report.record.id] else {
                throw BenchError.mismatch("run \(run + 1) has no saved attempt (\(report.outcome))")
            }
            runs.append(PlayedRun(uuid: uuid, outcome: report.outcome, items: report.record.items))
        }
        return PlayerReport(
            login: login, student: student, saves: timed.saves, errors: timed.errors, runs: runs,
            kept: try store.outbox?.entries().count ?? 0)
    }

    /// Says "connected" on ``readyDescriptor``, then waits until ``startDescriptor`` reaches its end.
    private static func waitAtStartBarrier() throws {
        var byte: UInt8 = 1
        guard write(readyDescriptor, &byte, 1) == 1 else { throw BenchError.mismatch("no start barrier (fd 3)") }
        close(readyDescriptor)
        while true {
            let count = read(startDescriptor, &byte, 1)
            if count == 0 { break }
            if count < 0 && errno != EINTR { throw BenchError.mismatch("no start barrier (fd 4)") }
        }
        close(startDescriptor)
    }
}

/// What one student process reports to the row.
struct PlayerReport: Codable, Equatable {
    var login: String
    var student: String
    /// The wall-clock seconds of every save that succeeded, in order.
    var saves: [Double]
    /// Every save that failed or refused something, in words; empty when none did.
    var errors: [String]
    var runs: [PlayedRun]
    /// Attempts left in the outbox at the end (the server could not be reached): 0 when none.
    var kept: Int
}

/// One run as the player's own memory has it at the end: what the store must hold.
struct PlayedRun: Codable, Equatable {
    var uuid: UUID
    var outcome: RunOutcome
    var items: [ItemRecord]
}

/// A store engine that passes everything to a PostgreSQL engine: what a bench engine that
/// watches or replaces a save (``TimedEngine``, the recording of row `store/saves`) overrides.
class ForwardingEngine: StoreEngine {
    let base: PostgreSQLEngine

    init(_ base: PostgreSQLEngine) { self.base = base }

    func write(_ changes: StoreChanges) throws -> SavedRowIDs { try base.write(changes) }
    func upsert(_ snapshot: RunSnapshot) throws -> Bool { try base.upsert(snapshot) }
    func open(rootIdentifier: String, parts: [SchemaPart]) throws {
        try base.open(rootIdentifier: rootIdentifier, parts: parts)
    }
    func migrate(parts: [SchemaPart]) throws -> [String] { try base.migrate(parts: parts) }
    func adopt(_ part: SchemaPart) throws { try base.adopt(part) }
    func claimedRoot() throws -> String? { try base.claimedRoot() }
    func loadTree() throws -> Tracking.Context? { try base.loadTree() }
    func latestAttempt(contextID: Int64, student: String?) throws -> SavedAttempt? {
        try base.latestAttempt(contextID: contextID, student: student)
    }
    func runs(student: String?) throws -> (runs: [RunRecord], unreadable: [UnreadableRow]) {
        try base.runs(student: student)
    }
    func histories(of runs: [RunRecord]) throws -> (histories: [AttemptHistory], unreadable: [UnreadableRow]) {
        try base.histories(of: runs)
    }
    func acceptedStatementIDs(endpoint: String) throws -> Set<String> {
        try base.acceptedStatementIDs(endpoint: endpoint)
    }
    func recordAcceptedStatements(_ ids: [String], endpoint: String, at time: Double) throws {
        try base.recordAcceptedStatements(ids, endpoint: endpoint, at: time)
    }
}

/// The PostgreSQL engine with each save's write timed by the wall clock: the whole transaction of
/// one `TrackingStore.save()` (one pipelined round trip and its commit; the model's checks before
/// it take microseconds). Everything else passes through untouched. Keeps every failure, which
/// `RunSaver` would otherwise swallow at a save point (the changes stay pending for the next).
final class TimedEngine: ForwardingEngine {
    private(set) var saves: [Double] = []
    private(set) var errors: [String] = []
    /// Each saved attempt's UUID by its row id, to name a run's attempt in the report.
    private(set) var attempts: [Int64: UUID] = [:]

    override func write(_ changes: StoreChanges) throws -> SavedRowIDs {
        var written: SavedRowIDs?
        do {
            saves.append(try seconds { written = try base.write(changes) })
        } catch {
            errors.append("save: \(error)")
            throw error
        }
        guard let ids = written else { throw BenchError.mismatch("a save wrote nothing") }
        errors += ids.refused.map { "refused: \($0)" }
        for activity in changes.activities {
            if let id = ids.activities[ObjectIdentifier(activity)] { attempts[id] = activity.uuid }
        }
        return ids
    }

    override func upsert(_ snapshot: RunSnapshot) throws -> Bool {
        do {
            return try base.upsert(snapshot)
        } catch {
            errors.append("delivery: \(error)")
            throw error
        }
    }
}

/// Answers every Math Jam question right (``BotChannel/solve(_:)``), after thinking for a time
/// drawn evenly from `thinking` milliseconds by the wall clock, as a student at a keyboard.
final class PacedBot: PlayChannel {
    let thinking: ClosedRange<Int>

    init(thinking: ClosedRange<Int>) { self.thinking = thinking }

    func handle(_ event: RunEvent) -> Reply? {
        guard case .ask(let prompt) = event else { return nil }
        usleep(useconds_t(Int.random(in: thinking) * 1000))
        return Reply(BotChannel.solve(prompt).map(String.init) ?? "0")
    }
}
