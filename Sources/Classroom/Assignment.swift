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
    public var instructions: String?
    /// When the work is due, if ever.
    public var due: String?
    /// When it was created; attempts started earlier do not count for it.
    public var createdAt: String
    /// When the teacher marked it complete, if they did.
    public var completedAt: String?
    /// Whether it went to the whole class rather than to selected students.
    public var wholeClass: Bool
    /// Who must do it, in class order.
    public var students: [String]
    /// What they must do.
    public var activities: [AssignedActivity]

    private enum CodingKeys: String, CodingKey {
        case id, className, title, instructions, due, createdAt, completedAt, wholeClass, students, activities
    }

    /// Encodes every key, writing absent optionals as `null` so the keys stay stable.
    /// - Parameter encoder: The encoder.
    /// - Throws: Encoding errors.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(className, forKey: .className)
        try c.encode(title, forKey: .title)
        try c.encode(instructions, forKey: .instructions)
        try c.encode(due, forKey: .due)
        try c.encode(createdAt, forKey: .createdAt)
        try c.encode(completedAt, forKey: .completedAt)
        try c.encode(wholeClass, forKey: .wholeClass)
        try c.encode(students, forKey: .students)
        try c.encode(activities, forKey: .activities)
    }
}
