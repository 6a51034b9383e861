import Foundation
import GameContent
import Tracking

/// Why a game could not be published, reverted or read from the store.
public enum GameStoreError: Error, Equatable, Sendable {
    /// The game's identifier breaks ``IdentifierRule`` (a context identifier): the reason.
    case invalidGameID(String, reason: String)
    /// These very files are already stored as a version of another game.
    case versionOfAnotherGame(GameVersion, game: String)
    /// No version of this game is published.
    case unknownGame(String)
    /// A version text that is not 8 to 64 hexadecimal digits.
    case invalidVersionText(String)
    /// No version of the game starts with these digits.
    case unknownVersion(String, game: String)
    /// More than one version of the game starts with these digits: the matches.
    case ambiguousVersion(String, game: String, matches: [GameVersion])
    /// A stored version whose files do not hash to its name, or cannot be decoded: changed outside
    /// EduJam (by the database's owner, or a client that broke the rules). It is never run.
    case corruptVersion(GameVersion, reason: String)
    /// The version students play now cannot be retired: publish a fix (or revert) first.
    case versionIsCurrent(GameVersion, game: String)
    /// A retired version cannot be made current: un-retire it first.
    case versionIsRetired(GameVersion, game: String)
    /// The game belongs to another teacher (`owner`): only they, or the store's owner, change its versions.
    case gameOfAnotherTeacher(String, owner: String)
    /// A game is handed only to a teacher's login (or the store owner's).
    case givenOnlyToATeacher(login: String)
    /// A stored row already has this version's name but not these files (written outside EduJam):
    /// nothing is published over it.
    case versionNameTaken(GameVersion, game: String, publishedBy: String)
}

extension GameStoreError: CustomStringConvertible {
    /// What went wrong, in one line.
    public var description: String {
        switch self {
        case .invalidGameID(let id, let reason): return "invalid game identifier '\(id)': \(reason)"
        case .versionOfAnotherGame(let version, let game):
            return "these files are already published as version \(version.short) of the game \(game)"
        case .unknownGame(let id): return "no game '\(id)' is published in this store (see: edujam games)"
        case .invalidVersionText(let text):
            return
                "'\(text)' is not a game version: give at least 8 of its hexadecimal digits (see: edujam games --all)"
        case .unknownVersion(let text, let game):
            return "no version of \(game) starts with \(text) (see: edujam games --all)"
        case .ambiguousVersion(let text, let game, let matches):
            return "\(matches.count) versions of \(game) start with \(text) ("
                + matches.map(\.short).joined(separator: ", ") + "): give more digits"
        case .corruptVersion(let version, let reason):
            return "the stored game version \(version.short) is refused: \(reason); "
                + "it was changed outside EduJam (publish the game again)"
        case .versionIsCurrent(let version, let game):
            return
                "version \(version.short) is the one students play now: publish the fix first (or revert \(game) to another version), then retire it"
        case .versionIsRetired(let version, let game):
            return
                "version \(version.short) of \(game) is retired, so its attempts do not count: un-retire it first (edujam publish --unretire \(game) \(version.short))"
        case .gameOfAnotherTeacher(let game, let owner):
            return
                "the game \(game) is \(owner)'s: only \(owner) (or the store's owner) publishes, reverts or retires its versions; give your game another identifier in its game.lua, or ask \(owner) to hand it over (edujam publish --give \(game) LOGIN)"
        case .givenOnlyToATeacher(let login):
            return "the login \(login) is not an EduJam teacher's: a game is given only to a teacher"
        case .versionNameTaken(let version, let game, let publishedBy):
            return
                "the store already holds a row named version \(version.short) (of \(game), by \(publishedBy)) whose files are not these: nothing was published; the store's owner removes that row (docs/school-server.md, \"Sharing the games\")"
        }
    }
}

extension GameStoreError: LocalizedError {
    /// The same text as ``description``, for `localizedDescription`.
    public var errorDescription: String? { description }
}
