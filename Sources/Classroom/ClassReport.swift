/// The teacher's review of a class (`edujam report --class NAME [--assignment ID] --json`).
///
/// JSON: `{"class", "assignments": [AssignmentReport]}`.
public struct ClassReport: Codable, Equatable, Sendable {
    /// The class name (JSON key `class`).
    public var className: String
    /// The class's assignments, oldest first, or the one asked for.
    public var assignments: [AssignmentReport]

    private enum CodingKeys: String, CodingKey {
        case className = "class"
        case assignments
    }
}
