import Tracking

/// One assignment in a student's inbox (`edujam inbox --student S`).
///
/// JSON keys: `assignmentId`, `className`, `title`, `due` (ISO 8601 UTC or null), `late` (some
/// activity is late), `complete` (the teacher marked it complete), `instructions` (or null) and
/// `activities` (``ActivityProgress``).
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
}
