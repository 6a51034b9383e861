import Tracking

/// One assignment in a ``ClassReport``: a grid of students by activities, plus class aggregates.
///
/// JSON keys: `id`, `title`, `due` (ISO 8601 UTC or null), `complete`, `students`
/// (``StudentProgress``, in class order) and `summary` (``ActivitySummary``, one per activity).
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
}
