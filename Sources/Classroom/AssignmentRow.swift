import Foundation
import Tracking

/// An assignment as stored, with everything the status rules need: its assignees, its contexts,
/// the attempts that count for it and the Done marks. A ``ClassroomEngine`` loads it inside one
/// transaction.
struct AssignmentRow {
    /// A student's Done mark on one assigned context.
    struct DoneKey: Hashable {
        let student: String
        let contextID: Int64
    }

    let id: Int64
    let className: String
    let title: String
    let instructions: String?
    let due: Double?
    let createdAt: Double
    let completedAt: Double?
    let wholeClass: Bool
    var students: [String] = []
    var activities: [(contextID: Int64, activity: AssignedActivity)] = []
    /// Row ids of the attempts that count for this assignment (the linking rule, ``ClassroomEngine``).
    var linkedAttempts: Set<Int64> = []
    /// Row ids of the attempts that would count but ran a local copy of a published game
    /// (``AssignmentSQL/VersionRule/localCopy``): practice, which the report names.
    var localCopyAttempts: Set<Int64> = []
    /// The attempts that would be linked but ran a retired version (``AssignmentSQL/VersionRule/retired``).
    var retiredAttempts: Set<Int64> = []
    var doneMarks: Set<DoneKey> = []

    /// `2026-09-01`, the day (UTC) attempts were removed before (``TrackingStore/attemptsRemovedBefore()``),
    /// when attempts that counted for it may be gone; nil when none can be. Attempts count from the
    /// assignment's creation on, so one made on or after that day lost none.
    func attemptsRemoved(before day: Date?) -> String? {
        guard let day, createdAt < day.timeIntervalSince1970 else { return nil }
        return String(ISO8601.string(fromEpoch: day.timeIntervalSince1970).prefix(10))
    }

    /// `attempts started before 2026-09-01 (UTC) were removed (store prune)`: the line under an
    /// assignment made before that day, wherever its statuses are shown (the class report, the
    /// inbox). Fits a terminal's 80 columns whole.
    static func removedAttemptsNote(day: String) -> String {
        "attempts started before \(day) (UTC) were removed (store prune)"
    }

    /// The public value.
    var record: Assignment {
        Assignment(
            id: id, className: className, title: title, instructions: instructions,
            due: due.map(ISO8601.string(fromEpoch:)), createdAt: ISO8601.string(fromEpoch: createdAt),
            completedAt: completedAt.map(ISO8601.string(fromEpoch:)), wholeClass: wholeClass,
            students: students, activities: activities.map(\.activity))
    }
}
