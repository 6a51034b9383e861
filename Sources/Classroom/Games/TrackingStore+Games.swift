import Foundation
import GameContent
import Tracking

/// Games live in the store (`docs/teaching.md`, "How a game reaches students"): a teacher
/// publishes a game's files once as an immutable version named by its hash, and every student
/// plays the game's current version. A version read back is checked against its name every time.
extension TrackingStore {
    /// Publishes a game's files (`edujam publish`): a version the store lacks is stored and made
    /// current; an earlier version with the same files is made current again; the current one
    /// changes nothing.
    /// - Parameters:
    ///   - package: The game's files (checked by the caller as `edujam check` does).
    ///   - gameID: The identifier its `game.lua` declares, under the collection's root.
    ///   - publisher: The login publishing it (on PostgreSQL a teacher may publish only as
    ///     themselves), or the user on a SQLite store.
    /// - Returns: What changed.
    /// - Throws: ``GameStoreError/invalidGameID(_:reason:)``, ``GameStoreError/versionOfAnotherGame(_:game:)``,
    ///   ``GameStoreError/gameOfAnotherTeacher(_:owner:)`` (the game is another teacher's),
    ///   ``GameStoreError/versionNameTaken(_:game:publishedBy:)`` (a row of that name holds other files),
    ///   or the engine's errors (a student's publish is refused by the server); nothing is
    ///   written then.
    @discardableResult
    public func publishGame(_ package: GamePackage, gameID: String, by publisher: String) throws -> PublishOutcome {
        if let violation = IdentifierRule.violation(gameID, of: .context) {
            throw GameStoreError.invalidGameID(gameID, reason: violation.reason)
        }
        let version = package.version
        let now = clock().timeIntervalSince1970
        let engine = classroom
        return try engine.transaction {
            try engine.claimGame(gameID, by: publisher, at: now)
            let stored = try engine.gameVersionRow(version)
            if let stored {
                try Self.requireSameFiles(stored, as: package, engine: engine)
                if stored.game != gameID { throw GameStoreError.versionOfAnotherGame(version, game: stored.game) }
            }
            if try engine.currentVersion(of: gameID) == version { return .unchanged(version) }
            if stored == nil {
                try engine.insertGameVersion(version, game: gameID, encoded: package.encoded(), by: publisher, at: now)
            }
            try engine.setCurrentVersion(version, of: gameID, by: publisher, at: now)
            return stored == nil ? .new(version) : .madeCurrentAgain(version)
        }
    }

    /// Refuses a stored row that has `package`'s version name but other files: a publish never
    /// says it published these files over a row that holds others.
    /// - Throws: ``GameStoreError/versionNameTaken(_:game:publishedBy:)``.
    private static func requireSameFiles(
        _ stored: ClassroomEngine.VersionRow, as package: GamePackage, engine: ClassroomEngine
    ) throws {
        let version = package.version
        do {
            if try engine.gamePackage(version)?.version == version { return }
        } catch GameStoreError.corruptVersion {}
        throw GameStoreError.versionNameTaken(version, game: stored.game, publishedBy: stored.version.publishedBy)
    }

    /// Makes an earlier version of a game current again (`edujam publish --revert GAME VERSION`).
    /// - Parameters:
    ///   - gameID: A published game.
    ///   - versionText: The version's name or a prefix of it of at least 8 hexadecimal digits.
    ///   - publisher: Who reverts (as in ``publishGame(_:gameID:by:)``).
    /// - Returns: What changed: ``PublishOutcome/unchanged(_:)`` when that version is current already.
    /// - Throws: ``GameStoreError/invalidVersionText(_:)``, ``GameStoreError/unknownGame(_:)``,
    ///   ``GameStoreError/unknownVersion(_:game:)``, ``GameStoreError/ambiguousVersion(_:game:matches:)``,
    ///   ``GameStoreError/versionIsRetired(_:game:)``, ``GameStoreError/gameOfAnotherTeacher(_:owner:)``.
    @discardableResult
    public func revertGame(_ gameID: String, to versionText: String, by publisher: String) throws -> PublishOutcome {
        let now = clock().timeIntervalSince1970
        let engine = classroom
        return try engine.transaction {
            let version = try engine.gameVersion(of: gameID, named: versionText)
            try engine.requireGameOwner(gameID, login: publisher)
            if version == (try engine.currentVersion(of: gameID)) { return .unchanged(version) }
            if try engine.retiredVersionRows().contains(where: { $0.version == version }) {
                throw GameStoreError.versionIsRetired(version, game: gameID)
            }
            try engine.setCurrentVersion(version, of: gameID, by: publisher, at: now)
            return .madeCurrentAgain(version)
        }
    }

    /// Every published game with its current version and the versions before it, ordered by
    /// identifier (as bytes). Files are not read: a listing costs the same whatever their size.
    public func publishedGames() throws -> [PublishedGame] {
        let engine = classroom
        return try engine.transaction(readOnly: true) {
            let versions = Dictionary(grouping: try engine.gameVersionRows(), by: \.game)
            return try engine.currentGameRows().compactMap { row -> PublishedGame? in
                let all = (versions[row.game] ?? []).map(\.version)
                guard let current = all.first(where: { $0.version.description == row.version }) else { return nil }
                return PublishedGame(
                    gameID: row.game, current: current, setBy: row.setBy,
                    setAt: Date(timeIntervalSince1970: row.setAt),
                    earlier: all.filter { $0.version != current.version }.reversed())
            }.sorted { $0.gameID.utf8.lexicographicallyPrecedes($1.gameID.utf8) }
        }
    }

    /// The files of a game's current version, checked against its name; nil when the game is
    /// not published.
    /// - Throws: ``GameStoreError/corruptVersion(_:reason:)`` for files that do not match.
    public func currentPackage(gameID: String) throws -> GamePackage? {
        let engine = classroom
        return try engine.transaction(readOnly: true) {
            try engine.currentVersion(of: gameID).flatMap { try engine.gamePackage($0) }
        }
    }

    /// The files of a stored version, checked against its name; nil when the store lacks it.
    /// - Throws: ``GameStoreError/corruptVersion(_:reason:)`` for files that do not match.
    public func package(version: GameVersion) throws -> GamePackage? {
        let engine = classroom
        return try engine.transaction(readOnly: true) { try engine.gamePackage(version) }
    }

    /// Whether an attempt of `gameID` that ran `version` ran a local copy: the store publishes the
    /// game and `version` is none of its published versions, current or earlier (nil: files that
    /// are no package). Such an attempt is practice; the SQL side of the same rule is
    /// `AssignmentSQL.VersionRule`. A game the store does not publish has no local copies.
    public func isLocalCopy(_ version: GameVersion?, of gameID: String) throws -> Bool {
        let engine = classroom
        return try engine.transaction(readOnly: true) {
            guard try engine.currentVersion(of: gameID) != nil else { return false }
            guard let version else { return true }
            return try engine.gameVersionRow(version)?.game != gameID
        }
    }

}
