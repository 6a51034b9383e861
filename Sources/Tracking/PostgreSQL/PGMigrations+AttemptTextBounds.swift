extension PGMigrations {
    /// An attempt's texts that no check bounded, bounded (``RowChecks/activityTexts(_:)``): the
    /// owner's host and start, and the progress ranges.
    ///
    /// A student may write their own running attempt, and nothing bounded those three columns but
    /// PostgreSQL's 1 GB: an attempt of their own whose `owner_host` held hundreds of megabytes was
    /// read by every teacher's report of their class (``RowDecoder/runColumns``), and its ranges by
    /// `store copy`. EduJam writes none longer than the check allows (``RunOwner/hostBytes``,
    /// ``Limits/progressRanges``). Added `NOT VALID`, as `025-finite-attempt-times`: rows stored
    /// before stay, and the next write of one is checked.
    static let attemptTextBounds = Migration(
        name: "026-attempt-text-bounds",
        sql: #"""
            ALTER TABLE activities ADD CONSTRAINT activities_texts CHECK ((owner_host IS NULL OR \#
            octet_length(owner_host) <= 255) AND (owner_start IS NULL OR octet_length(owner_start) <= 64) AND \#
            octet_length(ranges) <= 520002) NOT VALID;
            """#)
}
