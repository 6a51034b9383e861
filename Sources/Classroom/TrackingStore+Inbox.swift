import Tracking

extension TrackingStore {
    /// A student's assignments, soonest due first and undated last, each activity with its status.
    /// - Parameter student: A student who is in at least one class.
    /// - Returns: The inbox; empty when the student's classes have assigned nothing to them.
    /// - Throws: ``ClassroomError/unknownStudent(_:className:)`` (with a nil class) for a student in
    ///   no class, or an engine error.
    public func inbox(student: String) throws -> [InboxEntry] {
        let engine = classroom
        let (rows, removedBefore) = try engine.transaction(readOnly: true) {
            guard try engine.isOnAnyRoster(student) else {
                throw ClassroomError.unknownStudent(student, className: nil)
            }
            return (try engine.assignmentRows(student: student), try attemptsRemovedBefore())
        }
        let runs = try self.runs(student: student)
        let now = clock().timeIntervalSince1970
        return rows.map { row in
            let activities = row.progress(of: student, runs: runs, now: now)
            return InboxEntry(
                assignmentId: row.id, className: row.className, title: row.title,
                due: row.due.map(ISO8601.string(fromEpoch:)), late: activities.contains(where: \.late),
                complete: row.completedAt != nil, instructions: row.instructions, activities: activities,
                attemptsRemovedBefore: row.attemptsRemoved(before: removedBefore))
        }
    }

    /// A student's saved attempts that count for no assignment: practice, shown apart.
    ///
    /// Done belongs to assignments, so a practice run is never done: `done` is false even when
    /// the game marked the attempt (`activity.done()`), as ClassKit's
    /// `completeAllAssignedActivities` does nothing for work nobody assigned.
    /// - Parameter student: A student name.
    /// - Returns: The runs, newest first.
    /// - Throws: An engine error.
    public func practiceRuns(student: String) throws -> [RunRecord] {
        let runs = try runs(student: student)  // first: every run read here is visible to the link query
        let engine = classroom
        let linked = try engine.transaction(readOnly: true) { try engine.linkedAttempts(student: student) }
        return runs.filter { !linked.contains($0.id) }.map { run in
            var practice = run
            practice.done = false
            return practice
        }
    }

    /// The attempts of one student that count for one assignment, in detail (`edujam report --student`).
    /// - Parameters:
    ///   - id: The assignment.
    ///   - student: One of its assignees.
    /// - Returns: The runs, newest first.
    /// - Throws: ``ClassroomError/unknownAssignment(_:)``, ``ClassroomError/unknownStudent(_:className:)``
    ///   or an engine error.
    public func attempts(assignment id: Int64, student: String) throws -> [RunRecord] {
        let engine = classroom
        let row = try engine.transaction(readOnly: true) { try engine.requireAssignmentRow(id: id) }
        guard row.students.contains(student) else {
            throw ClassroomError.unknownStudent(student, className: row.className)
        }
        return try runs(student: student).filter { row.linkedAttempts.contains($0.id) }
    }
}

extension TrackingStore {
    /// The attempts that count for each of the assignments, by assignee, each list as
    /// ``attempts(assignment:student:)`` gives it: what the class report page shows behind each
    /// cell. Each assignment and each student's attempts are read once, not once per pair.
    /// - Parameters:
    ///   - ids: The assignments.
    ///   - students: Only these assignees; nil for every one.
    /// - Returns: The runs, newest first, by assignment id and then by student.
    /// - Throws: ``ClassroomError/unknownAssignment(_:)`` or an engine error.
    func attempts(assignments ids: [Int64], students: Set<String>? = nil) throws
        -> [Int64: [String: [RunRecord]]]
    {
        let engine = classroom
        let rows = try engine.transaction(readOnly: true) { try ids.map { try engine.requireAssignmentRow(id: $0) } }
        var runsOf: [String: [RunRecord]] = [:]
        var attempts: [Int64: [String: [RunRecord]]] = [:]
        for row in rows {
            for student in row.students where students?.contains(student) ?? true {
                let runs = try runsOf[student] ?? runs(student: student)
                runsOf[student] = runs
                attempts[row.id, default: [:]][student] = runs.filter { row.linkedAttempts.contains($0.id) }
            }
        }
        return attempts
    }

    /// The attempts behind each cell of `report` (``attempts(assignments:students:)`` of its
    /// assignments and students): what the class report page shows under each cell.
    public func attempts(behind report: ClassReport) throws -> [Int64: [String: [RunRecord]]] {
        try attempts(
            assignments: report.assignments.map(\.id),
            students: Set(report.assignments.flatMap { $0.students.map(\.student) }))
    }
}
