import Classroom
import Foundation
import GameContent
import Runtime
import Tracking

/// Where ``GameSource``'s cache is, and the store `play` opens.
extension StoreLocation {
    /// The game cache: `game-cache` in the student's data folder (``dataFolder()``).
    public func gameCache() throws -> GameCache {
        try GameSource.cache(dataFolder: try dataFolder())
    }

    /// ``GameSource/prefetch(_:from:destination:cache:)`` of the games of an inbox's activities,
    /// for a school server's store (a store file on this computer is always there).
    public func prefetch(forInbox entries: [InboxEntry], from store: TrackingStore) {
        guard let address = try? address(), case .server = address, let cache = try? gameCache() else { return }
        let games = Set(entries.flatMap(\.activities).compactMap { store.relativePath($0.identifierPath).first })
        GameSource.prefetch(games, from: store, destination: GameSource.destination(address), cache: cache)
    }

    /// ``prefetch(forInbox:from:)`` of the inbox of the student this login is (`sync`); nothing
    /// for a teacher or the owner.
    public func prefetchAssigned(from store: TrackingStore) {
        guard case .login(_, .student, let name?) = try? store.identity(), let entries = try? store.inbox(student: name)
        else { return }
        prefetch(forInbox: entries, from: store)
    }

    /// Opens the store for a run: the school server's, else, when it cannot be reached, the
    /// offline one (``PlayStore/offline(cause:login:outbox:root:clock:)``).
    /// - Parameter root: The collection: the games folder's, or the one the store was claimed
    ///   for (offline: the one the game cache's index last saw there, else the games folder's).
    /// - Throws: ``OfflineStartError`` when the server cannot be reached and the login is not
    ///   known on this computer; the store's errors.
    public func openForPlay(root: StoreRoot, clock: RunClock) throws -> PlayStore.Opened {
        do {
            return try PlayStore.Opened(store: try open(root: root, clock: clock))
        } catch StoreError.server(let cause) where cause.isUnreachable {
            let address = try address()
            guard case .server(let url) = address else { throw StoreError(address, cause) }
            let outbox = try outbox(for: url)
            let collection: (id: String, title: String)
            if case .games(let games) = root {
                collection = (games.id, games.title)
            } else {
                collection = try PlayStore.offlineRoot(
                    destination: GameSource.destination(address), cache: try? gameCache(),
                    games: { try GameCollection.load(from: try games()) })
            }
            return try PlayStore.offline(
                cause: cause, login: address.login, outbox: outbox, root: collection, clock: clock)
        }
    }
}

extension GameSource {
    /// The store as the cache's index names it: a server's URL without its password, a file's path.
    public static func destination(_ address: StoreAddress) -> String {
        switch address {
        case .file(let path): return PathText.absolute(path)
        case .server(let url): return StoreLocation.destination(url)
        }
    }
}
