import Classroom
import Foundation
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
enum PlayStore {
    /// The store a run saves to, who runs it, and whether the store is the offline one.
    struct Opened {
        var store: TrackingStore
        var identity: StoreIdentity
        /// The school server could not be reached: the attempt goes to the outbox, and the game
        /// comes from the cache (``GameSource``).
        var offline: Bool
    }

    /// Opens the store for a run.
    /// - Parameter root: The collection: the games folder's, or the one the store was claimed
    ///   for (offline: the one the game cache's index last saw there, else the games folder's).
    /// - Throws: ``OfflineStartError`` when the server cannot be reached and the login is not
    ///   known on this computer; the store's errors.
    static func open(_ options: CommonOptions, root: StoreRoot, clock: RunClock) throws -> Opened {
        do {
            let store = try StoreLocation.open(options, root: root, clock: clock)
            return Opened(store: store, identity: try store.identity(), offline: false)
        } catch StoreError.server(let cause) where cause.isUnreachable {
            return try offline(options, root: root, clock: clock, cause: cause)
        }
    }

    private static func offline(
        _ options: CommonOptions, root: StoreRoot, clock: RunClock, cause: TrackingError
    ) throws -> Opened {
        let address = try StoreLocation.address(options)
        guard case .server(let url) = address else { throw StoreError(address, cause) }
        let outbox = try StoreLocation.outbox(for: url)
        guard let login = address.login, let known = try outbox.known(login: login) else {
            throw OfflineStartError(cause: cause, login: address.login)
        }
        let collection = try offlineRoot(options, root: root, destination: GameSource.destination(address))
        let store = try TrackingStore.offline(
            reason: cause, rootIdentifier: collection.id, rootTitle: collection.title, outbox: outbox,
            clock: { clock.date() })
        let role = SchoolRole(rawValue: known.role) ?? .none
        return Opened(store: store, identity: .login(login, role: role, studentName: known.student), offline: true)
    }

    /// The collection an offline run is rooted at: the games folder's when the game comes from
    /// it; else what the game cache's index saw at this server, else the games folder's.
    private static func offlineRoot(
        _ options: CommonOptions, root: StoreRoot, destination: String
    ) throws -> (id: String, title: String) {
        if case .games(let collection) = root { return (collection.id, collection.title) }
        if let cache = try? GameSource.cache(), let known = GameSourceIndex.read(in: cache).stores[destination] {
            return (known.root, known.title)
        }
        let collection = try GameCollection.load(from: try Installation.games(options))
        return (collection.id, collection.title)
    }
}

/// The school server cannot be reached, and this computer never reached it as this login: no
/// game was started, since nothing would say whose work it is.
struct OfflineStartError: Error, CustomStringConvertible {
    var cause: TrackingError
    var login: String?

    var description: String {
        let who = login.map { "as \($0) " } ?? ""
        return
            "nothing was played: \(cause), and this computer has never reached it \(who)to learn whose work it would be; play again once the school server can be reached"
    }
}
