import Foundation

/// An attempt's whole state at one moment, self-contained: what the outbox keeps when the store
/// (a school server) cannot be reached, and what ``StoreEngine/upsert(_:)`` writes later.
///
/// It names its context by the chain of identifiers, titles and types from the main context down,
/// so a store that has not seen the game yet gets its contexts; and the attempt by its UUID, so
/// writing it twice writes one attempt. ``savedAt`` orders snapshots of one attempt: a store keeps
/// the state with the latest one and never goes back to an earlier one.
///
/// Stored in the outbox as JSON; the keys are the property names, and the format's ``version``
/// lets a later EduJam read an older outbox.
public struct RunSnapshot: Codable, Equatable, Sendable {
    /// One context of the chain: enough to create it where it is missing.
    public struct ContextStep: Codable, Equatable, Sendable {
        public var identifier: String
        public var title: String
        public var type: ContextType
        public var customTypeName: String?
    }

    /// One item with its place in the order items were added.
    public struct Item: Codable, Equatable, Sendable {
        public var sequence: Int64
        public var record: ItemRecord
    }

    /// One recorded event, numbered within the attempt.
    public struct Event: Codable, Equatable, Sendable {
        public var sequence: Int
        public var kind: AttemptEvent.Kind
        /// Seconds since 1970.
        public var at: Double
        public var progress: Double?
        public var outcome: RunOutcome?
    }

    /// The process that played the attempt (``RunOwner``): a snapshot of a running attempt whose
    /// process is gone reads as interrupted.
    public struct Owner: Codable, Equatable, Sendable {
        public var host: String
        public var pid: Int32
        public var start: String
    }

    /// The format of this value; 1 today.
    public var version = 1
    /// The attempt's identity in every store.
    public var uuid: UUID
    /// When this state was taken, seconds since 1970 on the run's clock: the order of snapshots.
    public var savedAt: Double
    public var student: String
    /// The main context first, the attempt's context last.
    public var contexts: [ContextStep]
    public var createdAt: Double
    public var startedAt: Double
    public var endedAt: Double?
    public var outcome: RunOutcome
    public var doneBy: DoneMarker?
    public var hasStarted: Bool
    /// Seconds spent, up to ``savedAt``.
    public var duration: Double
    public var ranges: [ClosedRange<Double>]
    public var primaryItem: String?
    /// Every item of the attempt, in the order added.
    public var items: [Item]
    /// The events not yet in any store when the snapshot was taken (earlier ones were saved),
    /// numbered from where the saved ones stop.
    public var events: [Event]
    public var owner: Owner
    /// The version of the game that ran it (``Activity/gameVersion``); absent from snapshots
    /// kept before versions were recorded.
    public var gameVersion: String?
    /// The attempt's replay record as it stood (``AttemptInputs``); absent in an older outbox
    /// and for an attempt no game run recorded.
    public var inputs: AttemptInputs?

    /// The context's identifier path, main context first.
    public var identifierPath: [String] { contexts.map(\.identifier) }

    /// The progress: the union length of ``ranges``.
    public var progress: Double { ProgressRanges(ranges).total }
}

extension Activity {
    /// The attempt's state at `now`, with the events not saved yet.
    /// - Returns: Nil when the attempt's context was removed from the tree.
    package func snapshot(at now: Date) -> RunSnapshot? {
        guard let context, !context.isRemoved else { return nil }
        let chain = sequence(first: context) { $0.parent }.reversed().map {
            RunSnapshot.ContextStep(
                identifier: $0.identifier, title: $0.title, type: $0.type, customTypeName: $0.customTypeName)
        }
        let owner = RunOwner.current
        return RunSnapshot(
            uuid: uuid, savedAt: now.timeIntervalSince1970, student: student, contexts: chain,
            createdAt: createdAt.timeIntervalSince1970, startedAt: startedAt.timeIntervalSince1970,
            endedAt: endedAt?.timeIntervalSince1970, outcome: outcome, doneBy: doneBy, hasStarted: hasStarted,
            duration: duration(at: now), ranges: ranges.ranges, primaryItem: items.primary?.identifier,
            items: items.all.map { .init(sequence: items.sequence[$0.identifier] ?? 0, record: ItemRecord($0)) }
                .sorted { $0.sequence < $1.sequence },
            events: pendingEvents.enumerated().map { offset, event in
                .init(
                    sequence: eventCount + offset, kind: event.kind, at: event.at.timeIntervalSince1970,
                    progress: event.progress, outcome: event.outcome)
            },
            owner: .init(host: owner.host, pid: owner.pid, start: owner.start), gameVersion: gameVersion,
            inputs: inputs)
    }
}

extension RunSnapshot.Item {
    /// The item as the model holds it.
    ///
    /// Decoding the record already refused a value that does not fit its kind (the whole entry
    /// then reads as ``TrackingError/corruptRow(_:)``); this stays `throws` for the engines that
    /// write it.
    func activityItem() throws -> ActivityItem { record.item }
}
