import Foundation

/// Where a store lives: a SQLite file, or a PostgreSQL server's database (a school's shared store).
///
/// A `postgresql://` or `postgres://` URL names a server, passed to libpq untouched, so libpq's
/// own conventions all apply (`PGHOST`, `PGUSER`, `PGPASSWORD`, `PGSSLMODE`, `~/.pgpass`, service
/// files; `postgresql:///edujam?host=/run/postgresql` for a local socket). Anything else is a
/// file path, as it always was.
public enum StoreAddress: Equatable, Sendable {
    /// A SQLite file (or `:memory:`).
    case file(String)
    /// A PostgreSQL connection URL.
    case server(String)

    /// Reads `text` as a server URL or a file path.
    public init(_ text: String) {
        let lowered = text.lowercased()
        self = lowered.hasPrefix("postgresql://") || lowered.hasPrefix("postgres://") ? .server(text) : .file(text)
    }

    /// The login a server address connects as (``PGConnection/login(conninfo:)``); nil for a file.
    public var login: String? {
        guard case .server(let url) = self else { return nil }
        return PGConnection.login(conninfo: url)
    }

    /// The engine at this address.
    package func engine() throws -> any StoreEngine {
        switch self {
        case .file(let path): return try SQLiteEngine(path: path)
        case .server(let url): return try PostgreSQLEngine(conninfo: url)
        }
    }
}

extension TrackingStore {
    /// Opens the store at `address` (a file or a PostgreSQL database), creating it and its main
    /// context if needed.
    /// - Parameter parts: Other modules' halves of the schema to apply with Tracking's
    ///   (``SchemaPart``, such as Classroom's); those not given are recorded as skipped.
    /// - Throws: As ``init(path:rootIdentifier:rootTitle:clock:)``; for a server,
    ///   ``TrackingError/invalidConnectionString(_:)``, ``TrackingError/serverUnreachable(server:reason:)``
    ///   or ``TrackingError/postgresql(state:message:sql:)``.
    public convenience init(
        address: StoreAddress, rootIdentifier: String, rootTitle: String, parts: [SchemaPart] = [],
        clock: @escaping () -> Date = { Date() }
    ) throws {
        try self.init(
            engine: address.engine(), rootIdentifier: rootIdentifier, rootTitle: rootTitle, parts: parts, clock: clock)
    }

    /// Opens the store at `address` for the collection it was claimed for (``StoreEngine/claimedRoot()``),
    /// so a command that plays no game needs no games folder to name it. A store nobody has claimed
    /// yet is opened for `unclaimed`'s root, as ``init(address:rootIdentifier:rootTitle:parts:clock:)`` does.
    /// - Parameter unclaimed: The collection's identifier and title, asked only for an unclaimed store.
    /// - Throws: As ``init(address:rootIdentifier:rootTitle:parts:clock:)``, and what `unclaimed` throws.
    public convenience init(
        address: StoreAddress, unclaimed: () throws -> (identifier: String, title: String),
        parts: [SchemaPart] = [], clock: @escaping () -> Date = { Date() }
    ) throws {
        let engine = try address.engine()
        // The title names the main context only when the tree has none; a claimed store has one.
        let root = try engine.claimedRoot().map { ($0, $0) } ?? unclaimed()
        try self.init(engine: engine, rootIdentifier: root.0, rootTitle: root.1, parts: parts, clock: clock)
    }

    /// The collection's root identifier the store at `address` was claimed for; nil when no one
    /// has opened it for a collection yet (`edujam store init` says when it claims one).
    public static func claimedRoot(_ address: StoreAddress) throws -> String? {
        try address.engine().claimedRoot()
    }

    /// Applies the schema's pending migrations at `address` without opening a collection
    /// (`edujam store migrate`, `edujam store init`).
    /// - Parameter parts: Other modules' halves of the schema to apply (``SchemaPart``).
    /// - Returns: The names of the migrations applied, in order (empty when up to date).
    /// - Throws: ``TrackingError/notAStore`` for another program's database,
    ///   ``TrackingError/unknownMigration(_:)`` for a newer schema, or the engine's errors.
    public static func migrate(_ address: StoreAddress, parts: [SchemaPart] = []) throws -> [String] {
        try address.engine().migrate(parts: parts)
    }
}
