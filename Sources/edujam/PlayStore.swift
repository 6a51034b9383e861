import Classroom
import Foundation
import Runtime
import Tracking

/// The store `play` saves to, and who plays: a school server that cannot be reached when the
/// game starts does not stop a student from playing (`docs/classroom.md`, "When the network drops").
///
/// When the server cannot be reached, the run gets an offline store
/// (``TrackingStore/offline(reason:rootIdentifier:rootTitle:outbox:clock:)``): its attempt goes to
/// the outbox, and the next command that reaches the server (or `edujam sync`) delivers it,
/// creating the contexts the server lacks. Who plays is who this login was on that server the
/// last time this computer reached it (``Outbox/known(login:)``, recorded by every command that
/// reaches it); the server checks again on delivery (row-level security). A login this computer
/// never reached the server as cannot play offline: nothing would say whose work it is.
enum PlayStore {
    /// Opens the store for a run.
    /// - Returns: The store and who runs the command.
    /// - Throws: ``OfflineStartError`` when the server cannot be reached and the login is not
    ///   known on this computer; the store's other errors.
    static func open(
        _ options: CommonOptions, collection: GameCollection, clock: RunClock
    ) throws -> (store: TrackingStore, identity: StoreIdentity) {
        do {
            let store = try StoreLocation.open(options, root: .games(collection), clock: clock)
            return (store, try store.identity())
        } catch StoreError.server(let cause) where cause.isUnreachable {
            return try offline(options, collection: collection, clock: clock, cause: cause)
        }
    }

    private static func offline(
        _ options: CommonOptions, collection: GameCollection, clock: RunClock, cause: TrackingError
    ) throws -> (store: TrackingStore, identity: StoreIdentity) {
        let address = try StoreLocation.address(options)
        guard case .server(let url) = address else { throw StoreError(address, cause) }
        let outbox = try StoreLocation.outbox(for: url)
        guard let login = address.login, let known = try outbox.known(login: login) else {
            throw OfflineStartError(cause: cause, login: address.login)
        }
        let store = try TrackingStore.offline(
            reason: cause, rootIdentifier: collection.id, rootTitle: collection.title, outbox: outbox,
            clock: { clock.date() })
        let role = SchoolRole(rawValue: known.role) ?? .none
        return (store, .login(login, role: role, studentName: known.student))
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
