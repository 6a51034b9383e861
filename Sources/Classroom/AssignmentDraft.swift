import Foundation

/// What a teacher fills in to assign work (`edujam assign ...`).
public struct AssignmentDraft: Sendable {
    /// The class the work goes to.
    public var className: String
    /// Some of its students, or nil (or empty) for the whole class, including students who join later.
    public var students: [String]?
    /// Non-blank, within ``Limits/title``.
    public var title: String
    /// When the work is due; see ``DueDate/parse(_:timeZone:)``. Nil means no due date.
    public var due: Date?
    /// Free text shown to the students.
    public var instructions: String?
    /// Identifier paths of assignable contexts, with or without the root identifier.
    public var paths: [[String]]

    /// Creates a draft.
    /// - Parameters:
    ///   - className: The class.
    ///   - students: Selected students, or nil for the whole class.
    ///   - title: The title.
    ///   - due: The due date, if any.
    ///   - instructions: Instructions, if any.
    ///   - paths: One or more context paths.
    public init(
        className: String, students: [String]? = nil, title: String, due: Date? = nil,
        instructions: String? = nil, paths: [[String]]
    ) {
        self.className = className
        self.students = students
        self.title = title
        self.due = due
        self.instructions = instructions
        self.paths = paths
    }
}
