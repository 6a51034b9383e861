import Foundation
import GameContent
import Tracking

/// A published version a teacher retired: its attempts stop counting for any assignment, all of
/// them or those started from a moment on (docs/teaching.md, "Retiring a version").
public struct RetiredVersion: Equatable, Sendable {
    /// The game it is a version of.
    public let gameID: String
    /// The version.
    public let version: GameVersion
    /// Attempts started from then on stop counting; nil: every attempt that ran it.
    public let from: Date?
    /// Who retired it, and when.
    public let retiredBy: String
    public let retiredAt: Date

    /// `every attempt` or `attempts from 2026-12-07T10:00:00.000Z`.
    public var scope: String {
        from.map { "attempts started from \(ISO8601.string(fromEpoch: $0.timeIntervalSince1970))" } ?? "every attempt"
    }
}

/// The table of retired versions and the view of staff players: what no grade counts. Written
/// out as the text each engine ran when this migration shipped, so that it never changes.
enum GradingExclusions {
    /// SQLite's migration `020-grading-exclusions`. A store file has no logins, so no staff:
    /// the view is empty (a teacher who plays under her own name is on no roster).
    static let sqlite = """
        CREATE TABLE retired_versions (
            version TEXT PRIMARY KEY,
            game TEXT NOT NULL,
            retired_from REAL,
            retired_by TEXT NOT NULL,
            retired_at REAL NOT NULL,
            FOREIGN KEY (game, version) REFERENCES game_versions (game, version) ON DELETE CASCADE,
            CONSTRAINT retired_versions_from CHECK (retired_from IS NULL
                OR (typeof(retired_from) = 'real' AND retired_from > -1e15 AND retired_from < 1e15)),
            CONSTRAINT retired_versions_by CHECK (typeof(retired_by) = 'text'
                AND length(CAST(retired_by AS BLOB)) BETWEEN 1 AND 256),
            CONSTRAINT retired_versions_at CHECK (typeof(retired_at) = 'real'
                AND retired_at > -1e15 AND retired_at < 1e15)
        );
        CREATE VIEW staff_players AS SELECT NULL AS player WHERE 0;
        """

    /// PostgreSQL's migration `033-grading-exclusions`: the table, its grants and policies (every
    /// EduJam role reads; a teacher retires, changes or un-retires only a version of a game she
    /// has published a version of, under her own login), and the view of the logins whose attempts
    /// are a teacher's or the owner's: the members granted `edujam_teacher` and the store's owner.
    /// The linking rule reads the view once a query (`NOT IN`, a hashed list): a few rows, each found
    /// through a catalog index (the members by `roleid`, each name by its oid, never a join the
    /// planner could turn around), however many students the server has.
    static let postgresql = """
        CREATE TABLE retired_versions (
            version text PRIMARY KEY,
            game text NOT NULL,
            retired_from double precision,
            retired_by text NOT NULL,
            retired_at double precision NOT NULL,
            FOREIGN KEY (game, version) REFERENCES game_versions (game, version) ON DELETE CASCADE,
            CONSTRAINT retired_versions_from CHECK (retired_from IS NULL
                OR (retired_from > -1e15 AND retired_from < 1e15)),
            CONSTRAINT retired_versions_by CHECK (octet_length(retired_by) BETWEEN 1 AND 256),
            CONSTRAINT retired_versions_at CHECK (retired_at > -1e15 AND retired_at < 1e15)
        );
        GRANT SELECT ON retired_versions TO edujam_teacher, edujam_student;
        GRANT INSERT, UPDATE, DELETE ON retired_versions TO edujam_teacher;
        ALTER TABLE retired_versions ENABLE ROW LEVEL SECURITY;
        CREATE POLICY retired_versions_read ON retired_versions FOR SELECT TO edujam_teacher, edujam_student
            USING (true);
        CREATE POLICY retired_versions_retire ON retired_versions FOR INSERT TO edujam_teacher
            WITH CHECK (retired_by = current_user AND EXISTS (SELECT 1 FROM game_versions v
                WHERE v.game = retired_versions.game AND v.published_by = current_user));
        CREATE POLICY retired_versions_change ON retired_versions FOR UPDATE TO edujam_teacher
            USING (EXISTS (SELECT 1 FROM game_versions v
                WHERE v.game = retired_versions.game AND v.published_by = current_user))
            WITH CHECK (retired_by = current_user AND EXISTS (SELECT 1 FROM game_versions v
                WHERE v.game = retired_versions.game AND v.published_by = current_user));
        CREATE POLICY retired_versions_unretire ON retired_versions FOR DELETE TO edujam_teacher
            USING (EXISTS (SELECT 1 FROM game_versions v
                WHERE v.game = retired_versions.game AND v.published_by = current_user));
        CREATE VIEW staff_players AS
            SELECT (SELECT r.rolname::text FROM pg_catalog.pg_roles r WHERE r.oid = m.member) AS player
            FROM pg_catalog.pg_auth_members m
            WHERE m.roleid = (SELECT t.oid FROM pg_catalog.pg_roles t WHERE t.rolname = 'edujam_teacher')
            UNION
            SELECT (SELECT r.rolname::text FROM pg_catalog.pg_roles r WHERE r.oid = (SELECT c.relowner
                FROM pg_catalog.pg_class c WHERE c.oid = 'public.schema_migrations'::regclass));
        GRANT SELECT ON staff_players TO edujam_teacher, edujam_student;
        """
}

extension ClassroomEngine {
    /// Every retired version, by game and version.
    func retiredVersionRows() throws -> [RetiredVersion] {
        try rows(
            "SELECT game, version, retired_from, retired_by, retired_at FROM retired_versions ORDER BY game, version"
        ) { row -> RetiredVersion? in
            guard let version = GameVersion(row.text(1) ?? "") else { return nil }
            return RetiredVersion(
                gameID: row.text(0) ?? "", version: version,
                from: row.optionalDouble(2).map(Date.init(timeIntervalSince1970:)),
                retiredBy: row.text(3) ?? "", retiredAt: Date(timeIntervalSince1970: row.double(4)))
        }.compactMap { $0 }
    }

    /// The players whose attempts are a teacher's or the owner's (a store file has none).
    func staffPlayers() throws -> Set<String> {
        Set(try rows("SELECT player FROM staff_players") { $0.text(0) ?? "" })
    }
}

extension TrackingStore {
    /// Retires a published version (`edujam publish --retire GAME VERSION`): attempts that ran it
    /// stop counting for any assignment, every one or those started from `from` on. Retiring it
    /// again replaces when it applies from.
    /// - Parameters:
    ///   - gameID: A published game.
    ///   - versionText: The version's name or at least 8 of its first hexadecimal digits.
    ///   - from: Attempts started from then on stop counting; nil for every attempt.
    ///   - teacher: Who retires it (on PostgreSQL, the login; the server refuses a teacher who
    ///     published no version of the game).
    /// - Returns: The version as retired.
    /// - Throws: ``GameStoreError/versionIsCurrent(_:game:)`` for the version students play now,
    ///   and the errors of ``revertGame(_:to:by:)`` for a version text that names none.
    @discardableResult
    public func retireVersion(_ gameID: String, _ versionText: String, from: Date?, by teacher: String) throws
        -> RetiredVersion
    {
        let now = clock().timeIntervalSince1970
        let engine = classroom
        return try engine.transaction {
            let version = try engine.gameVersion(of: gameID, named: versionText)
            try engine.requireGameOwner(gameID, login: teacher)
            guard try engine.currentVersion(of: gameID) != version else {
                throw GameStoreError.versionIsCurrent(version, game: gameID)
            }
            try engine.sql.run(
                """
                INSERT INTO retired_versions (version, game, retired_from, retired_by, retired_at) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (version) DO UPDATE SET retired_from = excluded.retired_from,
                    retired_by = excluded.retired_by, retired_at = excluded.retired_at
                """,
                [
                    .text(version.description), .text(gameID), from.map { .real($0.timeIntervalSince1970) } ?? .null,
                    .text(teacher), .real(now),
                ])
            return RetiredVersion(
                gameID: gameID, version: version, from: from, retiredBy: teacher,
                retiredAt: Date(timeIntervalSince1970: now))
        }
    }

    /// Makes a retired version count again (`edujam publish --unretire GAME VERSION`).
    /// - Returns: Whether it was retired.
    /// - Throws: The errors of ``revertGame(_:to:by:)`` for a version text that names none or a
    ///   game that is another teacher's.
    @discardableResult
    public func unretireVersion(_ gameID: String, _ versionText: String) throws -> Bool {
        let engine = classroom
        return try engine.transaction {
            let version = try engine.gameVersion(of: gameID, named: versionText)
            if case .login(let login, _, _) = try engine.identity() {
                try engine.requireGameOwner(gameID, login: login)
            }
            let before = try engine.retiredVersionRows().contains { $0.version == version }
            try engine.sql.run("DELETE FROM retired_versions WHERE version = ?", [.text(version.description)])
            return before
        }
    }

    /// Every retired version, by game and version.
    public func retiredVersions() throws -> [RetiredVersion] {
        let engine = classroom
        return try engine.transaction(readOnly: true) { try engine.retiredVersionRows() }
    }

    /// The players whose attempts are a teacher's or the store owner's: never a learner's, so they
    /// count for no assignment and are sent to no LRS. Empty on a store file, which has no logins.
    public func staffPlayers() throws -> Set<String> {
        let engine = classroom
        return try engine.transaction(readOnly: true) { try engine.staffPlayers() }
    }
}
