import Foundation

/// What one delivery of the outbox did.
public struct OutboxDelivery: Sendable {
    /// The attempts written into the store and removed.
    public var delivered: [RunSnapshot] = []
    /// The attempts the store already held as final or later (ended there, or saved later, as
    /// after a lost acknowledgement): nothing of them was written, the store's stays as it was,
    /// and they were removed.
    public var alreadyThere: [RunSnapshot] = []
    /// The attempts the store refused, each with its reason; they stay in the outbox.
    public var refused: [(snapshot: RunSnapshot, error: TrackingError)] = []
    /// The attempts not tried because the store could not be reached (the first failure says why).
    public var waiting: [RunSnapshot] = []
    /// Why the store could not be reached, when it could not.
    public var unreachable: TrackingError?

    /// Whether anything stays in the outbox.
    public var isComplete: Bool { refused.isEmpty && waiting.isEmpty }
}

extension Outbox {
    /// Writes every attempt kept for ``destination`` into `store`, oldest first, one transaction
    /// each (``StoreEngine/upsert(_:)``), removing each from the outbox once its transaction
    /// committed.
    ///
    /// An attempt the store refuses (a permission, another collection's attempt) stays and is
    /// reported; once the store cannot be reached, the rest wait for the next delivery.
    /// - Parameter store: The store named ``destination``.
    /// - Returns: What was delivered, refused and left waiting.
    /// - Throws: An error reading the outbox itself.
    public func deliver(to store: TrackingStore) throws -> OutboxDelivery {
        var report = OutboxDelivery()
        for entry in try entries() {
            let snapshot = entry.snapshot
            if report.unreachable != nil {
                report.waiting.append(snapshot)
                continue
            }
            let written: Bool
            do {
                written = try store.engine.upsert(snapshot)
            } catch let error as TrackingError where error.isUnreachable {
                report.unreachable = error
                report.waiting.append(snapshot)
                continue
            } catch let error as TrackingError {
                report.refused.append((snapshot, error))
                continue
            }
            try remove(snapshot.uuid, savedAt: snapshot.savedAt)  // only after the commit
            if written { report.delivered.append(snapshot) } else { report.alreadyThere.append(snapshot) }
        }
        return report
    }
}

extension TrackingError {
    /// Whether the store could not be reached now (a server restarting, a network down), as
    /// opposed to refusing what was asked: worth trying again later, and the reason to keep
    /// unsaved work in the ``Outbox``. An SQLite store is never unreachable: a locked or full
    /// database keeps its own errors.
    public var isUnreachable: Bool {
        if case .serverUnreachable = self { return true }
        return false
    }
}
