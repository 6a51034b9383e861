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
    var doneMarks: Set<DoneKey> = []

    /// Whether attempts that counted for it may be gone: attempts count from the assignment's
    /// creation on, so one made on or after the day attempts were removed before lost none
    /// (``TrackingStore/attemptsRemovedBefore()``).
    func lostAttempts(removedBefore day: Date?) -> Bool {
        day.map { createdAt < $0.timeIntervalSince1970 } ?? false
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
