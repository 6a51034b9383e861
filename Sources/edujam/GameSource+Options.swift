import Classroom
import DeclaredCommands
import Foundation
import GameContent
import Runtime
import School
import Tracking

/// Where the command line's options put ``GameSource``'s cache and name its store.
extension GameSource {
    /// The game cache: `game-cache` in the student's data folder (``StoreLocation/dataFolder()``).
    static func cache() throws -> GameCache {
        try cache(dataFolder: try StoreLocation.dataFolder())
    }

    /// The game `word` names (`CAPITALS`, `CAPITALS/EASY`, with or without the root), from the
    /// store's published games, or from the cache when `store` is offline.
    /// - Throws: ``UsageError`` for a word that is no identifier path; the store's and the cache's errors.
    static func fromStore(
        _ word: String, store: TrackingStore, offline: Bool, destination: String
    ) throws -> GameSource? {
        let path = try GameTarget.identifierPath(word, root: store.rootIdentifier)
        guard let game = path.first else { return nil }
        let level = path.count > 1 ? IdentifierPathText.text(path.dropFirst()) : nil
        return try fromStore(
            game: game, level: level, store: store, offline: offline, destination: destination, cache: try cache())
    }

    /// ``prefetch(_:from:destination:cache:)`` of the games of an inbox's activities, for a school
    /// server's store (a store file on this computer is always there).
    static func prefetch(forInbox entries: [InboxEntry], from store: TrackingStore, _ options: CommonOptions) {
        guard let address = try? StoreLocation.address(options), case .server = address, let cache = try? cache()
        else { return }
        let games = Set(entries.flatMap(\.activities).compactMap { store.relativePath($0.identifierPath).first })
        prefetch(games, from: store, destination: destination(address), cache: cache)
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
}

extension PlayStore {
    /// Opens the store for a run: the school server's, else, when it cannot be reached, the
    /// offline one (``PlayStore/offline(cause:login:outbox:root:clock:)``).
    /// - Parameter root: The collection: the games folder's, or the one the store was claimed
    ///   for (offline: the one the game cache's index last saw there, else the games folder's).
    /// - Throws: ``OfflineStartError`` when the server cannot be reached and the login is not
    ///   known on this computer; the store's errors.
    static func open(_ options: CommonOptions, root: StoreRoot, clock: RunClock) throws -> Opened {
        do {
            return try Opened(store: try StoreLocation.open(options, root: root, clock: clock))
        } catch StoreError.server(let cause) where cause.isUnreachable {
            let address = try StoreLocation.address(options)
            guard case .server(let url) = address else { throw StoreError(address, cause) }
            let outbox = try StoreLocation.outbox(for: url)
            let collection: (id: String, title: String)
            if case .games(let games) = root {
                collection = (games.id, games.title)
            } else {
                collection = try offlineRoot(
                    destination: GameSource.destination(address), cache: try? GameSource.cache(),
                    games: { try GameCollection.load(from: try Installation.games(options)) })
            }
            return try offline(cause: cause, login: address.login, outbox: outbox, root: collection, clock: clock)
        }
    }
}
