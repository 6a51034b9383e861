import Foundation

/// One moment in an attempt's life, kept in order so the attempt can be told as it happened
/// (for example as xAPI statements): when it started, paused, resumed, made progress and ended.
///
/// JSON keys: `sequence`, `kind`, `at` (ISO 8601, UTC), `progress` (progressed only), `outcome`
/// (ended only).
public struct AttemptEvent: Codable, Equatable, Sendable {
    /// What happened.
    public enum Kind: String, Codable, Sendable, CaseIterable {
        /// The first ``Activity/start()``.
        case started
        /// ``Activity/stop()`` of a running attempt that did not end with it.
        case stopped
        /// A ``Activity/start()`` after a stop.
        case resumed
        /// Progress grew; ``AttemptEvent/progress`` is the new total.
        case progressed
        /// ``Activity/end(outcome:)``; ``AttemptEvent/outcome`` says how.
        case ended
    }

    /// 0, 1, 2, … within the attempt.
    public var sequence: Int
    /// What happened.
    public var kind: Kind
    /// When, ISO 8601 in UTC with milliseconds.
    public var at: String
    /// The attempt's total progress after a `progressed` event, 0...1.
    public var progress: Double?
    /// How the attempt ended, on `ended`.
    public var outcome: RunOutcome?

    /// An event as the store reads it back.
    public init(sequence: Int, kind: Kind, at: String, progress: Double? = nil, outcome: RunOutcome? = nil) {
        self.sequence = sequence
        self.kind = kind
        self.at = at
        self.progress = progress
        self.outcome = outcome
    }
}

/// A saved attempt with its identity and its history, as exports need it.
public struct AttemptHistory: Equatable, Sendable {
    /// The attempt as ``TrackingStore/runs(student:)`` reports it.
    public var run: RunRecord
    /// The attempt's UUID, made when it was created: stable across stores and exports.
    public var uuid: UUID
    /// What happened, in order.
    public var events: [AttemptEvent]

    /// An attempt as the store reads it back.
    public init(run: RunRecord, uuid: UUID, events: [AttemptEvent]) {
        self.run = run
        self.uuid = uuid
        self.events = events
    }
}
