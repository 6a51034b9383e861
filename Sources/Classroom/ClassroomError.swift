import Foundation
import Tracking

/// Every error the classroom rules throw of their own: a class, student, assignment or path the
/// store does not have, an assignment that cannot be made, a due date that is not one.
///
/// The rest comes from the tracking model and the store (``TrackingError``: a name that breaks
/// ``NameRule``, a busy store) or from who runs the command (``IdentityError``). As
/// ``TrackingError``'s, messages never contain student names; the cases carry them.
/// ``category`` sorts the cases as ``TrackingError/category`` does, and ``object`` names the
/// context an error is about when the case carries its path.
public enum ClassroomError: Error, Equatable, Sendable {
    /// No class has this name.
    case unknownClass(String)
    /// A class with this name already exists.
    case duplicateClass(String)
    /// The student is not in the class (`className`), or in no class at all (`className` nil).
    /// The message leaves the student out, as every message does; the caller typed it.
    case unknownStudent(String, className: String?)
    /// The identifier path names no saved context: it is not in the catalog.
    case unknownPath([String])
    /// The context exists but its `isAssignable` is false.
    case notAssignable([String])
    /// An assignment needs at least one activity.
    case noActivities
    /// No assignment has this id.
    case unknownAssignment(Int64)
    /// The path is not one of the assignment's activities.
    case pathNotInAssignment([String], assignment: Int64)
    /// A date was neither `YYYY-MM-DD` nor an ISO 8601 timestamp. Carries the bad text.
    case invalidDate(String)
}

extension ClassroomError: CustomStringConvertible {
    /// What went wrong, in one line that names no student.
    public var description: String {
        switch self {
        case .unknownClass(let name): return "unknown class '\(name)'"
        case .duplicateClass(let name): return "duplicate class: '\(name)' already exists"
        case .unknownStudent(_, let name?): return "unknown student: not in class '\(name)'"
        case .unknownStudent(_, nil): return "unknown student: not in any class"
        case .unknownPath(let path): return "unknown path '\(path.joined(separator: "/"))': not in the catalog"
        case .notAssignable(let path): return "path '\(path.joined(separator: "/"))' is not assignable"
        case .noActivities: return "an assignment needs at least one activity"
        case .unknownAssignment(let id): return "unknown assignment \(id)"
        case .pathNotInAssignment(let path, let id):
            return "path '\(path.joined(separator: "/"))' is not part of assignment \(id)"
        case .invalidDate(let text):
            return "invalid date '\(text)': expected YYYY-MM-DD or an ISO 8601 timestamp such as 2026-12-01T15:00:00Z"
        }
    }
}

extension ClassroomError: LocalizedError {
    /// The same text as ``description``, for `localizedDescription`.
    public var errorDescription: String? { description }
}

extension ClassroomError {
    /// The category of this error, in ``TrackingError``'s terms, for an app that switches on
    /// both: these cases sat in ``TrackingError`` until the classroom got errors of its own.
    public var category: TrackingError.Category {
        switch self {
        case .notAssignable, .noActivities, .invalidDate: return .invalidArgument
        case .duplicateClass: return .invalidCreate
        case .unknownClass, .unknownStudent, .unknownPath, .unknownAssignment, .pathNotInAssignment: return .notFound
        }
    }

    /// The context this error is about, when the case carries its path; nil otherwise.
    public var object: TrackedObject? {
        switch self {
        case .unknownPath(let path), .notAssignable(let path), .pathNotInAssignment(let path, _):
            return .context(identifierPath: path)
        case .unknownClass, .duplicateClass, .unknownStudent, .noActivities, .unknownAssignment, .invalidDate:
            return nil
        }
    }
}
