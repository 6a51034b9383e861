extension PGMigrations {
    /// An attempt's times and its events' times finite (``RowChecks/activityTimes(_:)``,
    /// ``RowChecks/eventTime(_:)``).
    ///
    /// `010-row-checks` checked an attempt's duration but not its times, so a student could insert
    /// an attempt of their own through `psql` that started at `Infinity` or `NaN` (both sort after
    /// every number in PostgreSQL). It cost nobody else anything (the report and `verify` read it
    /// as a local copy with no replay record), but it sorted first wherever attempts are ordered
    /// by time, and it was the attempt the student's game resumed at every start. Added
    /// `NOT VALID`, as `010-row-checks` added its checks: every later write is checked, rows stored
    /// before are left as they are. A save of a stored attempt updates its row, so one stored
    /// before with such a time would now be refused at every save: the latest-attempt query skips
    /// it instead (``PostgreSQLEngine/latestAttempt(contextID:student:)``), and the game starts a
    /// new attempt.
    static let finiteAttemptTimes = Migration(
        name: "025-finite-attempt-times",
        sql: #"""
            ALTER TABLE activities ADD CONSTRAINT activities_times CHECK (created_at BETWEEN \#
            -'1.7976931348623157e308'::float8 AND '1.7976931348623157e308'::float8 AND started_at BETWEEN \#
            -'1.7976931348623157e308'::float8 AND '1.7976931348623157e308'::float8 AND (ended_at IS NULL OR ended_at \#
            BETWEEN -'1.7976931348623157e308'::float8 AND '1.7976931348623157e308'::float8) AND saved_at BETWEEN \#
            -'1.7976931348623157e308'::float8 AND '1.7976931348623157e308'::float8) NOT VALID;
            ALTER TABLE attempt_events ADD CONSTRAINT attempt_events_at CHECK (at BETWEEN \#
            -'1.7976931348623157e308'::float8 AND '1.7976931348623157e308'::float8) NOT VALID;
            """#)
}
