import Tracking

/// Every assignment with, per assignee and activity, the attempts that count: what a grade
/// export needs (``TrackingStore/gradebook(className:)``). Scores are the exporter's choice.
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

/// How one cell of the gradebook is graded, the one rule every grade follows (docs/classroom.md,
/// "How grades are made"): only counted attempts that reached `finish` grade. Their best score
/// item, else their best progress when the game reports no score; an activity none of whose
/// attempts finished is worth 0, as one not started, and says so with the progress it reached.
public struct ActivityGrade: Equatable, Sendable {
    /// 0–100.
    public var percent: Double
    /// What the percentage is: `score`, `progress`, or `not finished, progress 50%`.
    public var basis: String

    /// The grade of `cell`.
    public init(_ cell: GradebookCell) {
        let finished = cell.attempts.filter(\.reachedFinish)
        if let best = cell.progress.score {
            (percent, basis) = (best * 100, "score")
        } else if let progress = finished.map(\.progress).max() {
            (percent, basis) = (Self.clamped(progress * 100), "progress")
        } else if cell.attempts.isEmpty {
            (percent, basis) = (0, "progress")
        } else {
            let reached = Int(Self.clamped(cell.progress.progress * 100).rounded())
            (percent, basis) = (0, "\(ActivityProgress.notFinishedText), progress \(reached)%")
        }
    }

    private static func clamped(_ value: Double) -> Double { value.isFinite ? min(max(value, 0), 100) : 0 }
}
