import Foundation
import GameContent
import Runtime
import Tracking

/// The game a saved attempt ran, for its replay: its version from the store (through the game
/// cache), run from memory; else a games folder's game when its files are that very version.
public struct ReplayedGame: Sendable {
    /// What replays.
    public var game: PlayedGame
    /// The attempt recorded no version (it was saved before versions were): ``game`` is the
    /// games folder's, whatever its version, which the caller should say.
    public var unversioned: Bool

    /// The game `saved` ran.
    /// - Parameters:
    ///   - cache: where a version fetched from the store is kept.
    ///   - localFolder: the game folder that declares an identifier path (`MATH-JAM/LEVEL-1`),
    ///     asked only when the store does not have the version; it throws when there is none.
    /// - Throws: ``NotReplayable`` for a version neither the store nor the games folder has (a
    ///   replay of other code would only diverge, with no cause); `localFolder`'s error for an
    ///   attempt with no version and no game folder; the store's and the cache's errors as they are.
    public static func of(
        _ saved: SavedInputs, in store: TrackingStore, cache: GameCache, localFolder: (String) throws -> String
    ) throws -> ReplayedGame {
        let recorded = try saved.gameVersion.map { text in
            guard let version = GameVersion(text) else {
                throw NotReplayable(reason: "the version it recorded is not a game version")
            }
            return version
        }
        if let version = recorded {
            do {
                let package = try GameSource.package(version, from: store, in: cache)
                return ReplayedGame(game: .package(package, label: cache.entry(version)), unversioned: false)
            } catch is GameVersionMissing {}  // not in the store: a local copy, looked for below
        }
        let path = IdentifierPathText.text(saved.identifierPath)
        let local: String
        do {
            local = try localFolder(path)
        } catch {
            guard let version = recorded else { throw error }
            let shown = IdentifierPathText.text(
                saved.identifierPath.first == store.rootIdentifier
                    ? Array(saved.identifierPath.dropFirst()) : saved.identifierPath)
            throw NotReplayable(
                reason: "the store does not have version \(version.short) of its game, and no games folder has \(shown)"
            )
        }
        guard let version = recorded else { return ReplayedGame(game: .folder(local), unversioned: true) }
        guard let package = try? GamePackage.read(folder: local), package.version == version else {
            throw NotReplayable(
                reason: "it ran version \(version.short) of its game, which the store does not have, "
                    + "and the game in \(local) is another version")
        }
        return ReplayedGame(game: .package(package, label: local), unversioned: false)  // the files whose hash matched
    }
}

/// An attempt whose game cannot be had as it ran: replaying other code would only diverge.
public struct NotReplayable: Error, CustomStringConvertible {
    public let reason: String
    public var description: String { "the attempt is not replayable: \(reason)" }
}
