import Classroom
import Foundation
import Tracking

/// Which attempts a `verify` checks: the ended attempts of the students in scope, at the
/// assignment's activities (or below them) when one is named.
public struct VerifyScope: Sendable {
    /// Only this class's students.
    public var className: String?
    /// Only the attempts at this assignment's activities (or below them), of its students.
    public var assignment: Int64?
    /// Only this student's attempts.
    public var student: String?

    /// Every attempt the login may read, narrowed by what is given.
    public init(className: String? = nil, assignment: Int64? = nil, student: String? = nil) {
        self.className = className
        self.assignment = assignment
        self.student = student
    }

    /// The ended attempts in scope this login may read, oldest first, but those never started
    /// that saved nothing: a launch left at the game's menu, which counts for no assignment and
    /// has nothing to compare (it keeps no replay record either).
    /// - Throws: ``ClassroomError`` for an unknown class or assignment (also one of another
    ///   class than `--class`), an engine error.
    public func attempts(in store: TrackingStore) throws -> [RunRecord] {
        var students: [String]? = student.map { [$0] }
        var places: [[String]]?
        if let className {
            guard let found = try store.classes().first(where: { $0.name == className }) else {
                throw ClassroomError.unknownClass(className)
            }
            students = students.map { $0.filter(found.students.contains) } ?? found.students
        }
        if let assignment {
            guard let found = try store.assignment(id: assignment), className.map({ $0 == found.className }) ?? true
            else { throw ClassroomError.unknownAssignment(assignment) }
            students = (students ?? found.students).filter(found.students.contains)
            places = found.activities.map(\.identifierPath)
        }
        let runs = try students.map { try $0.flatMap { try store.runs(student: $0) } } ?? store.runs()
        return runs.filter { run in
            run.outcome != .running && (run.started || !run.items.isEmpty)
                && (places?.contains { run.identifierPath.starts(with: $0) } ?? true)
        }.sorted { $0.id < $1.id }
    }
}

extension VerifyScope {
    /// The scope as `identity` may verify it, and whether the checks are stored: a student
    /// verifies their own attempts, and nothing is stored; a teacher (or anyone on a store file)
    /// the attempts given, the checks stored.
    /// - Throws: ``IdentityError`` for a student naming someone, a login on no roster, or a login
    ///   that is neither student nor teacher.
    public static func of(
        _ identity: StoreIdentity, className: String?, assignment: Int64?, student: String?
    ) throws -> (scope: VerifyScope, storesChecks: Bool) {
        if case .login(_, .student, _) = identity {
            let own = try Identity.student(typed: student, identity: identity)
            return (VerifyScope(className: className, assignment: assignment, student: own), false)
        }
        try Identity.requireTeacher("verify", identity: identity)
        return (VerifyScope(className: className, assignment: assignment, student: student), true)
    }
}
