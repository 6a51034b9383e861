import Foundation
import Tracking

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

extension TrackingStore {
    /// A student's assignments, soonest due first and undated last, each activity with its status.
    /// - Parameter student: A student who is in at least one class.
    /// - Returns: The inbox; empty when the student's classes have assigned nothing to them.
    /// - Throws: ``TrackingError/unknownStudent(_:className:)`` (with a nil class) for a student in
    ///   no class, or a SQLite error.
    public func inbox(student: String) throws -> [InboxEntry] {
        let rows = try sqlite.transaction(readOnly: true) {
            let classes = try sqlite.statement("SELECT 1 FROM class_students WHERE student = ? LIMIT 1")
                .query([.text(student)]) { _ in true }
            guard !classes.isEmpty else { throw TrackingError.unknownStudent(student, className: nil) }
            return try assignmentRows(student: student)
        }
        let runs = try self.runs(student: student)
        let now = clock().timeIntervalSince1970
        return rows.map { row in
            let activities = row.progress(of: student, runs: runs, now: now)
            return InboxEntry(
                assignmentId: row.id, className: row.className, title: row.title,
                due: row.due.map(ISO8601.string(fromEpoch:)), late: activities.contains(where: \.late),
                complete: row.completedAt != nil, instructions: row.instructions, activities: activities)
        }
    }

    /// A student's saved attempts that count for no assignment: practice, shown apart.
    /// - Parameter student: A student name.
    /// - Returns: The runs, newest first.
    /// - Throws: A SQLite error.
    public func practiceRuns(student: String) throws -> [RunRecord] {
        let runs = try runs(student: student)  // first: every run read here is visible to the link query
        let linked = try sqlite.transaction(readOnly: true) {
            Set(try sqlite.statement("\(Self.linkedAttemptsSQL) AND a.student = ?").query([.text(student)]) { $0.int(0) })
        }
        return runs.filter { !linked.contains($0.id) }
    }

    /// The attempts of one student that count for one assignment, in detail (`edujam report --student`).
    /// - Parameters:
    ///   - id: The assignment.
    ///   - student: One of its assignees.
    /// - Returns: The runs, newest first.
    /// - Throws: ``TrackingError/unknownAssignment(_:)``, ``TrackingError/unknownStudent(_:className:)``
    ///   or a SQLite error.
    public func attempts(assignment id: Int64, student: String) throws -> [RunRecord] {
        let row = try sqlite.transaction(readOnly: true) { try requireAssignmentRow(id: id) }
        guard row.students.contains(student) else { throw TrackingError.unknownStudent(student, className: row.className) }
        return try runs(student: student).filter { row.linkedAttempts.contains($0.id) }
    }
}
