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
    public var due: String?
    /// Whether the teacher marked it complete.
    public var complete: Bool
    /// One row per assignee.
    public var students: [StudentProgress]
    /// One column aggregate per activity, in assignment order.
    public var summary: [ActivitySummary]

    private enum CodingKeys: String, CodingKey {
        case id, title, due, complete, students, summary
    }

    /// Encodes every key, writing `due` as `null` when there is none.
    /// - Parameter encoder: The encoder.
    /// - Throws: Encoding errors.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(title, forKey: .title)
        try c.encode(due, forKey: .due)
        try c.encode(complete, forKey: .complete)
        try c.encode(students, forKey: .students)
        try c.encode(summary, forKey: .summary)
    }
}
