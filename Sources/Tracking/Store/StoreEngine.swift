import Foundation

/// What the tracking model needs from a database: the one seam between ``TrackingStore`` and
/// the engine that keeps its rows.
///
/// The model (contexts, activities, items, the dirty marks and the save rules) lives in `Model/`
/// and `Store/` and never sees SQL. An engine opens the schema, loads the context tree, writes
/// one save atomically and answers the query of runs. SQLite (`SQLite/SQLiteEngine.swift`) is the
/// first implementation; a second engine, such as PostgreSQL, is a new folder with a type that
/// conforms to this protocol (and, for classes and assignments, to ``StoreSQL``, which Classroom's
/// queries run on), not edits across the model. The model's tests get their engine from one function
/// (`makeEngine()` in `Tests/TrackingTestSupport`).
package protocol StoreEngine: AnyObject {
    /// Brings the schema up to date, with the halves of `parts` (``SchemaPart``), and claims the
    /// store for `rootIdentifier` on first open, or checks the claim on later opens.
    /// - Throws: ``TrackingError/rootMismatch(expected:found:)`` when another collection owns the
    ///   store, ``TrackingError/unknownMigration(_:)`` for a newer schema, or an engine error.
    func open(rootIdentifier: String, parts: [SchemaPart]) throws

    /// The root identifier the store was claimed for (``open(rootIdentifier:parts:)`` on its first open),
    /// read without changing anything: how a command that plays no game learns the collection.
    /// - Returns: The identifier, or nil when nobody has claimed the store yet (an empty file, a
    ///   database before `edujam store init`).
    /// - Throws: An engine error (a login the store refuses: why, as ``open(rootIdentifier:parts:)`` says).
    func claimedRoot() throws -> String?

    /// Applies the schema's pending migrations with the halves of `parts`, and nothing else
    /// (`edujam store migrate`); the halves of parts not given are recorded as skipped.
    /// - Returns: The names applied, in order, a skipped half of a part as `name (owner)`; empty
    ///   when the schema is up to date.
    /// - Throws: ``TrackingError/notAStore``, ``TrackingError/unknownMigration(_:)`` or an engine error.
    @discardableResult
    func migrate(parts: [SchemaPart]) throws -> [String]

    /// Applies the halves of `part` the store lacks (skipped by an open without it), when it
    /// lacks any: one read otherwise. An engine that holds no database has nothing to adopt.
    /// - Throws: ``TrackingError/storeNeedsMigration(place:)`` for a login that may not migrate,
    ///   or an engine error.
    func adopt(_ part: SchemaPart) throws

    /// Every saved context, parents before children, attached into one tree.
    /// - Returns: The main context with its descendants, or nil for an empty store.
    /// - Throws: ``TrackingError/corruptRow(_:)`` or an engine error.
    func loadTree() throws -> Context?

    /// Writes one save in a single transaction. Each context and activity is written on its own
    /// (a savepoint): one the database refuses, because a constraint fails (another process
    /// removed its context) or its parent has no row (``TrackingError/contextRemoved``), is rolled
    /// back alone and listed in ``SavedRowIDs/refused``; the rest is committed. Any other failure
    /// (busy, read-only, I/O) writes nothing.
    /// - Parameter changes: What changed since the last save.
    /// - Returns: The row ids of the contexts and activities written, to apply only after the
    ///   commit, and the objects refused.
    /// - Throws: An engine error; nothing is written then.
    func write(_ changes: StoreChanges) throws -> SavedRowIDs

    /// Writes an attempt kept while the store could not be reached (the outbox), in one transaction,
    /// by its UUID: creates the contexts of its chain that are missing (existing ones stay as they
    /// are), inserts the attempt or replaces the stored state only when that state is not later
    /// (``RunSnapshot/savedAt``), so a later state never goes back, and adds the events not yet
    /// stored. Writing the same snapshot twice changes nothing the second time.
    /// - Returns: Whether the snapshot's state was written (false: the store held a later one).
    /// - Throws: ``TrackingError/rootMismatch(expected:found:)`` for another collection's attempt,
    ///   or an engine error; nothing is written then.
    @discardableResult
    func upsert(_ snapshot: RunSnapshot) throws -> Bool

    /// The latest saved attempt at one context, to restore as its current activity after a
    /// relaunch (``Context/currentActivity(student:)``): the one created last, the higher row id
    /// breaking a tie, with its items and the number of its recorded events.
    /// - Parameters:
    ///   - contextID: The context's row id.
    ///   - student: Only this student's attempts; nil for anyone's.
    /// - Returns: The attempt as saved, or nil when the context has none.
    /// - Throws: ``TrackingError/corruptRow(_:)`` or an engine error.
    func latestAttempt(contextID: Int64, student: String?) throws -> SavedAttempt?

    /// Every saved attempt with its items, newest first (``TrackingStore/runs(student:)``), as
    /// ``RunReader`` reads them: bounded, each row it cannot read skipped and reported.
    /// - Parameter student: A student, or nil for everyone.
    /// - Returns: The runs, and the rows skipped.
    /// - Throws: An engine error.
    func runs(student: String?) throws -> (runs: [RunRecord], unreadable: [UnreadableRow])

    /// Each run's UUID and recorded events (``TrackingStore/attemptHistories(since:students:)``),
    /// read in one snapshot, in the order given, as ``RunReader`` reads them.
    /// - Returns: The histories (a run whose UUID cannot be read is left out), and the rows skipped.
    /// - Throws: An engine error.
    func histories(of runs: [RunRecord]) throws -> (histories: [AttemptHistory], unreadable: [UnreadableRow])

    /// The ids of the xAPI statements the LRS at `endpoint` accepted (``TrackingStore/acceptedStatementIDs(endpoint:)``).
    func acceptedStatementIDs(endpoint: String) throws -> Set<String>

    /// Records, in one transaction, that the LRS at `endpoint` accepted these statements at `time`.
    func recordAcceptedStatements(_ ids: [String], endpoint: String, at time: Double) throws

    /// The database itself, for the classroom's tables (``StoreSQL``); nil for an engine that
    /// holds none (offline, or wrapping another).
    var sql: (any StoreSQL)? { get }
}

extension StoreEngine {
    /// Opens with Tracking's half of the schema alone: other parts' halves are recorded as skipped.
    package func open(rootIdentifier: String) throws { try open(rootIdentifier: rootIdentifier, parts: []) }

    /// Migrates with Tracking's half of the schema alone: other parts' halves are recorded as skipped.
    @discardableResult
    package func migrate() throws -> [String] { try migrate(parts: []) }

    /// An engine that holds no database of its own (offline, or wrapping another) adopts nothing.
    package func adopt(_ part: SchemaPart) throws {}
}

/// One save's worth of changes, as the model hands them to a ``StoreEngine``.
package struct StoreChanges {
    /// Identifier paths of removed contexts; their descendants, activities and items go with them.
    var removedPaths: [[String]]
    /// New and modified contexts, already validated, parents before children.
    package var contexts: [Context]
    /// Changed and running activities, oldest first, each with a context still in the tree.
    package var activities: [Activity]
    /// The save time: a running activity's duration is written up to it.
    package var now: Date
}

/// One attempt as saved, for ``StoreEngine/latestAttempt(contextID:student:)``: every column a
/// live ``Activity`` is rebuilt from.
package struct SavedAttempt {
    var rowID: Int64
    package var uuid: UUID
    package var student: String
    package var createdAt: Date
    package var startedAt: Date
    var endedAt: Date?
    /// As saved: an attempt whose process died is still `running` here (readers call it interrupted).
    package var outcome: RunOutcome
    var doneBy: DoneMarker?
    package var hasStarted: Bool
    package var duration: TimeInterval
    package var ranges: [ClosedRange<Double>]
    /// The primary item's identifier, nil when none.
    package var primaryItem: String?
    /// The version of the game that ran it (``Activity/gameVersion``).
    package var gameVersion: String?
    /// Every item with its sequence number, in the order added.
    package var items: [(item: ActivityItem, sequence: Int64)]
    /// The sequence number the next recorded event takes.
    var nextEvent: Int

    package init(
        rowID: Int64, uuid: UUID, student: String, createdAt: Date, startedAt: Date, endedAt: Date?,
        outcome: RunOutcome, doneBy: DoneMarker?, hasStarted: Bool, duration: TimeInterval,
        ranges: [ClosedRange<Double>], primaryItem: String?, gameVersion: String?,
        items: [(item: ActivityItem, sequence: Int64)], nextEvent: Int
    ) {
        self.rowID = rowID
        self.uuid = uuid
        self.student = student
        self.createdAt = createdAt
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.outcome = outcome
        self.doneBy = doneBy
        self.hasStarted = hasStarted
        self.duration = duration
        self.ranges = ranges
        self.primaryItem = primaryItem
        self.gameVersion = gameVersion
        self.items = items
        self.nextEvent = nextEvent
    }
}

/// The row ids an engine gave the contexts and activities of one save.
package struct SavedRowIDs {
    package var contexts: [ObjectIdentifier: Int64] = [:]
    package var activities: [ObjectIdentifier: Int64] = [:]
    /// The objects the database refused; they have no entry above and stay pending.
    package var refused: [RefusedChange] = []

    package init() {}
}
