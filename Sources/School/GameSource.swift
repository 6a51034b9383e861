import Classroom
import Foundation
import GameContent
import Runtime
import Tracking

/// Where the game `play` runs comes from, and the version its attempt records.
///
/// `play ID` looks in the store first: the game's current published version, put in the
/// student's game cache (``GameCache``, 0700 in their data folder: ``cache(dataFolder:)``) and run
/// from the files as they were read and hashed, in memory (``PlayedGame``), so no game file is
/// needed anywhere on the student's computer and none changed after the check runs. While the
/// school server cannot be reached, the version last seen current (``GameSourceIndex``) runs
/// from the cache. A game folder (`play FOLDER`, `--games`, `EDUJAM_GAMES`, `./games`, the
/// installed games) is the author's: its attempt records the folder's own version, and counts
/// for an assignment only when that exact version is a published version of the game (the
/// count rule, `AssignmentSQL.VersionRule`); a changed copy is practice.
public struct GameSource: Sendable {
    /// Where the files came from.
    public enum Origin: Equatable, Sendable {
        /// The store's current published version, from the cache.
        case published
        /// The version last seen current, from the cache: the school server cannot be reached.
        case cached
        /// A game folder on this computer.
        case folder
    }

    /// The folder the game runs from (a game folder), or is named by (a published version's cache
    /// entry, which ``package`` holds in memory).
    public var folder: String
    /// A published version's files, as read and checked: what runs (``PlayedGame``); nil for a
    /// game folder, which runs from disk.
    public var package: GamePackage?
    /// The game's id, when the store named it (a published version); nil for a game folder.
    public var gameID: String? = nil
    /// The level typed after the game's id (`CAPITALS/EASY`), or nil.
    public var level: String?
    /// The version that runs, recorded with the attempt; nil for a folder that is no package
    /// (too big, a file the store would refuse), which is practice wherever the game is published.
    public var version: GameVersion?
    public var origin: Origin

    /// The game as ``GamePlayer`` runs it: the package from memory, else the folder.
    public var game: PlayedGame {
        package.map { .package($0, label: folder) } ?? .folder(folder)
    }

    /// Plays the game to its end (``GamePlayer/play(_:store:channel:clock:options:)``), its
    /// attempt recording ``version`` and starting at ``level`` unless `options` names a level.
    /// - Throws: As `GamePlayer.play`: a game that does not load or has no such level; the store's errors.
    public func play(store: TrackingStore, channel: PlayChannel, clock: RunClock, options: PlayOptions) throws
        -> RunReport
    {
        var options = options
        options.level = options.level ?? level
        options.gameVersion = version?.description
        return try GamePlayer.play(game, store: store, channel: channel, clock: clock, options: options)
    }

    /// Whether this is a folder's copy of `game` that is none of its published versions while the
    /// store publishes the game (``TrackingStore/isLocalCopy(_:of:)``): its attempts are practice.
    /// False when the store cannot say.
    public func isLocalCopy(of game: String, in store: TrackingStore) -> Bool {
        origin == .folder && (try? store.isLocalCopy(version, of: game)) == true
    }

    /// The game cache: `game-cache` in `dataFolder`, the student's EduJam data folder.
    /// - Throws: ``GameCacheUnusable`` when it cannot be made.
    public static func cache(dataFolder: String) throws -> GameCache {
        let folder = (dataFolder as NSString).appendingPathComponent("game-cache")
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
    public static func fromFolder(_ folder: String, level: String?) throws -> GameSource {
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

    /// The game `game` (an id below the root) from the store's published games, at `level`, or
    /// from the cache when `store` is offline.
    /// - Parameter destination: The store as the index names it (a server's URL without its
    ///   password, a file's absolute path).
    /// - Returns: nil when the store has no published version of the game (offline: none seen).
    /// - Throws: The store's and the cache's errors.
    public static func fromStore(
        game: String, level: String?, store: TrackingStore, offline: Bool, destination: String, cache: GameCache
    ) throws -> GameSource? {
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
    public static func prefetch(_ games: Set<String>, from store: TrackingStore, destination: String, cache: GameCache)
    {
        guard !games.isEmpty, let current = try? currentVersions(of: games, in: store) else { return }
        let fetched = current.filter { (try? package($0.value, from: store, in: cache)) != nil }
        GameSourceIndex.remember(root: root(of: store), current: fetched, at: destination, in: cache)
    }

    /// The store's collection, as an offline run is rooted at it.
    private static func root(of store: TrackingStore) -> (id: String, title: String) {
        (store.rootIdentifier, store.mainContext.title)
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
    public static func package(_ version: GameVersion, from store: TrackingStore, in cache: GameCache) throws
        -> GamePackage
    {
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
public struct GameCacheUnusable: Error, CustomStringConvertible {
    public let cause: GameCacheError
    public var description: String {
        "cannot keep the school's games on this computer: \(cause); check HOME and XDG_DATA_HOME"
    }
}

/// The store names a current version whose files it does not have (a row removed by hand).
public struct GameVersionMissing: Error, CustomStringConvertible {
    public let version: GameVersion
    public var description: String {
        "the school store names game version \(version.short) as current but does not have its files: ask your teacher to publish the game again"
    }
}
