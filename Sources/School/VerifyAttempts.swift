import Classroom
import Foundation
import GameContent
import Runtime
import Tracking

/// Checks attempts for `verify`: reads each one's replay record and game version, plays it again
/// from the store's copy of that version (at the sandbox's speed, saving nothing) and compares.
///
/// Each version is fetched once, checked against its hash and laid out in a throwaway
/// ``GameCache`` (removed at the end, with the replays' job files). Records are read a batch at a
/// time and replayed in chunks of a bounded count and bytes of text (``Chunking``), so one
/// student's huge records (each within ``Limits/replayRecordBytes``) bound what a run holds at
/// once, and a school's ordinary ones (a few KB) make few chunks. What needs no replay (no
/// record, no version, a local copy) is decided here; the replays run behind a process boundary,
/// ``jobs`` children a chunk, each decoding and replaying its share one after another
/// (``VerifyReplays``): a record that drives its game into the collector's one step no limit
/// interrupts (docs/sandbox.md) ends only its child, and costs only its own attempt a state.
/// Every other hostile record costs its own attempt a state too: the sandbox's limits hold in a
/// replay.
public struct AttemptVerifier {
    let store: TrackingStore
    let jobs: Int
    var replays: Replays
    var chunking = Chunking()

    /// Where the replays run.
    public enum Replays: Sendable {
        /// In children of the host program (``GameJobs``), `jobs` at once: a record that drives
        /// its game past every limit ends only its child. `edujam verify`'s way.
        case childProcesses(GameJobs)
        /// One after another on the calling thread, for an embedder whose program does not route
        /// ``GameJobs/command``: the sandbox's limits hold, but a game its last resort must end
        /// (docs/sandbox.md) ends this process.
        case inThisProcess
    }

    /// A verifier of `store`'s attempts.
    /// - Parameters:
    ///   - jobs: how many replays run at once, in child processes.
    ///   - replays: where they run (default: children of this program).
    public init(store: TrackingStore, jobs: Int = 1, replays: Replays = .childProcesses(GameJobs())) {
        self.store = store
        self.jobs = jobs
        self.replays = replays
    }

    init(store: TrackingStore, jobs: Int, chunking: Chunking, replays: Replays = .childProcesses(GameJobs())) {
        self.init(store: store, jobs: jobs, replays: replays)
        self.chunking = chunking
    }

    /// How records are read and how many are replayed together.
    struct Chunking {
        /// Attempts whose records are read in one query.
        var batch = 64
        /// The most attempts replayed together.
        var attempts = 4_096
        /// The most bytes of record text a chunk holds, past its last batch: a chunk is replayed
        /// once its records reach this, so a run holds at most this and one batch of records.
        var bytes = 64 << 20
    }

    /// One attempt as prepared on the calling thread: its record, to decode where it replays, and
    /// where to replay it or what decides it if the record is sound.
    private enum Prepared: Sendable {
        case noRecord
        case decode(StoredReplayRecord, then: Sound)
    }

    /// What becomes of an attempt whose record decodes.
    enum Sound: Sendable {
        case replay(game: PlayedGame, root: String)
        case decided(CheckResult)
    }

    /// What checking each of `runs` found, in their order.
    /// - Throws: An engine error, or the working folder's (the children's job files) when it cannot be made.
    public func check(_ runs: [RunRecord]) throws -> [(run: RunRecord, result: CheckResult)] {
        guard !runs.isEmpty else { return [] }
        // The children's job files only: the games run from memory, no game file is written.
        let folder = (NSTemporaryDirectory() as NSString).appendingPathComponent("edujam-verify-\(UUID().uuidString)")
        guard mkdir(folder, 0o700) == 0 else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: folder])
        }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var versions = VersionPackages(store: store)
        var results: [(run: RunRecord, result: CheckResult)] = []
        var chunk: [(run: RunRecord, prepared: Prepared)] = []
        var chunkBytes = 0
        let size = max(1, chunking.batch)
        for start in stride(from: 0, to: runs.count, by: size) {
            let batch = runs[start..<min(start + size, runs.count)]
            let records = try store.replayRecords(attempts: batch.map(\.id))
            for run in batch {
                let record = run.uuid.flatMap { records[$0] }
                chunk.append((run, prepare(run, record: record, versions: &versions)))
                chunkBytes += record?.bytes ?? 0
            }
            let last = start + size >= runs.count
            if last || chunk.count >= chunking.attempts || chunkBytes >= chunking.bytes {
                let checked = Self.replay(chunk, jobs: jobs, replays: replays, work: folder)
                results += zip(chunk, checked).map { (run: $0.run, result: $1) }
                (chunk, chunkBytes) = ([], 0)
            }
        }
        return results
    }

    /// What can be decided without the record's text: none saved; then, for a sound record, no
    /// version, a local copy, a version the store lacks, or where to replay it.
    private func prepare(_ run: RunRecord, record: StoredReplayRecord?, versions: inout VersionPackages) -> Prepared {
        guard let record, record.hasRecord else { return .noRecord }
        guard let text = run.gameVersion, let version = GameVersion(text) else {
            return .decode(record, then: .decided(CheckResult(.notVerifiable, "it recorded no game version")))
        }
        guard run.identifierPath.count >= 2 else {
            return .decode(record, then: .decided(CheckResult(.notVerifiable, "it was played at no game")))
        }
        switch versions.package(version, game: run.identifierPath[1]) {
        case .success(let package):
            return .decode(
                record, then: .replay(game: .package(package, label: label(of: version)), root: run.identifierPath[0]))
        case .failure(let decided): return .decode(record, then: .decided(decided.result))
        }
    }

    /// The chunk's results, in order: what needs no replay decided here (no Lua runs), the
    /// replays behind a process boundary (``VerifyReplays``), their job files in `work`.
    private static func replay(
        _ chunk: [(run: RunRecord, prepared: Prepared)], jobs: Int, replays mode: Replays, work: String
    ) -> [CheckResult] {
        var results: [CheckResult?] = Array(repeating: nil, count: chunk.count)
        var replays: [VerifyReplays.Job] = []
        var packages: [String: GamePackage] = [:]
        var none = ReplayStores()
        for (index, (run, prepared)) in chunk.enumerated() {
            switch prepared {
            case .noRecord: results[index] = CheckResult(.notVerifiable, "it has no replay record")
            case .decode(let record, .decided(let decided)):
                results[index] = checked(run, record, .decided(decided), stores: &none)
            case .decode(let record, .replay(let game, let root)):
                if case .inThisProcess = mode {
                    results[index] = checked(run, record, .replay(game: game, root: root), stores: &none)
                    continue
                }
                guard let package = game.inMemory else {  // verify's versions are packages: a folder is no version
                    results[index] = CheckResult(.notVerifiable, "its game is no published version")
                    continue
                }
                packages[package.version.hex] = package
                replays.append(
                    VerifyReplays.Job(index: index, run: run, record: record, version: package.version.hex, root: root))
            }
        }
        guard case .childProcesses(let children) = mode, !replays.isEmpty else {
            return results.map { $0 ?? CheckResult(.notVerifiable, "it was not replayed") }
        }
        let replayed = VerifyReplays.run(
            replays, packages: packages, children: jobs, executable: children.executable, folder: work)
        for (index, result) in replayed { results[index] = result }
        return results.map { $0 ?? CheckResult(.notVerifiable, "it was not replayed") }
    }

    /// What the record says of the attempt, first: unreadable or cut for its size (not
    /// verifiable); then what `then` decided, or the replay's comparison with what was saved.
    static func checked(
        _ run: RunRecord, _ record: StoredReplayRecord, _ then: Sound, stores: inout ReplayStores
    ) -> CheckResult {
        let inputs: AttemptInputs
        switch record.decoded() {
        case .success(let saved): inputs = saved.inputs
        case .failure(.unreadable(_, let reason)):
            return CheckResult(.notVerifiable, "its replay record cannot be read: \(reason)")
        case .failure(let error): return CheckResult(.notVerifiable, "\(error)")
        }
        guard !inputs.isTruncated else { return CheckResult(.notVerifiable, "its replay record was cut for its size") }
        switch then {
        case .decided(let result): return result
        case .replay(let game, let root): return replayed(run, inputs, game, root, stores: &stores)
        }
    }

    /// One attempt played again and compared (``AttemptComparison/result(saved:replayed:divergence:)``).
    /// A game that cannot start at the recorded level is a mismatch: the attempt says it ran.
    private static func replayed(
        _ run: RunRecord, _ inputs: AttemptInputs, _ game: PlayedGame, _ root: String, stores: inout ReplayStores
    ) -> CheckResult {
        do {
            let replay = try GamePlayer.replay(inputs, game: game, root: root, store: try stores.store(root: root))
            return AttemptComparison.result(
                saved: run, replayed: replay.report.record, divergence: replay.divergence?.description)
        } catch {
            return CheckResult(.mismatch, "the replay could not start: \(error)")
        }
    }
}

/// One thread's throwaway stores in memory, one per root, each used for many replays (making one
/// is much of a replay's time); nothing is ever saved in them.
struct ReplayStores {
    private var stores: [String: TrackingStore] = [:]

    /// The store rooted at `root`, made on first use.
    mutating func store(root: String) throws -> TrackingStore {
        if let store = stores[root] { return store }
        let store = try TrackingStore.inMemory(rootIdentifier: root, rootTitle: root)
        stores[root] = store
        return store
    }
}

/// What a replay of `version` is named by in its chunk names and messages: no file is read.
func label(of version: GameVersion) -> String { "version-\(version.short)" }

/// Each game version's files, fetched from the store once and held in memory (the store's read
/// checks them against their hash); or the state of an attempt that ran a version the store
/// cannot give.
private struct VersionPackages {
    /// Why a version does not replay, as the attempt's check.
    struct Unplayable: Error {
        let result: CheckResult
    }

    let store: TrackingStore
    private var packages: [GameVersion: Result<GamePackage, Unplayable>] = [:]
    /// Whether each (game, version) met is a local copy, asked of the store once.
    private var localCopies: [String: Bool] = [:]
    init(store: TrackingStore) {
        self.store = store
    }

    /// The files of `version` of `game`; a local copy when the game has published versions and
    /// this is none of them (``TrackingStore/isLocalCopy(_:of:)``).
    mutating func package(_ version: GameVersion, game: String) -> Result<GamePackage, Unplayable> {
        if isLocalCopy(version, of: game) {
            let words = "it ran version \(version.short), not a published version of \(game)"
            return .failure(Unplayable(result: CheckResult(.localCopy, words)))
        }
        if let known = packages[version] { return known }
        let found = fetch(version)
        packages[version] = found
        return found
    }

    /// ``TrackingStore/isLocalCopy(_:of:)`` once per game and version. Not when the store cannot
    /// say: the version is then fetched, and its absence said.
    private mutating func isLocalCopy(_ version: GameVersion, of game: String) -> Bool {
        let key = game + " " + version.hex
        if let known = localCopies[key] { return known }
        let local = (try? store.isLocalCopy(version, of: game)) == true
        localCopies[key] = local
        return local
    }

    /// The store's files of `version`, with its failures in a check's words.
    private func fetch(_ version: GameVersion) -> Result<GamePackage, Unplayable> {
        do {
            guard let package = try store.package(version: version) else {
                return .failure(
                    Unplayable(
                        result: CheckResult(.notVerifiable, "the store does not have game version \(version.short)")))
            }
            return .success(package)
        } catch {
            return .failure(Unplayable(result: CheckResult(.notVerifiable, "game version \(version.short): \(error)")))
        }
    }
}
