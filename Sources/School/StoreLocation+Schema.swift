import Classroom
import Foundation
import Tracking

/// `store init`, `store migrate` and `store copy`: the schema of the store at a location, and its
/// history copied into another.
extension StoreLocation {
    /// What ``migrate(asking:)`` did.
    public struct Migrated {
        /// The migrations applied, in order (none: the schema was up to date).
        public var applied: [String]
        /// Whether the store had a schema but no collection before: an earlier `init` stopped for
        /// want of a games folder.
        public var wasUnclaimed: Bool
        /// The collection's root identifier the store is claimed for.
        public var root: String
    }

    /// Brings the store's schema up to date (Classroom's part with it), then opens it once as
    /// whoever runs this (the database's owner on a school server), which claims it for the games
    /// folder's collection and saves the main context; a store already claimed keeps its
    /// collection, and needs no games folder. Teachers and students may read but not write
    /// `store_info` or change the catalog's root, so a store nobody has opened this way cannot be
    /// opened by them at all.
    /// - Parameter command: The command as typed (`store init`), for the refusal to a login that
    ///   is not the owner's.
    /// - Throws: ``IdentityError/ownersOnly(login:command:)`` when the server refused a permission
    ///   to a teacher's or student's login; ``StoreError``.
    public func migrate(asking command: String) throws -> Migrated {
        let address = try address()
        let applied: [String]
        do {
            applied = try TrackingStore.migrate(address, parts: [ClassroomSchema.part])
        } catch let error as TrackingError {
            try refuseUnlessOwner(error, command: command)
            throw StoreError(address, error)
        }
        let claimedBefore = try? TrackingStore.claimedRoot(address)
        let root = try open(root: .claimed, clock: .real()).rootIdentifier
        return Migrated(applied: applied, wasUnclaimed: claimedBefore == .some(nil), root: root)
    }

    /// Says in words that the schema is the owner's, when the server refused a permission
    /// (SQLSTATE 42501) to a teacher's or a student's login: PostgreSQL's own words there name a
    /// schema privilege, not the command.
    /// - Throws: ``IdentityError/ownersOnly(login:command:)``; nothing when the login is the owner's,
    ///   or who it is cannot be read (the caller then says what the server said).
    private func refuseUnlessOwner(_ error: TrackingError, command: String) throws {
        guard case .postgresql("42501", _, _) = error,
            let identity = try? open(root: .claimed, clock: .real()).identity()
        else { return }
        try Identity.requireOwner(command, identity: identity)
    }

    /// Copies a store's history into another (``StoreCopy/copy(from:to:)``), its errors said as
    /// ``StoreError``s: a destination file's own trouble names the file; anything else may be
    /// either store's (a student's login may not migrate the source), so it names neither.
    /// - Throws: ``StoreError/cannotOpen(_:)`` for a source file that does not exist: a mistake,
    ///   not an empty store to create.
    public static func copy(from: StoreAddress, to: StoreAddress) throws -> StoreCopy.Report {
        if case .file(let path) = from, !FileManager.default.fileExists(atPath: path) {
            throw StoreError.cannotOpen(path)
        }
        do {
            return try StoreCopy.copy(from: from, to: to)
        } catch let error as TrackingError {
            let mapped = StoreError(to, error)
            if case .other = mapped { throw StoreError.server(error) }
            throw mapped
        }
    }
}
