import Tracking

/// One assignment in a student's inbox (`edujam inbox --student S`).
///
/// JSON keys: `assignmentId`, `className`, `title`, `due` (ISO 8601 UTC or null), `late` (some
/// activity is late), `complete` (the teacher marked it complete), `instructions` (or null),
/// `activities` (``ActivityProgress``) and `attemptsRemovedBefore` (only for an assignment made
/// before the day the store's owner removed attempts before).
public struct InboxEntry: Codable, Equatable, Sendable {
    /// The assignment id, for `edujam done`.
    public var assignmentId: Int64
    /// The class it came from.
    public var className: String
    /// The title.
    public var title: String
    /// When it is due, if ever.
    @ExplicitNull public var due: String?
    /// Whether any activity is late.
    public var late: Bool
    /// Whether the teacher marked the assignment complete.
    public var complete: Bool
    /// The instructions, if any.
    @ExplicitNull public var instructions: String?
    /// Each activity with its status.
    public var activities: [ActivityProgress]
    /// `2026-09-01`: the day (UTC) before which the store's owner removed attempts (`edujam store
    /// prune --attempts-before`), when this assignment was made before it, so that work the student
    /// did for it may read as not started (``removedAttemptsNote``); nil (the key left out) otherwise.
    public var attemptsRemovedBefore: String? = nil

    /// `attempts started before 2026-09-01 (UTC) were removed (store prune)`, as the class report
    /// says it; nil when none can be missing.
    public var removedAttemptsNote: String? { attemptsRemovedBefore.map(AssignmentRow.removedAttemptsNote(day:)) }

    /// Whether the student finished every activity (each has a finished attempt, or is done) and
    /// some is not marked done yet: the work is ready to hand in with `edujam done`, as in
    /// Schoolwork, where finishing the game is not handing it in.
    public var readyToHandIn: Bool {
        !complete && !activities.isEmpty && activities.allSatisfy { $0.finished || $0.status == .done }
            && activities.contains { $0.status != .done }
    }
}
