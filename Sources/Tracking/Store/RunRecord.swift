import Foundation

/// One saved attempt, as reported by ``TrackingStore/runs(student:)`` and exported as JSON.
///
/// JSON keys (stable, documented in `docs/tracking-model.md`): `id`, `student`, `identifierPath`,
/// `title`, `outcome`, `done`, `started`, `startedAt` (ISO 8601, UTC), `durationSeconds`, `progress`,
/// `primaryItem` (null when none), `gameVersion` (null when none) and `items`.
public struct RunRecord: Codable, Equatable, Sendable {
    /// The activity's row id.
    public var id: Int64
    /// Who made the attempt.
    public var student: String
    /// The context's identifier path, root first.
    public var identifierPath: [String]
    /// The context's title.
    public var title: String
    /// How the attempt ended; `.running` if it never did.
    public var outcome: RunOutcome
    /// Whether the student, the game or a teacher marked it done.
    public var done: Bool
    /// Whether the game ever started it (`activity.start()`); a launch that never did (left at the
    /// level menu) is kept but counts for no assignment.
    public var started: Bool
    /// When it was first started (its creation time if never started), ISO 8601 in UTC.
    public var startedAt: String
    /// Time spent, as of the last save.
    public var durationSeconds: Double
    /// The union length of the progress ranges, 0...1.
    public var progress: Double
    /// The primary item's identifier, nil when none.
    @ExplicitNull public var primaryItem: String?
    /// The version of the game that ran it (``GameVersionRule``), nil when none was recorded.
    @ExplicitNull public var gameVersion: String? = nil
    /// Every item, in the order added.
    public var items: [ItemRecord]
}
