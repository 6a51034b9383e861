import Classroom
import Foundation
import Runtime
import Tracking

/// The school's store as this module's work needs it: Tracking's schema with Classroom's part
/// (published games, classes, checks), rooted at a games folder's collection.
public enum SchoolStore {
    /// Opens the store at `address` (a file, made if missing, or a PostgreSQL database) for
    /// `collection`, the games' root.
    /// - Throws: ``Tracking/TrackingError/rootMismatch(expected:found:)`` for a store of another
    ///   collection; the engine's errors.
    public static func open(
        _ address: StoreAddress, collection: GameCollection, clock: @escaping () -> Date = { Date() }
    ) throws -> TrackingStore {
        try TrackingStore(
            address: address, rootIdentifier: collection.id, rootTitle: collection.title,
            parts: [ClassroomSchema.part], clock: clock)
    }
}
