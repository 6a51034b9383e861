import Classroom
import Foundation
import GameContent
import Runtime
import Tracking

/// The store `play` saves to, and who plays: a school server that cannot be reached when the
/// game starts does not stop a student from playing (`docs/playing.md`, "When the network drops").
///
/// When the server cannot be reached, the run gets an offline store
/// (``TrackingStore/offline(reason:rootIdentifier:rootTitle:outbox:clock:)``): its attempt goes to
/// the outbox, and the next command that reaches the server (or `edujam sync`) delivers it,
/// creating the contexts the server lacks. Who plays is who this login was on that server the
/// last time this computer reached it (``Outbox/known(login:)``, recorded by every command that
/// reaches it); the server checks again on delivery (row-level security). A login this computer
/// never reached the server as cannot play offline: nothing would say whose work it is.
public enum PlayStore {
    /// The store a run saves to, who runs it, and whether the store is the offline one.
    public struct Opened {
        public var store: TrackingStore
        public var identity: StoreIdentity
        /// The school server could not be reached: the attempt goes to the outbox, and the game
        /// comes from the cache (``GameSource``).
        public var offline: Bool

        /// The store as it opened, reached: who runs is the store's identity.
        public init(store: TrackingStore) throws {
            self.init(store: store, identity: try store.identity(), offline: false)
        }

        init(store: TrackingStore, identity: StoreIdentity, offline: Bool) {
            self.store = store
            self.identity = identity
            self.offline = offline
        }
    }

    /// The offline store for a run while the school server cannot be reached: its attempt goes
    /// to `outbox`, played as who `login` was on that server the last time this computer reached it.
    /// - Parameters:
    ///   - cause: why the server cannot be reached.
    ///   - login: the login of the store's address, if it names one.
    ///   - root: the collection the run is rooted at (``offlineRoot(destination:cache:games:)``).
    /// - Throws: ``OfflineStartError`` when the login is not known on this computer; the outbox's errors.
    public static func offline(
        cause: TrackingError, login: String?, outbox: Outbox, root: (id: String, title: String), clock: RunClock
    ) throws -> Opened {
        guard let login, let known = try outbox.known(login: login) else {
            throw OfflineStartError(cause: cause, login: login)
        }
        let store = try TrackingStore.offline(
            reason: cause, rootIdentifier: root.id, rootTitle: root.title, outbox: outbox, clock: { clock.date() })
        let role = SchoolRole(rawValue: known.role) ?? .none
        return Opened(store: store, identity: .login(login, role: role, studentName: known.student), offline: true)
    }

    /// The collection an offline run is rooted at when the game does not come from a games
    /// folder: what the game cache's index saw at the store `destination`, else `games()` (the
    /// games folder's collection).
    public static func offlineRoot(
        destination: String, cache: GameCache?, games: () throws -> GameCollection
    ) throws -> (id: String, title: String) {
        if let cache, let known = GameSourceIndex.read(in: cache).stores[destination] {
            return (known.root, known.title)
        }
        let collection = try games()
        return (collection.id, collection.title)
    }
}

/// The school server cannot be reached, and this computer never reached it as this login: no
/// game was started, since nothing would say whose work it is.
public struct OfflineStartError: Error, CustomStringConvertible {
    public var cause: TrackingError
    public var login: String?

    public var description: String {
        let who = login.map { "as \($0) " } ?? ""
        return
            "nothing was played: \(cause), and this computer has never reached it \(who)to learn whose work it would be; play again once the school server can be reached"
    }
}
