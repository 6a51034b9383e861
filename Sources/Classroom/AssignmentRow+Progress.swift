import Tracking

extension AssignmentRow {
    /// `student`'s standing on each activity of this assignment, in assignment order.
    /// - Parameters:
    ///   - student: An assignee.
    ///   - runs: The student's saved runs, newest first (``TrackingStore/runs(student:)``).
    ///   - now: The current time, seconds since 1970, for lateness.
    /// - Returns: One entry per activity.
    func progress(of student: String, runs: [RunRecord], now: Double) -> [ActivityProgress] {
        activities.map { entry in
            let path = entry.activity.identifierPath
            let attempts = countedAttempts(at: path, among: runs)
            let status = status(of: student, contextID: entry.contextID, attempts: attempts)
            let latest = attempts.first
            return ActivityProgress(
                identifierPath: entry.activity.identifierPath, title: entry.activity.title, status: status,
                late: status != .done && (due.map { now > $0 } ?? false), attempts: attempts.count,
                progress: attempts.map(\.progress).max() ?? 0,
                durationSeconds: SafeNumbers.sum(attempts.map(\.durationSeconds)),
                primaryItem: latest.flatMap { run in
                    run.reachedFinish ? run.items.first { $0.identifier == run.primaryItem } : nil
                },
                score: attempts.compactMap(\.finishedScore).max(),
                passed: attempts.first { $0.reachedFinish && $0.verdict != nil }?.verdict,
                latestPath: latest?.identifierPath, latestOutcome: latest?.outcome,
                finished: attempts.contains(where: \.reachedFinish),
                gameVersion: latest?.gameVersion,
                localCopies: runs.filter { localCopyAttempts.contains($0.id) && $0.identifierPath.starts(with: path) }
                    .count,
                retiredAttempts: runs.filter { retiredAttempts.contains($0.id) && $0.identifierPath.starts(with: path) }
                    .count)
        }
    }

    /// The attempts that count for the activity at `path`: linked to this assignment and played at
    /// that context or below it (a whole game counts the attempts at its levels), newest first.
    /// - Parameters:
    ///   - path: An assigned activity's identifier path.
    ///   - runs: One student's saved runs, newest first.
    func countedAttempts(at path: [String], among runs: [RunRecord]) -> [RunRecord] {
        runs.filter { linkedAttempts.contains($0.id) && $0.identifierPath.starts(with: path) }
    }

    /// The status rules; `attempts` are newest first. Done belongs to the assignment, as in
    /// Schoolwork: once any attempt that counts was marked done (the game's `activity.done()`), the
    /// activity stays done when the student plays again; the report shows the newer results.
    private func status(of student: String, contextID: Int64, attempts: [RunRecord]) -> ActivityStatus {
        if completedAt != nil || doneMarks.contains(DoneKey(student: student, contextID: contextID)) { return .done }
        guard !attempts.isEmpty else { return .notStarted }
        return attempts.contains(where: \.done) ? .done : .inProgress
    }
}
