import Classroom
import Foundation
import GameContent
import Runtime
import Tracking

/// Where the game `play` runs comes from, and the version its attempt records.
///
/// `play ID` looks in the store first: the game's current published version, put in the
/// student's game cache (``cache()``, 0700 in their data folder) and run from the files as they
/// were read and hashed, in memory (``PlayedGame``), so no game file is needed anywhere on the
/// student's computer and none changed after the check runs. While the
/// school server cannot be reached, the version last seen current (``GameSourceIndex``) runs
/// from the cache. A game folder (`play FOLDER`, `--games`, `EDUJAM_GAMES`, `./games`, the
/// installed games) is the author's: its attempt records the folder's own version, and counts
/// for an assignment only when that exact version is a published version of the game (the
/// count rule, `AssignmentSQL.VersionRule`); a changed copy is practice.
struct GameSource {
    /// Where the files came from.
    enum Origin: Equatable {
        /// The store's current published version, from the cache.
        case published
        /// The version last seen current, from the cache: the school server cannot be reached.
        case cached
        /// A game folder on this computer.
        case folder
    }

    /// The folder the game runs from (a game folder), or is named by (a published version's cache
    /// entry, which ``package`` holds in memory).
    var folder: String
    /// A published version's files, as read and checked: what runs (``PlayedGame``); nil for a
    /// game folder, which runs from disk.
    var package: GamePackage?
    /// The game's id, when the store named it (a published version); nil for a game folder.
    var gameID: String? = nil
    /// The level typed after the game's id (`CAPITALS/EASY`), or nil.
    var level: String?
    /// The version that runs, recorded with the attempt; nil for a folder that is no package
    /// (too big, a file the store would refuse), which is practice wherever the game is published.
    var version: GameVersion?
    var origin: Origin

    /// Whether this is a folder's copy of `game` that is none of its published versions while the
    /// store publishes the game (``TrackingStore/isLocalCopy(_:of:)``): its attempts are practice.
    /// False when the store cannot say.
    func isLocalCopy(of game: String, in store: TrackingStore) -> Bool {
        origin == .folder && (try? store.isLocalCopy(version, of: game)) == true
    }

    /// The game cache: `game-cache` in the student's data folder (``StoreLocation/dataFolder()``).
    static func cache() throws -> GameCache {
        let folder = (try StoreLocation.dataFolder() as NSString).appendingPathComponent("game-cache")
        do {
            return try GameCache(folder: folder)
        } catch {
            throw GameCacheUnusable(cause: error)
        }
    }

    /// A game folder as its attempts record it: its version (``GamePackage/read(folder:)``), or
    /// nil when it is no package.
    /// - Throws: the walk's refusal of a folder past its bounds (``GameFolderWalk``): such a
    ///   folder is not played at all.
    static func fromFolder(_ folder: String, level: String?) throws -> GameSource {
        let version: GameVersion?
        do {
            version = try GamePackage.read(folder: folder).version
        } catch .folderPastBounds(let path, let reason) {
            throw GameLoadError.unreadable(path: path, reason: reason)
        } catch {
            version = nil
        }
        return GameSource(folder: folder, package: nil, level: level, version: version, origin: .folder)
    }

    /// The game `word` names (`CAPITALS`, `CAPITALS/EASY`, with or without the root), from the
    /// store's published games, or from the cache when `store` is offline.
    /// - Parameter destination: The store as the index names it (``destination(_:)``).
    /// - Returns: nil when the store has no published version of the game (offline: none seen).
    /// - Throws: ``UsageError`` for a word that is no identifier path; the store's and the
    ///   cache's errors.
    static func fromStore(
        _ word: String, store: TrackingStore, offline: Bool, destination: String
    ) throws -> GameSource? {
        let path = try GameTarget.identifierPath(word, root: store.rootIdentifier)
        guard let game = path.first else { return nil }
        let level = path.count > 1 ? IdentifierPathText.text(path.dropFirst()) : nil
        let cache = try cache()
        if offline {
            let index = GameSourceIndex.read(in: cache)
            guard let version = index.version(of: game, at: destination), let package = cache.package(version) else {
                return nil
            }
            return GameSource(
                folder: cache.entry(version), package: package, gameID: game, level: level, version: version,
                origin: .cached)
        }
        guard let version = try currentVersions(of: [game], in: store)[game] else { return nil }
        let package = try package(version, from: store, in: cache)
        GameSourceIndex.remember(root: root(of: store), current: [game: version], at: destination, in: cache)
        return GameSource(
            folder: cache.entry(version), package: package, gameID: game, level: level, version: version,
            origin: .published)
    }

    /// Puts the current published versions of `games` in the cache and the index, so they play
    /// while the school server cannot be reached (`inbox`, `sync`). A cache: nothing here is the
    /// reason a command fails.
    private static func prefetch(_ games: Set<String>, from store: TrackingStore, destination: String) {
        guard !games.isEmpty, let cache = try? cache(), let current = try? currentVersions(of: games, in: store)
        else { return }
        let fetched = current.filter { (try? package($0.value, from: store, in: cache)) != nil }
        GameSourceIndex.remember(root: root(of: store), current: fetched, at: destination, in: cache)
    }

    /// The store's collection, as an offline run is rooted at it.
    private static func root(of store: TrackingStore) -> (id: String, title: String) {
        (store.rootIdentifier, store.mainContext.title)
    }

    /// ``prefetch(_:from:destination:)`` of the games of an inbox's activities, for a school
    /// server's store (a store file on this computer is always there).
    static func prefetch(forInbox entries: [InboxEntry], from store: TrackingStore, _ options: CommonOptions) {
        guard let address = try? StoreLocation.address(options), case .server = address else { return }
        let games = Set(entries.flatMap(\.activities).compactMap { store.relativePath($0.identifierPath).first })
        prefetch(games, from: store, destination: destination(address))
    }

    /// ``prefetch(forInbox:from:_:)`` of the inbox of the student this login is (`sync`); nothing
    /// for a teacher or the owner.
    static func prefetchAssigned(from store: TrackingStore, _ options: CommonOptions) {
        guard case .login(_, .student, let name?) = try? store.identity(), let entries = try? store.inbox(student: name)
        else { return }
        prefetch(forInbox: entries, from: store, options)
    }

    /// The store as the index names it: a server's URL without its password, a file's path.
    static func destination(_ address: StoreAddress) -> String {
        switch address {
        case .file(let path): return PathText.absolute(path)
        case .server(let url): return StoreLocation.destination(url)
        }
    }

    /// Game id → current published version, for those of `games` the store publishes. The
    /// listing reads no files.
    private static func currentVersions(of games: Set<String>, in store: TrackingStore) throws -> [String: GameVersion]
    {
        var current: [String: GameVersion] = [:]
        for published in try store.publishedGames() where games.contains(published.gameID) {
            current[published.gameID] = published.current.version
        }
        return current
    }

    /// The files of `version` as a run reads them: from the cache, whose read checks them against
    /// the hash, else fetched from the store (checked there) and kept in the cache, which is only
    /// offline storage: the run reads these bytes, never the cache's files again.
    static func package(_ version: GameVersion, from store: TrackingStore, in cache: GameCache) throws -> GamePackage {
        if let package = cache.package(version) { return package }
        guard let package = try store.package(version: version) else { throw GameVersionMissing(version: version) }
        do {
            try cache.store(package)
        } catch {
            throw GameCacheUnusable(cause: error)
        }
        return package
    }
}

/// The game cache cannot be made or written: the student's data folder is the place to look.
struct GameCacheUnusable: Error, CustomStringConvertible {
    let cause: GameCacheError
    var description: String {
        "cannot keep the school's games on this computer: \(cause); check HOME and XDG_DATA_HOME"
    }
}

/// The store names a current version whose files it does not have (a row removed by hand).
struct GameVersionMissing: Error, CustomStringConvertible {
    let version: GameVersion
    var description: String {
        "the school store names game version \(version.short) as current but does not have its files: ask your teacher to publish the game again"
    }
}
