import Foundation
import GameContent
import Tracking

/// The rows of published games (``GameTables``): one immutable row per version, named by its
/// hash, and each game's current version. The files travel as one base64 text (the package's
/// canonical encoding), the same SQL on both engines.
extension ClassroomEngine {
    /// A stored version's facts, selected as `version, game, bytes, published_by, published_at`.
    struct VersionRow {
        let game: String
        let version: PublishedVersion
    }

    private static let versionColumns = "version, game, bytes, published_by, published_at"

    /// Every version of every game, oldest first; a row whose name is not a version is skipped
    /// (the table's CHECK refuses one, so only a schema changed by hand has it).
    func gameVersionRows() throws -> [VersionRow] {
        try rows("SELECT \(Self.versionColumns) FROM game_versions ORDER BY published_at, version") {
            Self.versionRow($0)
        }.compactMap { $0 }
    }

    /// The stored version `version`, or nil.
    func gameVersionRow(_ version: GameVersion) throws -> VersionRow? {
        try rows("SELECT \(Self.versionColumns) FROM game_versions WHERE version = ?", [.text(version.description)]) {
            Self.versionRow($0)
        }.first ?? nil
    }

    /// The versions of `game` whose names start with the hexadecimal digits `prefix`.
    func gameVersions(of game: String, startingWith prefix: String) throws -> [GameVersion] {
        try rows(
            "SELECT version FROM game_versions WHERE game = ? AND substr(version, 1, ?) = ? ORDER BY version",
            [.text(game), .integer(Int64(prefix.utf8.count)), .text(prefix)]
        ) { GameVersion($0.text(0) ?? "") }.compactMap { $0 }
    }

    /// The version of the published game `game` that `text` names: its name or at least 8 of its
    /// first hexadecimal digits, matching exactly one.
    /// - Throws: ``GameStoreError/invalidVersionText(_:)``, ``GameStoreError/unknownGame(_:)``,
    ///   ``GameStoreError/unknownVersion(_:game:)``, ``GameStoreError/ambiguousVersion(_:game:matches:)``.
    func gameVersion(of game: String, named text: String) throws -> GameVersion {
        let prefix = text.lowercased()
        guard (8...64).contains(prefix.utf8.count), prefix.utf8.allSatisfy(Self.isHexDigit) else {
            throw GameStoreError.invalidVersionText(text)
        }
        guard try currentVersion(of: game) != nil else { throw GameStoreError.unknownGame(game) }
        let matches = try gameVersions(of: game, startingWith: prefix)
        guard let version = matches.first else { throw GameStoreError.unknownVersion(text, game: game) }
        guard matches.count == 1 else { throw GameStoreError.ambiguousVersion(text, game: game, matches: matches) }
        return version
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
    }

    /// Each published game's current version, who set it and when.
    func currentGameRows() throws -> [(game: String, version: String, setBy: String, setAt: Double)] {
        try rows("SELECT game, version, set_by, set_at FROM game_current") {
            (game: $0.text(0) ?? "", version: $0.text(1) ?? "", setBy: $0.text(2) ?? "", setAt: $0.double(3))
        }
    }

    /// The current version of `game`, or nil when it is not published.
    func currentVersion(of game: String) throws -> GameVersion? {
        try rows("SELECT version FROM game_current WHERE game = ?", [.text(game)]) { GameVersion($0.text(0) ?? "") }
            .first ?? nil
    }

    /// Stores a version; one already stored (by another publisher at the same moment) stays as it is.
    func insertGameVersion(_ version: GameVersion, game: String, encoded: [UInt8], by: String, at time: Double)
        throws
    {
        try sql.run(
            """
            INSERT INTO game_versions (version, game, package, bytes, published_by, published_at)
            VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING
            """,
            [
                .text(version.description), .text(game), .text(Data(encoded).base64EncodedString()),
                .integer(Int64(encoded.count)), .text(by), .real(time),
            ])
    }

    /// Makes `version` the current version of `game`.
    func setCurrentVersion(_ version: GameVersion, of game: String, by: String, at time: Double) throws {
        try sql.run(
            """
            INSERT INTO game_current (game, version, set_by, set_at) VALUES (?, ?, ?, ?)
            ON CONFLICT (game) DO UPDATE SET version = excluded.version, set_by = excluded.set_by, set_at = excluded.set_at
            """, [.text(game), .text(version.description), .text(by), .real(time)])
    }

    /// The files of the stored version `version`, checked: nil when the store has no such version.
    /// The text is bounded before it is decoded, and the files must hash to the version's name.
    /// - Throws: ``GameStoreError/corruptVersion(_:reason:)``.
    func gamePackage(_ version: GameVersion) throws -> GamePackage? {
        let limit = GameTables.maxStoredText
        let found = try rows(
            "SELECT length(package), CASE WHEN length(package) <= ? THEN package END FROM game_versions WHERE version = ?",
            [.integer(Int64(limit)), .text(version.description)]
        ) { (length: $0.int(0), text: $0.text(1)) }
        guard let row = found.first else { return nil }
        guard let text = row.text else {
            throw GameStoreError.corruptVersion(
                version, reason: "its files take \(row.length) characters, more than \(limit)")
        }
        return try GameTables.package(version, base64: text)
    }

    private static func versionRow(_ row: some SQLRow) -> VersionRow? {
        guard let version = GameVersion(row.text(0) ?? "") else { return nil }
        let published = PublishedVersion(
            version: version, bytes: Int(clamping: row.int(2)), publishedBy: row.text(3) ?? "",
            publishedAt: Date(timeIntervalSince1970: row.double(4)))
        return VersionRow(game: row.text(1) ?? "", version: published)
    }
}
