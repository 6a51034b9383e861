import Classroom
import Foundation
import GameContent
import Runtime
import Tracking

/// A game's files into the school's store, as an immutable version named by their hash, and its
/// activities into the catalog: what `edujam publish` does for each game that passed its check.
public enum GamePublishing {
    /// One game published: its id, and what changed.
    public struct Published: Sendable {
        public var gameID: String
        public var outcome: PublishOutcome
    }

    /// Publishes the game in `folder`: its declaration (loaded by `loader`), its files as a version
    /// (``publishFiles(folder:gameID:into:by:)``) made current, and its activities written into
    /// the catalog at the game's place among its games folder's games. Runs no check of the game
    /// beyond its declaration (`GameChecker` is the author's, `edujam publish` runs it first).
    /// - Parameters:
    ///   - publisher: who publishes: the teacher's login, or the store's owner.
    ///   - loader: how the declaration is read (default: in this process; ``GameJobs/declarations``
    ///     reads it in a child process).
    /// - Throws: ``PublishRefusal`` for a game that does not load, whose files cannot be read or are
    ///   past the limits, or that the store refuses (another teacher's game); the store's errors.
    public static func publish(
        folder: String, into store: TrackingStore, by publisher: String,
        loader: Catalog.DeclarationLoader = Catalog.inThisProcess
    ) throws -> Published {
        switch loader([folder]).first {
        case .success(let declaration): return try publish(declaration, folder: folder, into: store, by: publisher)
        case .failure(let error): throw PublishRefusal(folder: folder, reason: "\(error)")
        case nil: throw PublishRefusal(folder: folder, reason: "its declaration was not read")
        }
    }

    /// ``publish(folder:into:by:loader:)`` of a game whose declaration is already loaded.
    public static func publish(
        _ declaration: GameDeclaration, folder: String, into store: TrackingStore, by publisher: String
    ) throws -> Published {
        let outcome = try publishFiles(folder: folder, gameID: declaration.id, into: store, by: publisher)
        let order = try Catalog.gameFolders(in: PathText.parent(of: folder)).map(PathText.name(of:))
        try Catalog.publish(
            declaration, order: order.firstIndex(of: PathText.name(of: folder)) ?? order.count, into: store)
        return Published(gameID: declaration.id, outcome: outcome)
    }

    /// Reads the game in `folder` (``GamePackage/read(folder:)``) and publishes its files as the
    /// current version of `gameID`; publishing the same files again changes nothing.
    /// - Throws: ``PublishRefusal`` for files that cannot be read or are past the limits, or that
    ///   the store refuses (another teacher's game, a version name another row holds); the
    ///   store's other errors.
    public static func publishFiles(folder: String, gameID: String, into store: TrackingStore, by publisher: String)
        throws -> PublishOutcome
    {
        let package: GamePackage
        do {
            package = try GamePackage.read(folder: folder)
        } catch {
            throw PublishRefusal(folder: folder, reason: "\(error)")
        }
        do {
            return try store.publishGame(package, gameID: gameID, by: publisher)
        } catch let error as GameStoreError {
            throw PublishRefusal(folder: folder, reason: "\(error)")
        }
    }
}

/// A game not published, and why: nothing of it was stored.
public struct PublishRefusal: Error, CustomStringConvertible {
    /// The game's folder.
    public var folder: String
    public var reason: String

    public var description: String {
        "\(PathText.name(of: folder)) refused: \(reason); nothing of it was stored"
    }
}
