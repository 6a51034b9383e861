import Classroom
import Tracking

extension TrackingError {
    /// The store's own messages leave student names out (they may end up in logs);
    /// the person at the terminal typed the name, so it is shown back to them. A school
    /// server's refusal is said without the statement's text: SQL is the developer's (the
    /// server's log has it), and a student at a terminal gets what was refused and why.
    public var forPeople: String {
        switch self {
        case .postgresql(let state, let message, _):
            let refusal = "the school's PostgreSQL server refused it: \(message) (SQLSTATE \(state))"
            // A full store is not the student's to mend: the one who can is named, through the teacher.
            guard isStudentBoundReached else { return refusal }
            return refusal + "; tell your teacher: the school's EduJam administrator makes room with edujam store prune"
        case .partialFailure(let refused):
            let count = refused.count == 1 ? "1 change" : "\(refused.count) changes"
            return "save refused \(count) (every other change was saved): "
                + refused.map { "\($0.object): \($0.reason.forPeople)" }.joined(separator: "; ")
        default: return description
        }
    }
}

extension ClassroomError {
    /// As ``TrackingError/forPeople``: the person at the terminal typed the student's name, so
    /// it is shown back to them.
    public var forPeople: String {
        switch self {
        case .unknownStudent(let student, let className?):
            return "unknown student '\(student)': not in class '\(className)'"
        case .unknownStudent(let student, nil): return "unknown student '\(student)'"
        default: return description
        }
    }
}
