import Foundation
import Tracking

extension TrackingStore {
    /// The teacher's review grid: for each assignment, students by activities with status, the
    /// latest primary item, the best progress, time spent and attempts, plus class aggregates.
    ///
    /// Reads only saved data. For one student's attempts in detail, see ``attempts(assignment:student:)``.
    /// A stored row that cannot be read is left out and named in ``ClassReport/unreadableRows``.
    /// - Parameters:
    ///   - className: An existing class.
    ///   - assignment: One of its assignments, or nil for all of them.
    ///   - student: One student, or nil for all: with a student, each assignment keeps only their
    ///     row (the class aggregates stay the whole class's).
    /// - Returns: The report; encode it for `--json`.
    /// - Throws: ``ClassroomError/unknownClass(_:)``, ``ClassroomError/unknownAssignment(_:)`` (also
    ///   when the assignment belongs to another class), ``ClassroomError/unknownStudent(_:className:)``
    ///   when `student` is an assignee of none of the assignments, or an engine error.
    public func classReport(className: String, assignment: Int64? = nil, student: String? = nil) throws -> ClassReport {
        let engine = classroom
        let (rows, removedBefore) = try engine.transaction(readOnly: true) {
            let classID = try engine.requireClassID(named: className)
            guard let assignment else {
                return (try engine.assignmentRows(classID: classID), try attemptsRemovedBefore())
            }
            let row = try engine.requireAssignmentRow(id: assignment)
            guard row.className == className else { throw ClassroomError.unknownAssignment(assignment) }
            return ([row], try attemptsRemovedBefore())
        }
        let runs = try runsByStudent(rows)
        let now = clock().timeIntervalSince1970
        var review = ClassReport(className: className, assignments: rows.map { report($0, runs: runs, now: now) })
        for (index, row) in rows.enumerated() {  // what `verify` found, per counted attempt it checked
            review.assignments[index].attemptsRemovedBefore = row.attemptsRemoved(before: removedBefore)
            let checks = try checks(of: countedAttempts(row, runs: runs))
            review.assignments[index].checks = checks.isEmpty ? nil : checks
        }
        let whose = student.map { [$0] } ?? Set(rows.flatMap(\.students))
        let unreadable = unreadableRows.filter { $0.student.map(whose.contains) ?? false }
        review.unreadableRows = unreadable.isEmpty ? nil : unreadable
        guard let student else { return review }
        let assigned = review.assignments.contains { $0.students.contains { $0.student == student } }
        guard assigned || review.assignments.isEmpty else {
            throw ClassroomError.unknownStudent(student, className: className)
        }
        for index in review.assignments.indices {
            review.assignments[index].students.removeAll { $0.student != student }
            review.assignments[index].checks?.removeAll { $0.student != student }
        }
        return review
    }

    private func report(_ row: AssignmentRow, runs: [String: [RunRecord]], now: Double) -> AssignmentReport {
        let students = row.students.map { student in
            StudentProgress(
                student: student, activities: row.progress(of: student, runs: runs[student] ?? [], now: now))
        }
        let summary = row.activities.enumerated().map { index, entry in
            ActivitySummary(entry.activity, cells: students.map { $0.activities[index] })
        }
        return AssignmentReport(
            id: row.id, title: row.title, due: row.due.map(ISO8601.string(fromEpoch:)),
            complete: row.completedAt != nil, students: students, summary: summary,
            gameVersions: GameVersionCount.counts(countedAttempts(row, runs: runs)))
    }

    /// Every attempt that counts for the assignment, once (a whole game and one of its levels may
    /// both be assigned).
    private func countedAttempts(_ row: AssignmentRow, runs: [String: [RunRecord]]) -> [RunRecord] {
        var seen = Set<Int64>()
        return row.students.flatMap { student in
            row.activities.flatMap { row.countedAttempts(at: $0.activity.identifierPath, among: runs[student] ?? []) }
        }.filter { seen.insert($0.id).inserted }
    }

    /// Each student's saved runs, newest first, read once for a whole report.
    func runsByStudent(_ rows: [AssignmentRow]) throws -> [String: [RunRecord]] {
        var runs: [String: [RunRecord]] = [:]
        for student in Set(rows.flatMap(\.students)) { runs[student] = try self.runs(student: student) }
        return runs
    }
}
