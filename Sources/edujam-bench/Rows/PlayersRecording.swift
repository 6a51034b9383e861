import Classroom
import Foundation
import Runtime
import Tracking

/// The saves of every player of row `store/saves` (``Row/schoolSaves``), recorded before the row
/// drives them: each player's Math Jam runs played through the real runtime (`GamePlayer.play`,
/// `SavePolicy.everyChange`, a bot answering at once) against a store whose engine only records.
/// Each save is the statement list the PostgreSQL engine itself would send for it
/// (``PostgreSQLEngine/saveStatements(_:)``): the same SQL, the same values, the same order, so
/// the driver replays what `edujam play` sends, from the one place that writes it.
struct PlayersRecording {
    /// One save: its statements, sent as one pipeline.
    typealias Save = [(sql: String, values: [SQLValue])]

    /// One player's runs, in order, and what the store must hold of each at the end.
    struct Player {
        var student: String
        var saves: [Save] = []
        var runs: [PlayedRun] = []
    }

    var players: [Player] = []

    /// Every distinct SQL text of every save, in the order first sent: what each connection prepares.
    var statements: [String] {
        var seen = Set<String>()
        return players.flatMap { $0.saves.joined().map(\.sql) }.filter { seen.insert($0).inserted }
    }

    /// Plays `runs` runs for each of `school`'s students, reading the catalog through `owner`
    /// (the store's owner: the contexts every save refers to) and writing nothing.
    static func record(
        school: PlayersSchool, owner: PostgreSQLEngine, runs: Int
    ) throws -> PlayersRecording {
        let recorder = RecordingEngine(owner)
        let store = try TrackingStore(
            engine: recorder, rootIdentifier: school.collection.id, rootTitle: school.collection.title,
            parts: [ClassroomSchema.part])
        var recording = PlayersRecording()
        for (index, student) in school.students.enumerated() {
            var player = Player(student: student)
            for run in 0..<runs {
                var options = PlayOptions()
                options.student = student
                options.seed = index * 1000 + 1 + run
                options.level = "LEVEL-1"
                recorder.saves = []
                let report = try GamePlayer.play(
                    folder: school.games + "/math-jam", store: store, channel: BotChannel(), clock: .real(),
                    options: options)
                guard let uuid = recorder.attempts[report.record.id] else {
                    throw BenchError.mismatch("\(student)'s run \(run + 1) has no saved attempt (\(report.outcome))")
                }
                player.saves += recorder.saves
                player.runs.append(PlayedRun(uuid: uuid, outcome: report.outcome, items: report.record.items))
            }
            recording.players.append(player)
        }
        return recording
    }
}

/// A store engine that writes nothing: each save's statements, as the PostgreSQL engine would send
/// them, are kept, and every object gets a row id of its own (the same for an object each time) so
/// the model goes on as after a real save. Everything else is read from the base engine.
private final class RecordingEngine: ForwardingEngine {
    /// The saves since the list was last emptied.
    var saves: [PlayersRecording.Save] = []
    /// Each saved attempt's UUID by the row id it was given.
    private(set) var attempts: [Int64: UUID] = [:]
    private var ids: [ObjectIdentifier: Int64] = [:]

    override func write(_ changes: StoreChanges) throws -> SavedRowIDs {
        saves.append(try PostgreSQLEngine.saveStatements(changes))
        var saved = SavedRowIDs()
        for context in changes.contexts { saved.contexts[ObjectIdentifier(context)] = id(context) }
        for activity in changes.activities {
            let id = id(activity)
            saved.activities[ObjectIdentifier(activity)] = id
            attempts[id] = activity.uuid
        }
        return saved
    }

    override func upsert(_ snapshot: RunSnapshot) throws -> Bool {
        throw BenchError.mismatch("a recorded run has no outbox")
    }

    /// The row id `object` was given, or a new one (far above the ids of the bench's store).
    private func id(_ object: AnyObject) -> Int64 {
        if let known = ids[ObjectIdentifier(object)] { return known }
        let new = Int64(1_000_000_000 + ids.count)
        ids[ObjectIdentifier(object)] = new
        return new
    }
}
