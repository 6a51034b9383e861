import Tracking

/// The teacher's review of a class (`edujam report --class NAME [--assignment ID] --json`).
///
/// JSON: `{"class", "assignments": [AssignmentReport], "unreadableRows": [UnreadableRow]}`, the last
/// only when some of the class's stored rows could not be read (and were left out).
public struct ClassReport: Codable, Equatable, Sendable {
    /// The class name (JSON key `class`).
    public var className: String
    /// The class's assignments, oldest first, or the one asked for.
    public var assignments: [AssignmentReport]
    /// The students' stored rows the report left out because they cannot be read, or nil when
    /// none: one student's bad row never takes the class's report down.
    public var unreadableRows: [UnreadableRow]?

    private enum CodingKeys: String, CodingKey {
        case className = "class"
        case assignments
        case unreadableRows
    }
}
