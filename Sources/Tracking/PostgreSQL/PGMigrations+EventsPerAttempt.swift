extension PGMigrations {
    /// At most ``Limits/eventsPerAttempt`` events of one attempt (``RowChecks/eventSequence``):
    /// an event's number is below the bound, and an attempt's events are keyed by their numbers.
    ///
    /// Every other row a student writes was bounded (attempts by ``attemptsPerStudent``, items by
    /// the item count, replay records and texts by their checks), but a student could add events
    /// to an attempt of their own with `psql` until the server's disk was full, and every
    /// classmate's save failed with it. EduJam records no more (``Limits/eventsPerAttempt``).
    /// Added `NOT VALID`, as `025-finite-attempt-times`: events stored before stay (readers read
    /// the first ones, `store copy` copies those).
    static let eventsPerAttempt = Migration(
        name: "031-events-per-attempt",
        sql: #"""
            ALTER TABLE attempt_events ADD CONSTRAINT attempt_events_sequence_bound CHECK (sequence < 1000) NOT VALID;
            """#)
}
