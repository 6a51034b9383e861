import Foundation
import GameContent
import Tracking

/// Classroom's tables of published games, on both engines: `game_versions`, one immutable row
/// per version (named by its hash, the files as base64 text of the package's canonical encoding,
/// its size, who published it and when), and `game_current`, each game's version students play
/// (who made it current, when). A current version must be a version of the same game (a foreign
/// key on both columns).
///
/// The CHECKs refuse what no reader could use: a name that is not 64 lowercase hexadecimal
/// digits, an encoding larger than a package may be or whose text does not have its size. They
/// cannot check the hash: every read does (``ClassroomEngine/gamePackage(_:)``).
///
/// On a school server teachers (and the owner) publish and make a version current; every EduJam
/// role reads; students write nothing; nobody but the owner changes or deletes a version (no
/// role is granted UPDATE or DELETE on `game_versions`). A teacher publishes and sets versions
/// only under their own login (`published_by`, `set_by`).
enum GameTables {
    /// The largest canonical encoding a package may have: its tag, each of at most
    /// ``GamePackage/maxFiles`` files with its path and two 8-byte lengths, and at most
    /// ``GamePackage/maxGameBytes`` of contents.
    static var maxStoredBytes: Int {
        GamePackage.formatTag.count + GamePackage.maxFiles * (16 + GamePackage.maxPathBytes) + GamePackage.maxGameBytes
    }

    /// The most base64 characters that encoding takes.
    static var maxStoredText: Int { 4 * ((maxStoredBytes + 2) / 3) }

    /// The most bytes of a publisher's name: a PostgreSQL login has at most 63, a Unix user name
    /// fewer than 256.
    static let maxPublisherBytes = 256

    /// SQLite's migration `017-game-versions`: the tables. Fixed text, as it shipped: the checks
    /// hold ``maxStoredBytes``, ``maxPublisherBytes`` and the context identifier's limit of that
    /// time; a change to any is a new migration.
    static let sqlite = #"""
        CREATE TABLE game_versions (
            version TEXT PRIMARY KEY,
            game TEXT NOT NULL,
            package TEXT NOT NULL,
            bytes INTEGER NOT NULL,
            published_by TEXT NOT NULL,
            published_at REAL NOT NULL,
            UNIQUE (game, version),
            CONSTRAINT game_versions_version CHECK (typeof(version) = 'text' AND length(version) = 64 AND version NOT \#
        GLOB '*[^0-9a-f]*'),
            CONSTRAINT game_versions_game CHECK (length(CAST(game AS BLOB)) BETWEEN 1 AND 256 AND game NOT GLOB ('*[' \#
        || char(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, \#
        29, 30, 31, 127) || ']*')),
            CONSTRAINT game_versions_bytes CHECK (typeof(bytes) = 'integer' AND bytes BETWEEN 1 AND 4263694),
            CONSTRAINT game_versions_package CHECK (typeof(package) = 'text' AND package NOT GLOB '*[^A-Za-z0-9+/=]*' \#
        AND length(package) = 4 * ((bytes + 2) / 3)),
            CONSTRAINT game_versions_published_by CHECK (published_by <> '' AND length(CAST(published_by AS BLOB)) <= \#
        256),
            CONSTRAINT game_versions_published_at CHECK (published_at BETWEEN -1.7976931348623157e308 AND \#
        1.7976931348623157e308)
        );
        CREATE TABLE game_current (
            game TEXT PRIMARY KEY,
            version TEXT NOT NULL,
            set_by TEXT NOT NULL,
            set_at REAL NOT NULL,
            FOREIGN KEY (game, version) REFERENCES game_versions (game, version),
            CONSTRAINT game_current_set_by CHECK (set_by <> '' AND length(CAST(set_by AS BLOB)) <= 256),
            CONSTRAINT game_current_set_at CHECK (set_at BETWEEN -1.7976931348623157e308 AND 1.7976931348623157e308)
        );

        """#

    /// PostgreSQL's migration `014-game-versions`: the tables, their grants and their policies
    /// (every EduJam role reads; teachers publish and set versions under their own login). Fixed
    /// text, as ``sqlite``.
    static let postgresql = #"""
        CREATE TABLE game_versions (
            version text PRIMARY KEY,
            game text NOT NULL,
            package text NOT NULL,
            bytes bigint NOT NULL,
            published_by text NOT NULL,
            published_at double precision NOT NULL,
            UNIQUE (game, version),
            CONSTRAINT game_versions_version CHECK (version ~ '^[0-9a-f]{64}$'),
            CONSTRAINT game_versions_game CHECK (octet_length(game) BETWEEN 1 AND 256 AND game !~ '[\x01-\x1f\x7f]'),
            CONSTRAINT game_versions_bytes CHECK (bytes BETWEEN 1 AND 4263694),
            CONSTRAINT game_versions_package CHECK (package ~ '^[A-Za-z0-9+/=]*$' AND length(package) = 4 * ((bytes + \#
        2) / 3)),
            CONSTRAINT game_versions_published_by CHECK (published_by <> '' AND octet_length(published_by) <= 256),
            CONSTRAINT game_versions_published_at CHECK (published_at BETWEEN -'1.7976931348623157e308'::float8 AND \#
        '1.7976931348623157e308'::float8)
        );
        CREATE TABLE game_current (
            game text PRIMARY KEY,
            version text NOT NULL,
            set_by text NOT NULL,
            set_at double precision NOT NULL,
            FOREIGN KEY (game, version) REFERENCES game_versions (game, version),
            CONSTRAINT game_current_set_by CHECK (set_by <> '' AND octet_length(set_by) <= 256),
            CONSTRAINT game_current_set_at CHECK (set_at BETWEEN -'1.7976931348623157e308'::float8 AND \#
        '1.7976931348623157e308'::float8)
        );
        GRANT SELECT ON game_versions, game_current TO edujam_teacher, edujam_student;
        GRANT INSERT ON game_versions TO edujam_teacher;
        GRANT INSERT, UPDATE ON game_current TO edujam_teacher;
        ALTER TABLE game_versions ENABLE ROW LEVEL SECURITY;
        CREATE POLICY game_versions_read ON game_versions FOR SELECT TO edujam_teacher, edujam_student USING (true);
        CREATE POLICY game_versions_publish ON game_versions FOR INSERT TO edujam_teacher
            WITH CHECK (published_by = current_user);
        ALTER TABLE game_current ENABLE ROW LEVEL SECURITY;
        CREATE POLICY game_current_read ON game_current FOR SELECT TO edujam_teacher, edujam_student USING (true);
        CREATE POLICY game_current_add ON game_current FOR INSERT TO edujam_teacher WITH CHECK (set_by = current_user);
        CREATE POLICY game_current_set ON game_current FOR UPDATE TO edujam_teacher
            USING (true) WITH CHECK (set_by = current_user);
        """#

    /// The files stored as `text` (base64 of the canonical encoding), when they are the version
    /// `version`: a stored row is never trusted to be what its name says.
    /// - Throws: ``GameStoreError/corruptVersion(_:reason:)``.
    static func package(_ version: GameVersion, base64 text: String) throws -> GamePackage {
        guard text.utf8.count <= maxStoredText, let data = Data(base64Encoded: text) else {
            throw GameStoreError.corruptVersion(
                version, reason: "its files are not base64 text of at most \(maxStoredText) characters")
        }
        let package: GamePackage
        do {
            package = try GamePackage(encoded: [UInt8](data))
        } catch {
            throw GameStoreError.corruptVersion(version, reason: "its files cannot be read (\(error))")
        }
        guard package.version == version else {
            throw GameStoreError.corruptVersion(version, reason: "its files are version \(package.version.short)")
        }
        return package
    }

    /// Why a `game_versions` row read as `version, game, package, ...` cannot be used, or nil
    /// (``StoreCopy`` asks it of every row before copying).
    static func unreadable(_ row: [SQLValue]) -> String? {
        guard case .text(let name) = row[0], let version = GameVersion(name) else { return "its name is not a version" }
        guard case .text(let text) = row[2] else { return "it holds no files" }
        do {
            _ = try package(version, base64: text)
            return nil
        } catch {
            return "\(error)"
        }
    }
}
