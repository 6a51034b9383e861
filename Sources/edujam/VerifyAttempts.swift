import Classroom
import Foundation
import GameContent
import Playtest
import Runtime
import Tracking

/// Checks attempts for `verify`: reads each one's replay record and game version, plays it again
/// from the store's copy of that version (at the sandbox's speed, saving nothing) and compares.
///
/// Each version is fetched once, checked against its hash and laid out in a throwaway
/// ``GameCache`` (removed at the end), so its `game.lua` is compiled once per run and reused by
/// every attempt of it (the runtime's chunk cache). Records are read in batches of
/// ``batchSize``, so one student's huge records (each within ``Limits/replayRecordBytes``)
/// bound what a run holds at once; each batch is replayed on ``jobs`` threads. A hostile record
/// costs its own attempt a state, never the run: the sandbox's limits hold in a replay.
struct AttemptVerifier {
    let store: TrackingStore
    let jobs: Int

    /// Attempts whose records are read and replayed together.
    static let batchSize = 64

    /// One attempt as prepared on the calling thread: ready to replay, or already decided.
    private enum Prepared: Sendable {
        case replay(AttemptInputs, folder: String, root: String)
        case decided(CheckResult)
    }

    /// What checking each of `runs` found, in their order.
    /// - Throws: An engine error, or the throwaway cache's when it cannot be made.
    func check(_ runs: [RunRecord]) throws -> [(run: RunRecord, result: CheckResult)] {
        guard !runs.isEmpty else { return [] }
        let folder = (NSTemporaryDirectory() as NSString).appendingPathComponent("edujam-verify-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cache = try GameCache(folder: folder)
        var versions = VersionFolders(store: store, cache: cache)
        var results: [(run: RunRecord, result: CheckResult)] = []
        for start in stride(from: 0, to: runs.count, by: Self.batchSize) {
            let batch = Array(runs[start..<min(start + Self.batchSize, runs.count)])
            let records = try store.replayRecords(attempts: batch.map(\.id))
            let prepared = batch.map { prepare($0, record: $0.uuid.flatMap { records[$0] }, versions: &versions) }
            let checked = Self.replay(batch, prepared, jobs: jobs)
            results += zip(batch, checked).map { (run: $0, result: $1) }
        }
        return results
    }

    /// What can be decided without playing: a missing, unreadable or truncated record, no
    /// version, a local copy, a version the store lacks; else what to replay.
    private func prepare(
        _ run: RunRecord, record: Result<SavedInputs, ReplayRecordError>?, versions: inout VersionFolders
    ) -> Prepared {
        let inputs: AttemptInputs
        switch record {
        case nil, .failure(.noRecord): return .decided(CheckResult(.notVerifiable, "it has no replay record"))
        case .failure(.unreadable(_, let reason)):
            return .decided(CheckResult(.notVerifiable, "its replay record cannot be read: \(reason)"))
        case .failure(let error): return .decided(CheckResult(.notVerifiable, "\(error)"))
        case .success(let saved): inputs = saved.inputs
        }
        guard !inputs.isTruncated else {
            return .decided(CheckResult(.notVerifiable, "its replay record was cut for its size"))
        }
        guard let text = run.gameVersion, let version = GameVersion(text) else {
            return .decided(CheckResult(.notVerifiable, "it recorded no game version"))
        }
        guard run.identifierPath.count >= 2 else {
            return .decided(CheckResult(.notVerifiable, "it was played at no game"))
        }
        switch versions.folder(version, game: run.identifierPath[1]) {
        case .success(let folder): return .replay(inputs, folder: folder, root: run.identifierPath[0])
        case .failure(let decided): return .decided(decided.result)
        }
    }

    /// Replays the attempts to replay on `jobs` threads; results in order.
    private static func replay(_ runs: [RunRecord], _ prepared: [Prepared], jobs: Int) -> [CheckResult] {
        var results: [CheckResult] = []
        OrderedWork.run(
            count: runs.count, jobs: jobs, worker: { ReplayStores() },
            task: { stores, index in
                switch prepared[index] {
                case .decided(let result): return result
                case .replay(let inputs, let folder, let root):
                    return replayed(runs[index], inputs, folder, root, stores: &stores)
                }
            },
            deliver: { _, result in results.append(result) })
        return results
    }

    /// One attempt played again and compared (``AttemptComparison/result(saved:replayed:divergence:)``).
    /// A game that cannot start at the recorded level is a mismatch: the attempt says it ran.
    private static func replayed(
        _ run: RunRecord, _ inputs: AttemptInputs, _ folder: String, _ root: String, stores: inout ReplayStores
    ) -> CheckResult {
        do {
            let replay = try GamePlayer.replay(inputs, folder: folder, root: root, store: try stores.store(root: root))
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

/// Each game version's folder in the throwaway cache, fetched once; or the state of an attempt
/// that ran a version the store cannot give.
private struct VersionFolders {
    /// Why a version does not replay, as the attempt's check.
    struct Unplayable: Error {
        let result: CheckResult
    }

    let store: TrackingStore
    let cache: GameCache
    private var folders: [GameVersion: Result<String, Unplayable>] = [:]
    /// Whether each (game, version) met is a local copy, asked of the store once.
    private var localCopies: [String: Bool] = [:]
    init(store: TrackingStore, cache: GameCache) {
        self.store = store
        self.cache = cache
    }

    /// The folder of `version` of `game`; a local copy when the game has published versions and
    /// this is none of them (``TrackingStore/isLocalCopy(_:of:)``).
    mutating func folder(_ version: GameVersion, game: String) -> Result<String, Unplayable> {
        if isLocalCopy(version, of: game) {
            let words = "it ran version \(version.short), not a published version of \(game)"
            return .failure(Unplayable(result: CheckResult(.localCopy, words)))
        }
        if let known = folders[version] { return known }
        let found = fetch(version)
        folders[version] = found
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

    /// ``GameSource/cached(_:from:in:)``, the one way a version's files reach a cache, with its
    /// failures in a check's words.
    private func fetch(_ version: GameVersion) -> Result<String, Unplayable> {
        do {
            return .success(try GameSource.cached(version, from: store, in: cache))
        } catch is GameVersionMissing {
            return .failure(
                Unplayable(result: CheckResult(.notVerifiable, "the store does not have game version \(version.short)"))
            )
        } catch let unusable as GameCacheUnusable {
            return .failure(
                Unplayable(result: CheckResult(.notVerifiable, "game version \(version.short): \(unusable.cause)")))
        } catch {
            return .failure(Unplayable(result: CheckResult(.notVerifiable, "game version \(version.short): \(error)")))
        }
    }

}
