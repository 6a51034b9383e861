import Foundation

/// What the tracking model needs from a database: the one seam between ``TrackingStore`` and
/// the engine that keeps its rows.
///
/// The model (contexts, activities, items, the dirty marks and the save rules) lives in `Model/`
/// and `Store/` and never sees SQL. An engine opens the schema, loads the context tree, writes
/// one save atomically and answers the query of runs. SQLite (`SQLite/SQLiteEngine.swift`) is the
/// first implementation; a second engine, such as PostgreSQL, is a new folder with a type that
/// conforms to this protocol (and, for classes and assignments, to Classroom's `ClassroomEngine`),
/// not edits across the model. The model's tests get their engine from one function
/// (`makeEngine()` in `Tests/TrackingTestSupport`).
package protocol StoreEngine: AnyObject {
    /// Brings the schema up to date and claims the store for `rootIdentifier` on first open, or
    /// checks the claim on later opens.
    /// - Throws: ``TrackingError/rootMismatch(expected:found:)`` when another collection owns the
    ///   store, ``TrackingError/unknownMigration(_:)`` for a newer schema, or an engine error.
    func open(rootIdentifier: String) throws

    /// Applies the schema's pending migrations, and nothing else (`edujam store migrate`).
    /// - Returns: The names applied, in order; empty when the schema is up to date.
    /// - Throws: ``TrackingError/notAStore``, ``TrackingError/unknownMigration(_:)`` or an engine error.
    @discardableResult
    func migrate() throws -> [String]

    /// Every saved context, parents before children, attached into one tree.
    /// - Returns: The main context with its descendants, or nil for an empty store.
    /// - Throws: ``TrackingError/corruptRow(_:)`` or an engine error.
    func loadTree() throws -> Context?

    /// Writes one save in a single transaction: nothing is written if anything fails.
    /// - Parameter changes: What changed since the last save.
    /// - Returns: The row ids of the contexts and activities written, to apply only after the commit.
    /// - Throws: ``TrackingError/contextRemoved`` for an unsaved ancestor no longer in the tree,
    ///   or an engine error.
    func write(_ changes: StoreChanges) throws -> SavedRowIDs

    /// Every saved attempt with its items, newest first (``TrackingStore/runs(student:)``).
    /// - Parameter student: A student, or nil for everyone.
    /// - Throws: ``TrackingError/corruptRow(_:)`` or an engine error.
    func runs(student: String?) throws -> [RunRecord]

    /// Each run's UUID and recorded events (``TrackingStore/attemptHistories(since:students:)``),
    /// read in one snapshot, in the order given.
    /// - Throws: ``TrackingError/corruptRow(_:)`` or an engine error.
    func histories(of runs: [RunRecord]) throws -> [AttemptHistory]

    /// The ids of the xAPI statements the LRS at `endpoint` accepted (``TrackingStore/acceptedStatementIDs(endpoint:)``).
    func acceptedStatementIDs(endpoint: String) throws -> Set<String>

    /// Records, in one transaction, that the LRS at `endpoint` accepted these statements at `time`.
    func recordAcceptedStatements(_ ids: [String], endpoint: String, at time: Double) throws
}

/// One save's worth of changes, as the model hands them to a ``StoreEngine``.
package struct StoreChanges {
    /// Identifier paths of removed contexts; their descendants, activities and items go with them.
    package var removedPaths: [[String]]
    /// New and modified contexts, already validated, parents before children.
    package var contexts: [Context]
    /// Changed and running activities, oldest first, each with a context still in the tree.
    package var activities: [Activity]
    /// The save time: a running activity's duration is written up to it.
    package var now: Date
}

/// The row ids an engine gave the contexts and activities of one save.
package struct SavedRowIDs {
    package var contexts: [ObjectIdentifier: Int64] = [:]
    package var activities: [ObjectIdentifier: Int64] = [:]
}
