import Foundation

/// Saves one run's attempt at its save points, so that a store that goes away (a school server
/// restarting, the Wi-Fi dropping) does not stop the game.
///
/// While the store answers, every save point saves, as before. When a save finds it
/// unreachable (``TrackingError/isUnreachable``), the changes stay pending in the model, the
/// attempt's state is kept in the store's ``TrackingStore/outbox`` (so a process killed now loses
/// at most the last moment, as with a reachable store), and saves back off: the next save
/// point tries again only after 0.1 s, then 0.2 s, 0.4 s ... up to ``maximumDelay``, so a student
/// answering quickly is not held up by a server that is still down. Each try is a new
/// connection (the engine reconnects). The first save that reaches the store writes every
/// pending change and removes the attempt from the outbox; the student notices nothing but one
/// line (``onFirstUnreachable``).
///
/// At the end of the run (``saveAtEnd(_:)``) the store is tried once more whatever the backoff;
/// if it still cannot be reached, the final state stays in the outbox for the next delivery
/// (``Outbox/deliver(to:)``). A store with an outbox (a school server) that refuses the attempt
/// (a constraint, a permission, a trigger: any reason but being unreachable) never loses it: at a
/// save point the attempt is kept in the outbox and the changes stay pending for the next save;
/// at the end its final state is kept there and ``RefusedAttemptKept`` is thrown, saying why, so
/// that `edujam sync` tries it again and says why it still waits. Any other failure (a locked or
/// full SQLite file, which has no outbox) is today's: skipped at a save point, thrown at the end.
///
/// A background timer was left out on purpose: the store is one-thread-at-a-time, and the next
/// save point (or the end) comes soon enough in a game.
public final class RunSaver {
    /// The first wait after a failed save.
    public static let firstDelay: TimeInterval = 0.1
    /// The longest wait between two tries.
    public static let maximumDelay: TimeInterval = 5

    private let store: TrackingStore
    private let uptime: () -> TimeInterval
    /// The wait after the last failure; 0 while the store answers.
    private var delay: TimeInterval = 0
    private var retryAt: TimeInterval = 0
    /// The state of each attempt this saver kept in the outbox, to remove once the store has it.
    private var kept: [UUID: Double] = [:]
    private var toldStudent = false
    /// Called once per run, the first time the store cannot be reached.
    public var onFirstUnreachable: (() -> Void)?
    /// Whether the end of the run (``saveAtEnd(_:)``) kept the attempt in the outbox, the store
    /// being unreachable: it waits on this computer for the next delivery.
    public private(set) var keptAtEnd = false

    /// A saver for runs on `store`.
    /// - Parameter uptime: A monotonic clock in seconds for the backoff; tests pass their own.
    public init(store: TrackingStore, uptime: @escaping () -> TimeInterval = { ProcessInfo.processInfo.systemUptime }) {
        self.store = store
        self.uptime = uptime
    }

    /// Whether the last try found the store unreachable (and the run is backing off).
    public var isBackingOff: Bool { delay > 0 }

    /// A save point during the run: saves, or, while backing off, keeps `attempt` in the outbox
    /// only. Never throws: what is not saved stays pending for the next save point.
    public func saveDuringRun(_ attempt: Activity?) {
        if isBackingOff, uptime() < retryAt {
            keep(attempt)
            return
        }
        do {
            try store.save()
            reachedStore()
        } catch let error as TrackingError where error.isUnreachable {
            failed(keeping: attempt)
        } catch let error as TrackingError where Self.refusedAttempt(attempt, error) {
            keep(attempt)  // the changes stay pending too: the next save point tries them again
        } catch {
            // Today's rule: the changes stay pending and the next save, or the end, retries them.
        }
    }

    /// The end of the run: saves now. When the store cannot be reached and it has an outbox,
    /// the attempt's final state is kept there instead and nothing is thrown; when the store
    /// refuses the attempt, its final state is kept there too, and the refusal is thrown.
    /// - Throws: ``RefusedAttemptKept`` when the store refused the attempt and it was kept; the
    ///   save's error when the store has no outbox or the error is not about the attempt, or when
    ///   the attempt could not be kept.
    public func saveAtEnd(_ attempt: Activity?) throws {
        do {
            try store.save()
            reachedStore()
        } catch let error as TrackingError where error.isUnreachable && store.outbox != nil {
            try store.outbox?.keep(snapshotOrThrow(attempt, error))
            keptAtEnd = true
            tellOnce()
        } catch let error as TrackingError where Self.refusedAttempt(attempt, error) && store.outbox != nil {
            try store.outbox?.keep(snapshotOrThrow(attempt, error))
            throw RefusedAttemptKept(reason: error)
        }
    }

    /// Whether a save that failed with `error` left `attempt` unsaved: any failure of the whole
    /// save, or a partial one that refused the attempt (itself, or the context it waits for).
    private static func refusedAttempt(_ attempt: Activity?, _ error: TrackingError) -> Bool {
        guard let attempt else { return false }
        guard case .partialFailure(let refused) = error else { return true }
        return refused.contains { change in
            if case .attempt(_, let uuid) = change.object { return uuid == attempt.uuid }
            return false
        }
    }

    private func reachedStore() {
        delay = 0
        for (uuid, savedAt) in kept { try? store.outbox?.remove(uuid, savedAt: savedAt) }
        kept = [:]
    }

    private func failed(keeping attempt: Activity?) {
        delay = min(max(delay * 2, Self.firstDelay), Self.maximumDelay)
        retryAt = uptime() + delay
        keep(attempt)
        tellOnce()
    }

    /// Keeps the attempt's state in the outbox, if the store has one; a failure here leaves the
    /// earlier kept state, and the changes stay pending in memory all the same.
    private func keep(_ attempt: Activity?) {
        guard let outbox = store.outbox, let snapshot = attempt?.snapshot(at: store.clock()) else { return }
        if (try? outbox.keep(snapshot)) != nil { kept[snapshot.uuid] = snapshot.savedAt }
    }

    private func snapshotOrThrow(_ attempt: Activity?, _ error: TrackingError) throws -> RunSnapshot {
        guard let snapshot = attempt?.snapshot(at: store.clock()) else { throw error }
        return snapshot
    }

    private func tellOnce() {
        guard !toldStudent else { return }
        toldStudent = true
        onFirstUnreachable?()
    }
}

/// The store refused to save the attempt at the end of a run, and its final state is kept in the
/// store's outbox: `edujam sync` (or the next command that opens the store) tries it again, and
/// says why while it is refused.
public struct RefusedAttemptKept: Error, CustomStringConvertible, Sendable {
    /// Why the store refused the save.
    public let reason: TrackingError

    public var description: String { saying(String(describing: reason)) }

    /// The refusal with `reason` worded by the caller (a front end that words the store's errors
    /// for the person at the terminal).
    public func saying(_ reason: String) -> String {
        "the school server refused to save this attempt (\(reason)); it is kept on this computer, and edujam sync sends it again"
    }
}
