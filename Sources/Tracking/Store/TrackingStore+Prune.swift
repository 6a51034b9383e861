import Foundation

/// What a store's owner removes to keep a school's history in bounds (`edujam store prune`):
/// the replay records of old attempts, or the old attempts themselves. Both go by when an attempt
/// started, not when it ended: every attempt has a start, also one a crash left running. Whoever
/// may delete the rows deletes them: on a school server the owner (row-level security keeps a
/// teacher's or student's hands off ended attempts; the command asks the login first, to say so
/// in words), on a file whoever may write it.
extension TrackingStore {
    /// Deletes the replay records of the attempts that started before `date` (`edujam store prune
    /// --inputs-before`); the attempts stay as they are, without a record (a replay or a verify
    /// says so).
    /// - Parameter date: The first instant kept.
    /// - Returns: How many records were deleted.
    /// - Throws: ``ReplayRecordError/noDatabase`` for a store with no database (offline), or an engine error.
    public func pruneReplayRecords(startedBefore date: Date) throws -> Int {
        guard let sql = engine.sql else { throw ReplayRecordError.noDatabase }
        let deleted = try sql.query(
            """
            DELETE FROM attempt_inputs WHERE activity_id IN (SELECT id FROM activities WHERE started_at < ?)
            RETURNING activity_id
            """, [.real(date.timeIntervalSince1970)]
        ) { $0.int(0) }
        return deleted.count
    }

    /// Deletes the attempts that started before `date` (`edujam store prune --attempts-before`),
    /// running or ended, with everything that is theirs: items, progress ranges, replay record,
    /// events and a teacher's verification of it (the tables' `ON DELETE CASCADE`). On a school
    /// server that also gives back what each student was counted for them (PostgreSQL migrations
    /// `028-attempts-per-student` and `032-bytes-per-student`), so a student who played
    /// `Limits.attemptsPerStudent` rounds over the years plays again. Classes, assignments, Done
    /// marks and the catalog stay; an assignment counts the attempts that are left.
    ///
    /// Oldest first, ``attemptsPrunedAtOnce`` attempts a statement, each its own transaction: a
    /// statement holds the count row of every student it touches until it ends, and a student's
    /// new attempt waits for that row. Measured on the development VM, 150,000 old attempts of
    /// 1,000 students: one `DELETE` took 29 s, and a round a student played meanwhile could not
    /// save (kept in her outbox); this prune took 10 s, and her round saved in its usual 4 s. A
    /// prune that stops part way has removed the oldest, and the next one goes on from there.
    /// - Parameter date: The first instant kept.
    /// - Returns: How many attempts were deleted.
    /// - Throws: ``ReplayRecordError/noDatabase`` for a store with no database (offline), or an engine error.
    public func pruneAttempts(startedBefore date: Date) throws -> Int {
        guard let sql = engine.sql else { throw ReplayRecordError.noDatabase }
        var removed = 0
        while true {
            let deleted = try sql.query(
                """
                DELETE FROM activities WHERE id IN (
                    SELECT id FROM activities WHERE started_at < ? ORDER BY started_at, id LIMIT \(Self.attemptsPrunedAtOnce))
                RETURNING id
                """, [.real(date.timeIntervalSince1970)]
            ) { $0.int(0) }
            removed += deleted.count
            if deleted.count < Self.attemptsPrunedAtOnce { return removed }
        }
    }

    /// How many attempts one statement of ``pruneAttempts(startedBefore:)`` deletes: about 0.1 s
    /// of a school server's time.
    static let attemptsPrunedAtOnce = 1_000
}
