import Classroom
import Foundation
import Runtime
import Tracking

/// A `play`'s game and store, opened together: the store says where the game comes from
/// (``GameSource``).
public struct GameLaunch {
    /// The game to play.
    public var source: GameSource
    /// The store the run saves to.
    public var store: TrackingStore
    /// Who runs it.
    public var identity: StoreIdentity

    /// What `play` was asked for, and where to look.
    public struct Request {
        /// The game folder or identifier path, as typed.
        public var word: String
        /// The student named, if any.
        public var student: String?
        /// Who plays on SQLite when nobody is named (the account's name).
        public var user: String
        /// The store's location.
        public var location: StoreLocation
        /// The games folder named for this run, if any: an author's way, always played from the folder.
        public var namedGames: () throws -> String?
        /// The games folder to look in for an identifier path (a named one checked to be a folder).
        public var gamesToRead: () throws -> String

        public init(
            word: String, student: String?, user: String, location: StoreLocation,
            namedGames: @escaping () throws -> String?, gamesToRead: @escaping () throws -> String
        ) {
            self.word = word
            self.student = student
            self.user = user
            self.location = location
            self.namedGames = namedGames
            self.gamesToRead = gamesToRead
        }
    }

    /// Opens the store and finds the game: the store's published version first, else the game
    /// folder (`docs/playing.md`, "Trying a change before publishing it").
    /// - Throws: ``GameNotHere``'s explanation when no game is found; the store's errors.
    public static func open(_ typed: Request, clock: RunClock) throws -> GameLaunch {
        let location = typed.location
        var early: PlayStore.Opened?
        if try looksInStore(typed) {
            let opened = try location.openForPlay(root: .claimed, clock: clock)
            if let source = try GameSource.fromStore(
                typed.word, store: opened.store, offline: opened.offline, location: location)
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
    public static func folderTarget(_ typed: Request) throws -> GameTarget {
        do {
            return try GameTarget.locate(typed.word, gamesFolder: typed.gamesToRead)
        } catch let missing as GameNotHere {
            throw missing.explained(typed.location, student: typed.student, user: typed.user)
        }
    }

    /// Whether `play` looks for the game in the store first: not for a game folder, a games
    /// folder named with `--games` or `EDUJAM_GAMES` (an author's ways, always from the folder), nor for a store file not made yet (a typo makes no store).
    private static func looksInStore(_ typed: Request) throws -> Bool {
        guard try typed.namedGames() == nil else { return false }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: typed.word, isDirectory: &isFolder), isFolder.boolValue {
            return false
        }
        if case .file(let path) = try typed.location.address() {
            return FileManager.default.fileExists(atPath: path)
        }
        return true
    }
}

extension GameSource {
    /// The game `word` names (`CAPITALS`, `CAPITALS/EASY`, with or without the root), from the
    /// store's published games, or from the cache when `store` is offline.
    /// - Throws: ``GameWordError`` for a word that is no identifier path; the store's and the cache's errors.
    static func fromStore(
        _ word: String, store: TrackingStore, offline: Bool, location: StoreLocation
    ) throws -> GameSource? {
        let path = try GameTarget.identifierPath(word, root: store.rootIdentifier)
        guard let game = path.first else { return nil }
        let level = path.count > 1 ? IdentifierPathText.text(path.dropFirst()) : nil
        return try fromStore(
            game: game, level: level, store: store, offline: offline,
            destination: destination(try location.address()), cache: try location.gameCache())
    }
}

extension GameLaunch {
    /// Whether the run may change the catalog entries of the game it plays: not a student's (the
    /// teacher's catalog), nor a teacher's of a game another teacher owns (its entries are hers;
    /// the database refuses them too): such a run only adds what the store lacks.
    public var mayChangeCatalog: Bool {
        get throws {
            switch identity {
            case .login(_, .student, _): return false
            case .login(_, .teacher, _):
                // A game that does not load says so when it plays: here it changes nothing.
                guard let id = source.gameID ?? (try? Catalog.declaration(ofGameIn: source.folder).id) else {
                    return true
                }
                return try store.otherOwner(ofGame: id) == nil
            default: return true
            }
        }
    }
}
