import Foundation

/// Attempts kept on this computer because the store (a school server) could not be reached: a
/// small SQLite file, readable by its owner only, one row per attempt UUID and destination store
/// holding the attempt's latest ``RunSnapshot``.
///
/// A snapshot replaces the kept one only when it is not earlier (``RunSnapshot/savedAt``), never
/// the reverse. ``deliver(to:)`` writes each entry into its store and removes it only
/// after the store committed it; writing it again changes nothing, so an entry is delivered
/// exactly once in effect even when the removal is lost. An entry the store refuses stays, with
/// the reason, until a delivery succeeds: nothing is dropped in silence.
public final class Outbox {
    /// The file.
    public let path: String
    /// The store this outbox keeps and delivers attempts for, named without secrets (a server
    /// URL without its password): an entry is only ever delivered to the store it was kept for.
    public let destination: String
    private let connection: Connection

    /// Opens the outbox at `path`, creating it (mode 0600) when missing, for the store `destination`.
    /// - Throws: ``TrackingError/cannotOpen``, ``TrackingError/notAStore`` or another SQLite error.
    public init(path: String, destination: String) throws {
        self.path = path
        self.destination = destination
        if !FileManager.default.fileExists(atPath: path) {
            // Before SQLite creates it: the file holds students' work, for their eyes only.
            FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600])
        }
        connection = try Connection(path: path)
        try connection.transaction {
            try connection.execute(
                """
                CREATE TABLE IF NOT EXISTS outbox (
                    uuid TEXT NOT NULL,
                    destination TEXT NOT NULL,
                    saved_at REAL NOT NULL,
                    kept_at REAL NOT NULL,
                    snapshot TEXT NOT NULL,
                    PRIMARY KEY (uuid, destination)
                ) WITHOUT ROWID
                """)
            try connection.execute(
                """
                CREATE TABLE IF NOT EXISTS known_logins (
                    destination TEXT NOT NULL,
                    login TEXT NOT NULL,
                    role TEXT NOT NULL,
                    student TEXT,
                    learned_at REAL NOT NULL,
                    PRIMARY KEY (destination, login)
                ) WITHOUT ROWID
                """)
        }
    }

    /// Who a login is on the store: its part in the school and its name on the rosters, as the
    /// server said when last reached (``remember(_:)``).
    public struct KnownLogin: Equatable, Sendable {
        public var login: String
        /// The role's name, as the caller spells it (Classroom's `SchoolRole`).
        public var role: String
        /// The login's name on the rosters, if any.
        public var student: String?

        public init(login: String, role: String, student: String?) {
            self.login = login
            self.role = role
            self.student = student
        }
    }

    /// Records who `known.login` is on ``destination``, replacing what was known: a run that
    /// starts while the server cannot be reached plays as that person (`edujam play`). The
    /// server checks again when the attempt is delivered (row-level security).
    /// - Throws: A SQLite error.
    public func remember(_ known: KnownLogin) throws {
        try connection.statement(
            """
            INSERT INTO known_logins (destination, login, role, student, learned_at) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT(destination, login) DO UPDATE SET role = excluded.role, student = excluded.student,
                learned_at = excluded.learned_at
            """
        ).run([
            .text(destination), .text(known.login), .text(known.role), .text(known.student),
            .real(Date().timeIntervalSince1970),
        ])
    }

    /// Who `login` was on ``destination`` when last reached, or nil when this computer never
    /// reached it as that login.
    /// - Throws: A SQLite error.
    public func known(login: String) throws -> KnownLogin? {
        try connection.statement("SELECT role, student FROM known_logins WHERE destination = ? AND login = ?")
            .query([.text(destination), .text(login)]) { row in
                KnownLogin(login: login, role: row.text(0) ?? "", student: row.text(1))
            }.first
    }

    /// One kept attempt.
    public struct Entry: Equatable, Sendable {
        /// The store it is for.
        public var destination: String
        public var snapshot: RunSnapshot
    }

    /// Keeps `snapshot` for ``destination``, unless a later snapshot of the attempt is kept.
    /// - Throws: A SQLite or encoding error; the outbox is unchanged then.
    public func keep(_ snapshot: RunSnapshot) throws {
        let text = try JSON.encode(snapshot)
        try connection.statement(
            """
            INSERT INTO outbox (uuid, destination, saved_at, kept_at, snapshot) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT(uuid, destination) DO UPDATE SET saved_at = excluded.saved_at, kept_at = excluded.kept_at,
                snapshot = excluded.snapshot
            WHERE outbox.saved_at <= excluded.saved_at
            """
        ).run([
            .text(snapshot.uuid.lowercasedString), .text(destination), .real(snapshot.savedAt),
            .real(Date().timeIntervalSince1970), .text(text),
        ])
    }

    /// The attempts kept for ``destination`` (or, with `everyStore`, for any store), oldest kept first.
    /// - Throws: ``TrackingError/corruptRow(_:)`` for an entry that cannot be read, or a SQLite error.
    public func entries(everyStore: Bool = false) throws -> [Entry] {
        let filter = everyStore ? "" : "WHERE destination = ?"
        return try connection.statement(
            "SELECT destination, snapshot FROM outbox \(filter) ORDER BY kept_at, uuid"
        ).query(everyStore ? [] : [.text(destination)]) { row in
            Entry(
                destination: row.text(0) ?? "",
                snapshot: try JSON.decode(RunSnapshot.self, from: row.text(1), column: "outbox.snapshot"))
        }
    }

    /// Removes the entry of this attempt if it still holds the state `savedAt` (a later one kept
    /// meanwhile stays for the next delivery).
    func remove(_ uuid: UUID, savedAt: Double) throws {
        try connection.statement("DELETE FROM outbox WHERE uuid = ? AND destination = ? AND saved_at = ?")
            .run([.text(uuid.lowercasedString), .text(destination), .real(savedAt)])
    }
}
