import Foundation

/// The tracking data store: one per store file (ClassKit's `CLSDataStore`).
///
/// Holds the context tree in memory, rooted at ``mainContext`` whose identifier is the
/// collection's reverse-DNS id, and writes changes to its ``StoreEngine`` at each ``save()``. A store and
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
    /// The database under the model (``StoreEngine``); SQLite unless a test or another front end
    /// passes its own.
    package let engine: any StoreEngine
    /// The injected clock, its dates bounded (``SafeNumbers/date(_:)``); tests pass a virtual one.
    package let clock: () -> Date
    /// The main context, created with the store and never removed.
    public let mainContext: Context
    /// The one active context, if any.
    public internal(set) var activeContext: Context?
    /// Where a run keeps its attempt when this store (a school server) cannot be reached
    /// (``RunSaver``); nil keeps nothing aside: an unreachable store is then the run's error.
    public var outbox: Outbox?
    /// Creates the missing contexts that the ClassKit-spelled look-ups ask for (ClassKit's
    /// `CLSDataStore.delegate`); held weakly, as there. The EduJam look-ups ignore it: they take
    /// a ``ContextFactory`` argument.
    public weak var delegate: (any TrackingStoreDelegate)?

    var runningActivities: [Activity] = []
    var dirtyContexts: [ObjectIdentifier: Context] = [:]
    var dirtyActivities: [ObjectIdentifier: Activity] = [:]
    var removedPaths: [[String]] = []
    /// The owners of the schema parts this store has applied since it was opened (``adopt(_:)``).
    private var adoptedParts: Set<String> = []
    /// What ``unreadableRows`` reports, and a set to keep each row once.
    private var skippedRows: (rows: [UnreadableRow], seen: Set<UnreadableRow>) = ([], [])

    /// Opens the store at `path`, creating it and its main context if needed.
    /// - Parameters:
    ///   - path: A file path, or `":memory:"` for a private in-memory store.
    ///   - rootIdentifier: The collection's reverse-DNS id, such as `"org.edujam.games"`.
    ///   - rootTitle: The main context's title when the store is created.
    ///   - clock: The source of time for durations and dates. A date it gives outside the years
    ///     0000 to 9999 is read as the nearer end of them, NaN as 1970.
    /// - Throws: ``TrackingError/rootMismatch(expected:found:)`` when the file belongs to another
    ///   collection, ``TrackingError/unknownMigration(_:)`` for a newer schema, validation or
    ///   SQLite errors.
    public convenience init(
        path: String, rootIdentifier: String, rootTitle: String,
        clock: @escaping () -> Date = { Date() }
    ) throws {
        try Self.checkRoot(rootIdentifier, rootTitle)  // before the file is created
        try self.init(
            engine: SQLiteEngine(path: path), rootIdentifier: rootIdentifier, rootTitle: rootTitle, clock: clock)
    }

    /// Opens a store on `engine`, creating its main context if the engine holds none.
    /// - Parameters:
    ///   - engine: The database (``StoreEngine``).
    ///   - rootIdentifier: The collection's reverse-DNS id.
    ///   - rootTitle: The main context's title when the store is created.
    ///   - parts: The other modules' halves of the schema to apply (``SchemaPart``); those not
    ///     given are recorded as skipped, for a later open or ``adopt(_:)`` to apply.
    ///   - clock: The source of time for durations and dates, read within the years 0000 to 9999
    ///     (``SafeNumbers/date(_:)``).
    /// - Throws: As ``init(path:rootIdentifier:rootTitle:clock:)``, with the engine's errors.
    package init(
        engine: any StoreEngine, rootIdentifier: String, rootTitle: String, parts: [SchemaPart] = [],
        clock: @escaping () -> Date = { Date() }
    ) throws {
        try Self.checkRoot(rootIdentifier, rootTitle)
        self.engine = engine
        self.clock = { SafeNumbers.date(clock()) }
        try engine.open(rootIdentifier: rootIdentifier, parts: parts)
        adoptedParts = Set(parts.map(\.owner))
        let loaded = try engine.loadTree()
        mainContext =
            loaded ?? Context(identifier: rootIdentifier, title: rootTitle, type: .app, parent: nil, date: self.clock())
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
    public static func inMemory(
        rootIdentifier: String, rootTitle: String,
        clock: @escaping () -> Date = { Date() }
    ) throws -> TrackingStore {
        try TrackingStore(path: ":memory:", rootIdentifier: rootIdentifier, rootTitle: rootTitle, clock: clock)
    }

    /// Applies the halves of `part` the store lacks, once per store: a store opened without the
    /// part (by Tracking alone) and then used by its owner module gets that module's tables.
    /// - Throws: ``TrackingError/storeNeedsMigration(place:)`` for a login that may not migrate,
    ///   or an engine error; the next call tries again.
    package func adopt(_ part: SchemaPart) throws {
        guard !adoptedParts.contains(part.owner) else { return }
        try engine.adopt(part)
        adoptedParts.insert(part.owner)
    }

    /// The root identifier this file belongs to, recorded by the first opener.
    public var rootIdentifier: String { mainContext.identifier }

    /// The running activity started most recently (ClassKit's `runningActivity`).
    public var runningActivity: Activity? { runningActivities.last }

    /// Every saved attempt, newest first, optionally for one student.
    ///
    /// Reads only what has been saved. An attempt saved as `running` whose process is gone
    /// (``RunOwner``) is reported ``RunOutcome/interrupted``, with what it had saved; the row
    /// itself is left as it is. A row that cannot be read (an attempt, or one of its items) is
    /// left out and added to ``unreadableRows``; the newest ``Limits/attemptsReadPerStudent``
    /// attempts of each student are read, each with at most ``Limits/itemsPerAttempt`` items.
    /// - Parameter student: A student name, or nil for everyone.
    /// - Returns: The runs, ordered by start time then id, newest first.
    /// - Throws: An engine error.
    public func runs(student: String? = nil) throws -> [RunRecord] {
        let read = try engine.runs(student: student)
        note(read.unreadable)
        return read.runs
    }

    /// Every stored row a read of this store skipped since it was opened, each once, in the
    /// order met: what a report or an export says it left out (``UnreadableRow``).
    public var unreadableRows: [UnreadableRow] { skippedRows.rows }

    /// Adds rows a read skipped to ``unreadableRows``, each once.
    func note(_ rows: [UnreadableRow]) {
        for row in rows where skippedRows.seen.insert(row).inserted { skippedRows.rows.append(row) }
    }

    /// Saved attempts with their UUIDs and histories, oldest first, for exports.
    /// - Parameters:
    ///   - since: Only attempts started at or after this time; nil for all.
    ///   - students: Only these students' attempts; nil for everyone.
    /// - Returns: The attempts, ordered by start time then id; as for ``runs(student:)``, a row
    ///   that cannot be read (an attempt's UUID, an event) is left out and added to ``unreadableRows``.
    /// - Throws: An engine error.
    public func attemptHistories(since: Date? = nil, students: Set<String>? = nil) throws -> [AttemptHistory] {
        let cutoff = since.map { ISO8601.string(fromEpoch: $0.timeIntervalSince1970) }
        let runs = try runs().filter { run in
            (cutoff.map { run.startedAt >= $0 } ?? true) && (students.map { $0.contains(run.student) } ?? true)
        }
        // Read after the runs: anything saved in between belongs to runs not in the list, or adds
        // events that happened after the run was read (exported next time).
        let read = try engine.histories(of: runs.reversed())
        note(read.unreadable)
        return read.histories
    }

    /// Checks the root identifier and title a store is opened with.
    private static func checkRoot(_ identifier: String, _ title: String) throws {
        try Validate.identifier(identifier, of: .context, what: "root identifier")
        try Validate.title(title)
    }

    /// Points every loaded context at this store.
    private func adopt(_ root: Context) {
        for context in root.subtree { context.store = self }
    }

    /// Records that `context` must be written at the next save.
    func markDirty(_ context: Context) { dirtyContexts[ObjectIdentifier(context)] = context }

    /// Records that `activity` must be written at the next save.
    func markDirty(_ activity: Activity) {
        dirtyActivities[ObjectIdentifier(activity)] = activity
        activity.awaitsSave = true
    }

    /// Takes `activity` off the attempts to write (saved, or its context removed).
    func unmarkDirty(_ activity: Activity) {
        dirtyActivities.removeValue(forKey: ObjectIdentifier(activity))
        activity.awaitsSave = false
    }

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
