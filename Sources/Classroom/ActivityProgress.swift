import Foundation
import Tracking

/// Where a student stands on one assigned activity, as Schoolwork shows it.
public enum ActivityStatus: String, Codable, Sendable, CaseIterable {
    /// No attempt counts for the assignment yet.
    case notStarted
    /// Attempts count, but nobody marked the activity done.
    case inProgress
    /// The student marked it done, the game marked the latest attempt done, or the teacher marked
    /// the assignment complete.
    case done
}

/// One student's standing on one assigned activity; the inbox and the class report share it.
///
/// JSON keys: `identifierPath`, `title`, `status`, `late`, `attempts`, `progress`,
/// `durationSeconds` and `primaryItem` (an element of ``RunRecord/items``, or null).
public struct ActivityProgress: Codable, Equatable, Sendable {
    /// The context's path, root first.
    public var identifierPath: [String]
    /// The context's title.
    public var title: String
    /// notStarted, inProgress or done.
    public var status: ActivityStatus
    /// The due date has passed and the status is not done.
    public var late: Bool
    /// How many attempts count for the assignment.
    public var attempts: Int
    /// The highest progress among those attempts (0 without any). Progress never goes down within
    /// an attempt, so the best attempt is the truest "how far did they get"; a fresh retry at 0.1
    /// must not hide a finished first try.
    public var progress: Double
    /// Time spent over all those attempts, as of their last save.
    public var durationSeconds: Double
    /// The latest attempt's primary item, or nil when there is no attempt or it has none.
    public var primaryItem: ItemRecord?

    private enum CodingKeys: String, CodingKey {
        case identifierPath, title, status, late, attempts, progress, durationSeconds, primaryItem
    }

    /// Encodes every key, writing `primaryItem` as `null` when there is none.
    /// - Parameter encoder: The encoder.
    /// - Throws: Encoding errors.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(identifierPath, forKey: .identifierPath)
        try c.encode(title, forKey: .title)
        try c.encode(status, forKey: .status)
        try c.encode(late, forKey: .late)
        try c.encode(attempts, forKey: .attempts)
        try c.encode(progress, forKey: .progress)
        try c.encode(durationSeconds, forKey: .durationSeconds)
        try c.encode(primaryItem, forKey: .primaryItem)  // explicit null, not an absent key
    }
}

extension AssignmentRow {
    /// `student`'s standing on each activity of this assignment, in assignment order.
    /// - Parameters:
    ///   - student: An assignee.
    ///   - runs: The student's saved runs, newest first (``TrackingStore/runs(student:)``).
    ///   - now: The current time, seconds since 1970, for lateness.
    /// - Returns: One entry per activity.
    func progress(of student: String, runs: [RunRecord], now: Double) -> [ActivityProgress] {
        let counted = runs.filter { linkedAttempts.contains($0.id) }
        return activities.map { entry in
            let attempts = counted.filter { $0.identifierPath.starts(with: entry.activity.identifierPath) }  // or a level of it
            let status = status(of: student, contextID: entry.contextID, attempts: attempts)
            let latest = attempts.first
            return ActivityProgress(
                identifierPath: entry.activity.identifierPath, title: entry.activity.title, status: status,
                late: status != .done && (due.map { now > $0 } ?? false), attempts: attempts.count,
                progress: attempts.map(\.progress).max() ?? 0,
                durationSeconds: attempts.reduce(0) { $0 + $1.durationSeconds },
                primaryItem: latest.flatMap { run in run.items.first { $0.identifier == run.primaryItem } })
        }
    }

    /// The status rules; `attempts` are newest first.
    private func status(of student: String, contextID: Int64, attempts: [RunRecord]) -> ActivityStatus {
        if completedAt != nil || doneMarks.contains(DoneKey(student: student, contextID: contextID)) { return .done }
        guard let latest = attempts.first else { return .notStarted }
        return latest.done ? .done : .inProgress  // the game (or anyone) marked its latest run done
    }
}

extension TrackingStore {
    /// Each student's saved runs, newest first, read once for a whole report.
    func runsByStudent(_ rows: [AssignmentRow]) throws -> [String: [RunRecord]] {
        var runs: [String: [RunRecord]] = [:]
        for student in Set(rows.flatMap(\.students)) { runs[student] = try self.runs(student: student) }
        return runs
    }
}
