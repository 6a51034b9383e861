import Tracking

/// One assignment in a ``ClassReport``: a grid of students by activities, plus class aggregates.
///
/// JSON keys: `id`, `title`, `due` (ISO 8601 UTC or null), `complete`, `students`
/// (``StudentProgress``, in class order), `summary` (``ActivitySummary``, one per activity) and
/// `gameVersions` (``GameVersionCount``).
public struct AssignmentReport: Codable, Equatable, Sendable {
    /// The assignment id.
    public var id: Int64
    /// The title.
    public var title: String
    /// When it is due, if ever.
    @ExplicitNull public var due: String?
    /// Whether the teacher marked it complete.
    public var complete: Bool
    /// One row per assignee.
    public var students: [StudentProgress]
    /// One column aggregate per activity, in assignment order.
    public var summary: [ActivitySummary]
    /// The game versions its counted attempts ran, the most played first: more than one says the
    /// students did not all play the same game (``versionsNote``).
    public var gameVersions: [GameVersionCount] = []
}
