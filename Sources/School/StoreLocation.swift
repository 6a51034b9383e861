import Classroom
import Foundation
import GameContent
import Runtime
import Tracking

/// Where the store lives: the store named for this command (`--store`), else `EDUJAM_STORE` (a
/// file path, or a PostgreSQL URL `postgresql://...` for a school's shared store:
/// ``StoreAddress``), else the machine's `store` setting (``SystemConfig``:
/// `/etc/edujam/edujam.conf`, which `server setup` writes), else `edujam/edujam.sqlite` in the
/// user's data folder: `$XDG_DATA_HOME` when it is an absolute path (the XDG Base Directory rule:
/// a relative one is ignored), else `$HOME/.local/share`. `HOME` wins over the password database,
/// so `HOME=/somewhere edujam ...` keeps a separate store, as every tool does.
///
/// It is given the environment as a value, never reads the process's: a host that embeds EduJam
/// says where its stores are.
public struct StoreLocation {
    /// The store named for this command, if any: it wins over the environment and the config file.
    public var named: String?
    /// The variables read: `EDUJAM_STORE`, `EDUJAM_READ_STORE`, `EDUJAM_CONFIG`, `HOME`, `XDG_DATA_HOME`.
    public var environment: [String: String]
    /// The games folder, whose collection a store nobody has claimed yet is made for; asked only then.
    public var games: () throws -> String
    /// Told what a school server's outbox delivered when ``open(root:clock:)`` opened its store.
    public var delivered: (OutboxDelivery) -> Void

    public init(
        named: String?, environment: [String: String], games: @escaping () throws -> String,
        delivered: @escaping (OutboxDelivery) -> Void = { _ in }
    ) {
        self.named = named
        self.environment = environment
        self.games = games
        self.delivered = delivered
    }

    /// The store's path or URL.
    /// - Throws: ``StoreLocationError`` for an empty one; ``SystemConfigError``.
    public func path() throws -> String {
        if let path = named ?? environment["EDUJAM_STORE"] {
            guard !path.isEmpty else { throw StoreLocationError("--store (or EDUJAM_STORE) is empty") }
            return path
        }
        if let store = try SystemConfig.load(from: SystemConfig.path(in: environment)).store { return store }
        return (try dataFolder() as NSString).appendingPathComponent("edujam.sqlite")
    }

    /// The student's EduJam data folder, made if missing: `edujam` in `$XDG_DATA_HOME` when it is
    /// absolute, else in `$HOME/.local/share`. The default store, the outbox and the game cache live there.
    public func dataFolder() throws -> String {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        let base =
            environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (home as NSString).appendingPathComponent(".local/share")
        let folder = (base as NSString).appendingPathComponent("edujam")
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw StoreError.cannotCreateFolder(folder)
        }
        return folder
    }

    /// The store's address: ``path(_:)`` read as a file or a server URL.
    public func address() throws -> StoreAddress {
        StoreAddress(try path())
    }

    /// The address a command that only reads uses instead of the store's (``openForReading(clock:)``),
    /// from the same place as the store's: `EDUJAM_READ_STORE` beside `EDUJAM_STORE`; beside the
    /// config file's `store`, `EDUJAM_READ_STORE`, else the file's `read-store`. None when `--store`
    /// names the store (one command, one store) or the store is a file: a read address stands for
    /// a school server's standby, and must not send a laptop's `report` to the school.
    /// - Throws: ``StoreLocationError`` when the read address is not a PostgreSQL address.
    public func readAddress() throws -> StoreAddress? {
        guard named == nil else { return nil }
        var read = environment["EDUJAM_READ_STORE"].flatMap { $0.isEmpty ? nil : $0 }
        if environment["EDUJAM_STORE"] == nil {
            let config = try SystemConfig.load(from: SystemConfig.path(in: environment))
            guard config.store != nil else { return nil }
            read = read ?? config.readStore
        }
        guard let read, case .server = try address() else { return nil }
        guard case .server = StoreAddress(read) else {
            throw StoreLocationError(
                "the read address (EDUJAM_READ_STORE, or read-store in the config file) is not a PostgreSQL address")
        }
        return StoreAddress(read)
    }

    /// Opens the store for a command that only reads (`report`, `inbox`, `games`, `replay`,
    /// `export`, `verify`'s replays: a teacher's checks are stored through ``open(root:clock:)``): at
    /// ``readAddress()`` when there is one, else as ``open(root:clock:)``. A read address gets no outbox: what it holds waits for the next
    /// command that writes (`play`, `sync`), since a standby takes no delivery.
    /// - Returns: The store, and whether it was opened at the read address.
    public func openForReading(clock: RunClock) throws -> (TrackingStore, atReadAddress: Bool) {
        guard let address = try readAddress() else {
            return (try open(root: .claimed, clock: clock), false)
        }
        do {
            return (try opened(address, root: .claimed, clock: clock), true)
        } catch let error as TrackingError {
            throw StoreError(address, error)
        }
    }

    /// Opens (or creates) the store rooted at `root`. A school server's store first
    /// gets what the outbox kept for it (``openDelivering(root:clock:)``), and ``delivered`` is
    /// told what that did.
    public func open(root: StoreRoot, clock: RunClock) throws -> TrackingStore {
        let (store, delivery) = try openDelivering(root: root, clock: clock)
        if let delivery { delivered(delivery) }
        return store
    }

    /// Opens the store; for a school server, attaches the outbox (``outboxPath()``) and delivers
    /// what it kept for this server, before the command does anything else.
    /// - Returns: The store, and what the delivery did (nil for a store file on this computer).
    public func openDelivering(root: StoreRoot, clock: RunClock) throws -> (TrackingStore, OutboxDelivery?) {
        let address = try address()
        let store: TrackingStore
        do {
            store = try opened(address, root: root, clock: clock)
        } catch let error as TrackingError {
            throw StoreError(address, error)
        }
        guard case .server(let url) = address else { return (store, nil) }
        let outbox = try self.outbox(for: url)
        store.outbox = outbox
        try? rememberLogin(of: store, in: outbox)  // a cache: never the reason a command fails
        return (store, try outbox.deliver(to: store))
    }

    /// The store at `address` opened for `root`. A store file not made yet is made for the games
    /// folder's collection without a look at it, so a command that fails for want of a games
    /// folder leaves no empty store behind.
    private func opened(_ address: StoreAddress, root: StoreRoot, clock: RunClock) throws -> TrackingStore {
        let collection: GameCollection
        switch (root, address) {
        case (.games(let games), _):
            collection = games
        case (.claimed, .file(let path)) where !FileManager.default.fileExists(atPath: path):
            collection = try gamesCollection(newStore: path)
        case (.claimed, .file(let shown)), (.claimed, .server(let shown)):
            let onServer = address != .file(shown)
            let shown = onServer ? Self.destination(shown) : shown  // a server's, without its password
            return try TrackingStore(
                address: address,
                unclaimed: {
                    let games = try gamesCollection(newStore: shown, onServer: onServer)
                    return (games.id, games.title)
                }, parts: [ClassroomSchema.part], clock: { clock.date() })
        }
        return try TrackingStore(
            address: address, rootIdentifier: collection.id, rootTitle: collection.title,
            parts: [ClassroomSchema.part], clock: { clock.date() })
    }

    /// The collection of the games folder (``games``), which a store nobody has claimed yet is made for.
    /// - Throws: ``NoGamesFolder`` naming `newStore` (a school server's when `onServer`) when
    ///   there is no games folder.
    private func gamesCollection(newStore: String, onServer: Bool = false) throws -> GameCollection {
        do {
            return try GameCollection.load(from: try games())
        } catch var error as NoGamesFolder {
            error.newStore = newStore
            error.onServer = onServer
            throw error
        }
    }

    /// Records who this login is on the server, so that a run can start on this computer while
    /// the server cannot be reached (``PlayStore``).
    private func rememberLogin(of store: TrackingStore, in outbox: Outbox) throws {
        guard case .login(let login, let role, let name) = try store.identity() else { return }
        try outbox.remember(Outbox.KnownLogin(login: login, role: role.rawValue, student: name))
    }

    /// The outbox: `outbox.sqlite` in the data folder (``dataFolder()``), beside the default store,
    /// whichever store is used: it belongs to the student, not to a server.
    public func outboxPath() throws -> String {
        (try dataFolder() as NSString).appendingPathComponent("outbox.sqlite")
    }

    /// The outbox (``outboxPath()``) opened for the server `url`.
    public func outbox(for url: String) throws -> Outbox {
        try Outbox(path: try outboxPath(), destination: Self.destination(url))
    }

    /// The store as the outbox names it: the server's URL without its password, so the outbox
    /// keeps no secret and an attempt goes only to the server it was played against.
    public static func destination(_ server: String) -> String {
        guard var url = URLComponents(string: server) else { return HiddenPassword.shown(server) }
        url.password = nil
        url.queryItems = url.queryItems?.filter { $0.name != "password" }
        if url.queryItems?.isEmpty == true { url.queryItems = nil }
        return url.string ?? server
    }
}

/// Which collection a command opens the store for.
public enum StoreRoot {
    /// The collection of the games the command plays or reads (`play`, `catalog`): the store must
    /// be claimed for it (``Tracking/TrackingError/rootMismatch(expected:found:)``).
    case games(GameCollection)
    /// The collection the store was claimed for: a command that plays nothing (`report`, `inbox`,
    /// `sync`, ...) needs no games folder. Only a store nobody has claimed yet is made for the
    /// games folder's collection.
    case claimed
}

/// The store could not be opened or written: names the file and what to do about it, in
/// words rather than SQLite's.
public enum StoreError: Error, CustomStringConvertible {
    /// The default store's folder could not be made.
    case cannotCreateFolder(String)
    /// The file is something else: not SQLite, or another program's database.
    case notAStore(String)
    /// The file (or its folder) may be read but not written.
    case readOnly(String)
    /// The file cannot be opened or created at all.
    case cannotOpen(String)
    /// The path is a folder.
    case isFolder(String)
    /// Anything else the store reported.
    case other(String, TrackingError)
    /// A PostgreSQL store's error, which names the server itself: the URL is never repeated,
    /// since it may hold a password.
    case server(TrackingError)

    public init(_ address: StoreAddress, _ error: TrackingError) {
        switch address {
        case .file(let path): self.init(path: path, error)
        case .server: self = .server(error)
        }
    }

    public init(path: String, _ error: TrackingError) {
        switch error {
        case .notAStore: self = .notAStore(path)
        case .readOnly: self = .readOnly(path)
        case .cannotOpen:
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            self = exists && isDirectory.boolValue ? .isFolder(path) : .cannotOpen(path)
        default: self = .other(path, error)
        }
    }

    private static let elsewhere = "or choose another store with --store FILE or EDUJAM_STORE"

    public var description: String {
        switch self {
        case .cannotCreateFolder(let folder):
            return "cannot create the store's folder \(folder): check HOME and XDG_DATA_HOME, \(Self.elsewhere)"
        case .notAStore(let path):
            return
                "not an EduJam store: \(path) (it was left as it is; choose another store with --store FILE or EDUJAM_STORE)"
        case .readOnly(let path):
            return
                "the store \(path) is read-only for you: ask its owner for write access to it and its folder, \(Self.elsewhere)"
        case .cannotOpen(let path):
            return
                "cannot open the store \(path): check that its folder exists and that you may read and write both, \(Self.elsewhere)"
        case .isFolder(let path):
            return
                "the store \(path) is a folder: name the store's file in it (such as \(path)/edujam.sqlite), \(Self.elsewhere)"
        case .other(let path, let error):
            return "store \(path): \(error.forPeople)"
        case .server(.notAStore):
            return "not an EduJam store: the PostgreSQL database has other tables (it was left as it is)"
        case .server(let error):
            return error.forPeople
        }
    }
}

/// Where the store is cannot be read from what was given: an empty store name, a read address
/// that is not a server's. A mistake in how EduJam was called, which a command line answers as
/// one of its own.
public struct StoreLocationError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
