/// One student's row in an ``AssignmentReport``. JSON keys: `student`, `activities`.
public struct StudentProgress: Codable, Equatable, Sendable {
    /// The student.
    public var student: String
    /// One cell per activity, in assignment order.
    public var activities: [ActivityProgress]
}
