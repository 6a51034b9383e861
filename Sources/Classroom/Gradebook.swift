import Tracking

/// Every assignment with, per assignee and activity, the attempts that count: what a grade
/// export needs (``TrackingStore/gradebook()``). Scores are the exporter's choice.
public struct GradebookAssignment: Equatable, Sendable {
    /// The assignment.
    public var assignment: Assignment
    /// The class's sourcedId when it was imported from a roster, else nil.
    public var classSourcedId: String?
    /// One row per assignee, in class order.
    public var rows: [GradebookRow]
    /// `2026-09-01`: the day (UTC) the store's owner removed attempts before
    /// (``Tracking/TrackingStore/attemptsRemovedBefore()``), when this assignment was made before
    /// it, so ``rows`` may read work that was done as not started; nil otherwise.
    public var attemptsRemovedBefore: String? = nil

    /// Whether attempts that counted for it may be gone (``attemptsRemovedBefore``).
    public var attemptsRemoved: Bool { attemptsRemovedBefore != nil }
}

/// One assignee of a ``GradebookAssignment``.
public struct GradebookRow: Equatable, Sendable {
    /// The student's EduJam name.
    public var student: String
    /// Their sourcedId when they were imported from a roster, else nil.
    public var studentSourcedId: String?
    /// One cell per activity, in assignment order.
    public var cells: [GradebookCell]
}

/// One student's standing on one assigned activity, with the attempts behind it.
public struct GradebookCell: Equatable, Sendable {
    /// Status, best progress, attempts count, as the class report shows it.
    public var progress: ActivityProgress
    /// The attempts that count for the assignment, newest first: at the assigned context and, for
    /// a whole game, at its levels.
    public var attempts: [RunRecord]
    /// When anything in this cell last changed (the last event of an attempt that counts, a Done
    /// mark), ISO 8601 UTC like every date in the store; nil when nothing happened yet.
    public var lastChange: String?
}
