import Foundation

/// The engine of a store whose school server could not be reached when the command started
/// (``TrackingStore/offline(reason:rootIdentifier:rootTitle:outbox:clock:)``): it holds nothing,
/// and every read or write fails with the reason the server could not be reached, so a run's
/// saves (``RunSaver``) keep its attempt in the outbox, and the next command that reaches the
/// server delivers it (``Outbox/deliver(to:)``: the snapshot carries its contexts, created there
/// when missing).
///
/// It never tries the server again during the run: the attempt's rows would need the ids of the
/// contexts the run made in memory, and the delivery does that in one transaction at the next
/// command anyway.
final class OfflineEngine: StoreEngine {
    /// Why the server could not be reached (``TrackingError/serverUnreachable(server:reason:)``).
    let reason: TrackingError
    private let rootIdentifier: String
    private let rootTitle: String
    private let clock: () -> Date

    init(reason: TrackingError, rootIdentifier: String, rootTitle: String, clock: @escaping () -> Date) {
        self.reason = reason
        self.rootIdentifier = rootIdentifier
        self.rootTitle = rootTitle
        self.clock = clock
    }

    func migrate(parts: [SchemaPart]) throws -> [String] { throw reason }

    func open(rootIdentifier: String, parts: [SchemaPart]) throws {}
    func claimedRoot() throws -> String? { rootIdentifier }

    /// A main context of its own, as if loaded: the store then has nothing to save before the run.
    func loadTree() throws -> Context? {
        Context(identifier: rootIdentifier, title: rootTitle, type: .app, parent: nil, date: clock())
    }

    func write(_ changes: StoreChanges) throws -> SavedRowIDs { throw reason }
    func upsert(_ snapshot: RunSnapshot) throws -> Bool { throw reason }
    func latestAttempt(contextID: Int64, student: String?) throws -> SavedAttempt? { throw reason }
    func runs(student: String?) throws -> (runs: [RunRecord], unreadable: [UnreadableRow]) { throw reason }
    func histories(of runs: [RunRecord]) throws -> (histories: [AttemptHistory], unreadable: [UnreadableRow]) {
        throw reason
    }
    func acceptedStatementIDs(endpoint: String) throws -> Set<String> { throw reason }
    func recordAcceptedStatements(_ ids: [String], endpoint: String, at time: Double) throws { throw reason }
}

extension TrackingStore {
    /// A store for one run while its school server cannot be reached: only the main context, in
    /// memory, and `outbox`, where the run's attempt is kept until a later command delivers it.
    /// - Parameters:
    ///   - reason: Why the server could not be reached; every read and write fails with it.
    ///   - rootIdentifier: The collection's reverse-DNS id.
    ///   - rootTitle: The main context's title.
    ///   - outbox: The outbox kept for that server.
    ///   - clock: The source of time.
    /// - Throws: ``TrackingError`` when the root identifier or title breaks a rule.
    public static func offline(
        reason: TrackingError, rootIdentifier: String, rootTitle: String, outbox: Outbox,
        clock: @escaping () -> Date = { Date() }
    ) throws -> TrackingStore {
        let engine = OfflineEngine(reason: reason, rootIdentifier: rootIdentifier, rootTitle: rootTitle, clock: clock)
        let store = try TrackingStore(
            engine: engine, rootIdentifier: rootIdentifier, rootTitle: rootTitle, clock: clock)
        store.outbox = outbox
        return store
    }

    /// Whether this store stands for a school server that could not be reached at the start
    /// (``offline(reason:rootIdentifier:rootTitle:outbox:clock:)``).
    public var isOffline: Bool { engine is OfflineEngine }
}
