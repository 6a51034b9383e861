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
    public var due: String?
    /// Whether any activity is late.
    public var late: Bool
    /// Whether the teacher marked the assignment complete.
    public var complete: Bool
    /// The instructions, if any.
    public var instructions: String?
    /// Each activity with its status.
    public var activities: [ActivityProgress]

    private enum CodingKeys: String, CodingKey {
        case assignmentId, className, title, due, late, complete, instructions, activities
    }

    /// Encodes every key, writing absent optionals as `null` so the keys stay stable.
    /// - Parameter encoder: The encoder.
    /// - Throws: Encoding errors.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(assignmentId, forKey: .assignmentId)
        try c.encode(className, forKey: .className)
        try c.encode(title, forKey: .title)
        try c.encode(due, forKey: .due)
        try c.encode(late, forKey: .late)
        try c.encode(complete, forKey: .complete)
        try c.encode(instructions, forKey: .instructions)
        try c.encode(activities, forKey: .activities)
    }
}
