import Classroom
import Foundation
import Runtime
import School
import Tracking

/// A `play`'s game and store, opened together: the store says where the game comes from
/// (``GameSource``).
struct GameLaunch {
    var source: GameSource
    var store: TrackingStore
    var identity: StoreIdentity

    /// Opens the store and finds the game: the store's published version first, else the game
    /// folder (`docs/playing.md`, "Trying a change before publishing it").
    /// - Throws: ``GameNotHere``'s explanation when no game is found; the store's errors.
    static func open(_ typed: PlayCommandOptions, clock: RunClock) throws -> GameLaunch {
        let location = StoreLocation(typed.common)
        var early: PlayStore.Opened?
        if try looksInStore(typed) {
            let opened = try location.openForPlay(root: .claimed, clock: clock)
            if let source = try GameSource.fromStore(
                typed.game, store: opened.store, offline: opened.offline, location: location)
            {
                return GameLaunch(source: source, store: opened.store, identity: opened.identity)
            }
            early = opened
        }
        let target = try folderTarget(typed)
        let source = try GameSource.fromFolder(target.folder, level: target.level)
        // The store opened above serves when it is the games folder's collection; else opening it
        // for that collection says why not.
        let opened =
            try early.flatMap { $0.store.rootIdentifier == target.collection.id ? $0 : nil }
            ?? location.openForPlay(root: .games(target.collection), clock: clock)
        return GameLaunch(source: source, store: opened.store, identity: opened.identity)
    }

    /// The game folder `typed` names, or the one declaring the identifier path in the games folder.
    /// - Throws: ``GameNotHere``'s explanation (the store may know the activity), a usage error.
    static func folderTarget(_ typed: PlayCommandOptions) throws -> GameTarget {
        do {
            return try GameTarget.locate(typed.game, options: typed.common)
        } catch let missing as GameNotHere {
            throw missing.explained(typed.common, student: typed.student)
        }
    }

    /// Whether `play` looks for the game in the store first: not for a game folder, a games
    /// folder named with `--games` or `EDUJAM_GAMES` (an author's ways, always from the folder), nor for a store file not made yet (a typo makes no store).
    private static func looksInStore(_ typed: PlayCommandOptions) throws -> Bool {
        guard try Installation.namedGames(typed.common) == nil else { return false }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: typed.game, isDirectory: &isFolder), isFolder.boolValue {
            return false
        }
        if case .file(let path) = try StoreLocation(typed.common).address() {
            return FileManager.default.fileExists(atPath: path)
        }
        return true
    }
}
