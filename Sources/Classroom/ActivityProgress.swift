import Tracking

/// One student's standing on one assigned activity; the inbox and the class report share it.
///
/// JSON keys: `identifierPath`, `title`, `status`, `late`, `attempts`, `progress`,
/// `durationSeconds` and `primaryItem` (an element of ``RunRecord/items``, or null).
public struct ActivityProgress: Codable, Equatable, Sendable {
    /// The context's path, root first.
    public var identifierPath: [String]
    /// The context's title.
    public var title: String
    /// notStarted, inProgress or done.
    public var status: ActivityStatus
    /// The due date has passed and the status is not done.
    public var late: Bool
    /// How many attempts count for the assignment.
    public var attempts: Int
    /// The highest progress among those attempts (0 without any). Progress never goes down within
    /// an attempt, so the best attempt is the truest "how far did they get"; a fresh retry at 0.1
    /// must not hide a finished first try.
    public var progress: Double
    /// Time spent over all those attempts, as of their last save.
    public var durationSeconds: Double
    /// The latest attempt's primary item, or nil when there is no attempt or it has none.
    @ExplicitNull public var primaryItem: ItemRecord?
}
