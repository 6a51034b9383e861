import Foundation

/// The tracking data store: one per store file (ClassKit's `CLSDataStore`).
///
/// Holds the context tree in memory, rooted at ``mainContext`` whose identifier is the
/// collection's reverse-DNS id, and writes changes to SQLite at each ``save()``. A store and
/// its contexts and activities are confined to one thread or task; to write one file from
/// several threads or processes, open one store per thread or process.
///
/// ```swift
/// let store = try TrackingStore(path: path, rootIdentifier: "org.edujam.games", rootTitle: "EduJam Games")
/// let game = try store.mainContext.addChild(identifier: "MATH-JAM", title: "Math Jam", type: .game)
/// let run = try game.createNewActivity(student: "ana")
/// try run.start()
/// try store.save()
/// ```
public final class TrackingStore {
    package let connection: Connection
    /// The injected clock; tests pass a virtual one.
    package let clock: () -> Date
    /// The main context, created with the store and never removed.
    public let mainContext: Context
    /// The one active context, if any.
    public internal(set) var activeContext: Context?

    var runningActivities: [Activity] = []
    var dirtyContexts: [ObjectIdentifier: Context] = [:]
    var dirtyActivities: [ObjectIdentifier: Activity] = [:]
    var removedPaths: [[String]] = []

    /// Opens the store at `path`, creating it and its main context if needed.
    /// - Parameters:
    ///   - path: A file path, or `":memory:"` for a private in-memory store.
    ///   - rootIdentifier: The collection's reverse-DNS id, such as `"org.edujam.games"`.
    ///   - rootTitle: The main context's title when the store is created.
    ///   - clock: The source of time for durations and dates.
    /// - Throws: ``TrackingError/rootMismatch(expected:found:)`` when the file belongs to another
    ///   collection, ``TrackingError/unknownMigration(_:)`` for a newer schema, validation or
    ///   SQLite errors.
    public init(path: String, rootIdentifier: String, rootTitle: String,
                clock: @escaping () -> Date = { Date() }) throws {
        try Validate.identifier(rootIdentifier, what: "root identifier")
        try Validate.title(rootTitle)
        connection = try Connection(path: path)
        self.clock = clock
        try Migrator.migrate(connection)
        try Self.claimRoot(rootIdentifier, connection: connection)
        let loaded = try ContextLoader.loadTree(connection)
        mainContext = loaded ?? Context(identifier: rootIdentifier, title: rootTitle, type: .app, parent: nil, date: clock())
        adopt(mainContext)
        if loaded == nil {
            markDirty(mainContext)
            try save()
        }
    }

    /// Opens a private in-memory store, for tests and previews.
    /// - Parameters:
    ///   - rootIdentifier: The collection's reverse-DNS id.
    ///   - rootTitle: The main context's title.
    ///   - clock: The source of time.
    /// - Returns: A new empty store.
    /// - Throws: Validation or SQLite errors.
    public static func inMemory(rootIdentifier: String, rootTitle: String,
                                clock: @escaping () -> Date = { Date() }) throws -> TrackingStore {
        try TrackingStore(path: ":memory:", rootIdentifier: rootIdentifier, rootTitle: rootTitle, clock: clock)
    }

    /// The root identifier this file belongs to, recorded by the first opener.
    public var rootIdentifier: String { mainContext.identifier }

    /// The running activity started most recently (ClassKit's `runningActivity`).
    public var runningActivity: Activity? { runningActivities.last }

    /// Records the root identifier on first open, or checks it on later opens.
    private static func claimRoot(_ identifier: String, connection: Connection) throws {
        try connection.statement("INSERT OR IGNORE INTO store_info (key, value) VALUES ('root_identifier', ?)")
            .run([.text(identifier)])
        let stored = try connection.statement("SELECT value FROM store_info WHERE key = 'root_identifier'")
            .query { $0.text(0) ?? "" }.first ?? identifier
        guard stored == identifier else { throw TrackingError.rootMismatch(expected: identifier, found: stored) }
    }

    /// Points every loaded context at this store.
    private func adopt(_ root: Context) {
        for context in root.subtree { context.store = self }
    }

    /// Records that `context` must be written at the next save.
    func markDirty(_ context: Context) { dirtyContexts[ObjectIdentifier(context)] = context }

    /// Records that `activity` must be written at the next save.
    func markDirty(_ activity: Activity) { dirtyActivities[ObjectIdentifier(activity)] = activity }

    /// Keeps the running list ordered by start, so ``runningActivity`` is the latest.
    func didStart(_ activity: Activity) {
        runningActivities.removeAll { $0 === activity }
        runningActivities.append(activity)
    }

    /// Drops `activity` from the running list.
    func didStop(_ activity: Activity) {
        runningActivities.removeAll { $0 === activity }
    }
}
