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
    /// The day is recorded first (``RemovedAttempts``, the later of it and any day recorded
    /// before), when any attempt started before it: an assignment made before that day may have
    /// lost attempts that counted for it, and a grade export leaves it out rather than send a
    /// gradebook zeros for work that was done.
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
        let start = date.timeIntervalSince1970
        if try !sql.rows("SELECT 1 FROM activities WHERE started_at < ? LIMIT 1", [.real(start)]).isEmpty {
            try RemovedAttempts.record(date, in: sql)
        }
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

    /// The day before which the store's owner removed attempts (``pruneAttempts(startedBefore:)``),
    /// the latest such day; nil when no attempt was ever removed so. Attempts that started before
    /// it may be missing from every report and grade.
    /// - Throws: An engine error; nil for a store with no database (offline).
    public func attemptsRemovedBefore() throws -> Date? {
        guard let sql = engine.sql else { return nil }
        return try RemovedAttempts.day(in: sql)
    }

    /// How many attempts one statement of ``pruneAttempts(startedBefore:)`` deletes: about 0.1 s
    /// of a school server's time.
    static let attemptsPrunedAtOnce = 1_000
}

/// The day before which attempts were removed from a store, kept in `store_info` under
/// ``key`` as seconds since 1970: written by a prune of attempts and carried by `store copy`,
/// read by whatever counts attempts for an assignment (a grade export).
package enum RemovedAttempts {
    static let key = "attempts_removed_before"

    /// The recorded day; nil when none is, or the value is not a finite number (a hand-edited file).
    package static func day(in rows: any StoreRows) throws -> Date? {
        let found = try rows.rows("SELECT value FROM store_info WHERE key = ?", [.text(key)])
        guard case .text(let text)? = found.first?.first, let seconds = Double(text), seconds.isFinite else {
            return nil
        }
        return SafeNumbers.date(Date(timeIntervalSince1970: seconds))
    }

    /// Records `date`, unless a later day is recorded already: attempts removed once stay removed.
    package static func record(_ date: Date, in rows: any StoreRows) throws {
        if let recorded = try day(in: rows), recorded >= date { return }
        try rows.run(
            "INSERT INTO store_info (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            [.text(key), .text(String(date.timeIntervalSince1970))])
    }
}
