/// One assigned context: its full identifier path (root first) and title.
public struct AssignedActivity: Codable, Equatable, Sendable {
    /// Root first.
    public var identifierPath: [String]
    /// The context's title.
    public var title: String
}
