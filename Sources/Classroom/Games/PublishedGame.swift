import Foundation
import GameContent

/// One stored version of a game, without its files (``TrackingStore/publishedGames()`` lists
/// these; ``TrackingStore/package(version:)`` reads the files).
public struct PublishedVersion: Equatable, Sendable {
    /// Its name: the SHA-256 of its files' canonical encoding.
    public let version: GameVersion
    /// The size of that encoding, in bytes.
    public let bytes: Int
    /// The login (or, on a SQLite store, the user) that published it.
    public let publishedBy: String
    /// When.
    public let publishedAt: Date
}

/// A published game: the version students play and the versions before it.
public struct PublishedGame: Equatable, Sendable {
    /// The game's identifier under the collection's root (`MATH-JAM`), as its `game.lua` declares it.
    public let gameID: String
    /// The version students play.
    public let current: PublishedVersion
    /// Who made it current: its publisher, or whoever reverted to it.
    public let setBy: String
    /// When it became current.
    public let setAt: Date
    /// Every other version of the game, newest first.
    public let earlier: [PublishedVersion]
}

/// What ``TrackingStore/publishGame(_:gameID:by:)`` did.
public enum PublishOutcome: Equatable, Sendable {
    /// The game's current version already has these files: nothing was written.
    case unchanged(GameVersion)
    /// A version the store did not have: stored, and now current.
    case new(GameVersion)
    /// An earlier version of the game had these files: it is current again.
    case madeCurrentAgain(GameVersion)

    /// The version that is now current.
    public var version: GameVersion {
        switch self {
        case .unchanged(let version), .new(let version), .madeCurrentAgain(let version): return version
        }
    }
}
