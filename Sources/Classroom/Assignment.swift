import Tracking

/// A saved assignment (Schoolwork's handout).
///
/// JSON keys: `id`, `className`, `title`, `instructions`, `due`, `createdAt`, `completedAt` (dates
/// ISO 8601 UTC, null when absent), `wholeClass`, `students` (the assignees, in class order) and
/// `activities` (``AssignedActivity``, in the order given).
public struct Assignment: Codable, Equatable, Sendable {
    /// The assignment id.
    public var id: Int64
    /// The class it was given to.
    public var className: String
    /// The title.
    public var title: String
    /// The instructions, if any.
    @ExplicitNull public var instructions: String?
    /// When the work is due, if ever.
    @ExplicitNull public var due: String?
    /// When it was created; attempts started earlier do not count for it.
    public var createdAt: String
    /// When the teacher marked it complete, if they did.
    @ExplicitNull public var completedAt: String?
    /// Whether it went to the whole class rather than to selected students.
    public var wholeClass: Bool
    /// Who must do it, in class order.
    public var students: [String]
    /// What they must do.
    public var activities: [AssignedActivity]
}
