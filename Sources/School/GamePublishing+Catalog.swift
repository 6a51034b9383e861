import Authoring
import Classroom
import Foundation
import GameContent
import Runtime
import Tracking

/// `catalog --publish`: a games folder's catalog, and the files of each game that passes.
extension GamePublishing {
    /// What publishing a catalog has to say, as it goes.
    public enum CatalogNote {
        /// A game another teacher owns: its catalog entries are hers, left as they are.
        case othersGame(folder: String, GameStoreError)
        /// A game whose check found errors: nothing of its files was stored.
        case refused(folder: String, reason: String)
        /// A game's files the store refused.
        case refusal(PublishRefusal)
        /// A game's files stored (or found stored already).
        case published(PublishOutcome, gameID: String)
    }

    /// How many games a catalog published, how many were broken, how many were other teachers'.
    public struct CatalogCounts: Equatable, Sendable {
        public var published: Int
        public var broken: Int
        public var others: Int
    }

    /// Writes the entries this login may write into the catalog (a game another teacher owns is
    /// hers, its catalog entries as its versions: the database refuses them too), then stores the
    /// files of each game that loaded, when the check without random input finds no error in it
    /// (the random-input runs are `publish`'s: a catalog of many games stays quick).
    /// - Parameter said: Told each note, in order.
    /// - Throws: The store's errors.
    public static func publishCatalog(
        _ entries: [Catalog.Entry], into store: TrackingStore, by publisher: String, said: (CatalogNote) -> Void
    ) throws -> CatalogCounts {
        var mine: [Catalog.Entry] = []
        var others = 0
        for entry in entries {
            if let id = entry.declaration?.id, let owner = try store.otherOwner(ofGame: id) {
                said(.othersGame(folder: entry.folder, .gameOfAnotherTeacher(id, owner: owner)))
                others += 1
            } else {
                mine.append(entry)
            }
        }
        try Catalog.publish(mine, into: store)
        var settings = GameChecker.Settings()
        settings.fuzzRuns = 0
        let loaded = mine.filter { $0.declaration != nil }
        for (entry, result) in zip(loaded, GameJobs().check(loaded.map(\.folder), settings: settings)) {
            guard let id = entry.declaration?.id else { continue }
            let errors = result.findings.filter { $0.severity == .error }
            guard errors.isEmpty else {
                said(.refused(folder: entry.folder, reason: errors.map(\.description).joined(separator: "\n")))
                continue
            }
            do {
                said(
                    .published(
                        try publishFiles(folder: entry.folder, gameID: id, into: store, by: publisher), gameID: id))
            } catch let refusal as PublishRefusal {
                said(.refusal(refusal))
            }
        }
        return CatalogCounts(published: loaded.count, broken: mine.count - loaded.count, others: others)
    }
}

/// `publish`: the games whose check passed, each as a new version where its files changed.
extension GamePublishing {
    /// What publishing checked games has to say, as it goes.
    public enum PublishNote {
        /// A game not stored: its check found errors, or it did not load.
        case refused(folder: String, reason: String)
        /// A game's files the store refused.
        case refusal(PublishRefusal)
        /// A game published; `replaced` is the version a new one replaced as current, if any.
        case published(Published, replaced: GameVersion?)
    }

    /// Publishes each game of `results` whose check found no error, its declaration read in a
    /// child process (``GameJobs/declarations``).
    /// - Parameter said: Told each note, in order (a game refused for its check's errors first);
    ///   what it throws stops the publishing.
    /// - Returns: How many games were not published.
    /// - Throws: What `said` throws; the store's errors.
    public static func publish(
        checked results: [GameChecker.Result], into store: TrackingStore, by publisher: String,
        said: (PublishNote) throws -> Void
    ) throws -> Int {
        for result in results where result.hasErrors {
            let errors = result.findings.filter { $0.severity == .error }.count
            try said(.refused(folder: result.folder, reason: "\(errors) error\(errors == 1 ? "" : "s")"))
        }
        let passed = results.filter { !$0.hasErrors }.map(\.folder)
        var refused = results.count - passed.count
        let before = Dictionary(
            try store.publishedGames().map { ($0.gameID, $0.current.version) }, uniquingKeysWith: { first, _ in first })
        for (folder, loaded) in zip(passed, GameJobs().declarations(passed)) {
            let published: Published
            do {
                published = try publish(loaded.get(), folder: folder, into: store, by: publisher)
            } catch let refusal as PublishRefusal {
                try said(.refusal(refusal))
                refused += 1
                continue
            } catch let error as GameLoadError {
                try said(.refused(folder: folder, reason: "\(error)"))
                refused += 1
                continue
            }
            var replaced: GameVersion?
            if case .new = published.outcome { replaced = before[published.gameID] }
            try said(.published(published, replaced: replaced))
        }
        return refused
    }
}
