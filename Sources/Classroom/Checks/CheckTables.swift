import Tracking

/// Classroom's table of attempt checks, `attempt_checks` (SQLite's migration
/// `019-attempt-checks`, PostgreSQL's `017-attempt-checks`): one row per checked attempt, its
/// ``CheckState``, the difference in words (bounded), the fingerprint of the saved results it
/// checked (``AttemptComparison/fingerprint(_:)``), when and by whom. Removed with its attempt.
///
/// Classroom's, not Tracking's: it is a teacher's review of students' attempts, written by
/// `verify` for teachers and the owner. On a school server every login reads a check with its
/// attempt (a student their own, a teacher their classes', as the attempts' policies let them),
/// and only teachers write, under their own login, for attempts they read that are not their
/// own: a student cannot mark their own forged attempt `verified`. The owner is bound by no policy.
enum CheckTables {
    /// The most bytes of a stored difference: `verify` cuts a longer one.
    static let maxDifferenceBytes = 400

    /// SQLite's migration `019-attempt-checks`. Fixed text, as it shipped: its checks hold
    /// ``maxDifferenceBytes``, the publisher's limit and ``CheckState/stored`` of that time; a
    /// change to any is a new migration.
    static let sqlite = #"""
        CREATE TABLE attempt_checks (
            activity_id INTEGER PRIMARY KEY REFERENCES activities(id) ON DELETE CASCADE,
            state TEXT NOT NULL,
            difference TEXT,
            fingerprint TEXT NOT NULL,
            checked_at REAL NOT NULL,
            checked_by TEXT NOT NULL,
            CONSTRAINT attempt_checks_state CHECK (state IN ('verified', 'mismatch', 'notVerifiable', 'localCopy')),
            CONSTRAINT attempt_checks_difference CHECK (difference IS NULL OR (difference <> '' AND \#
        length(CAST(difference AS BLOB)) <= 400)),
            CONSTRAINT attempt_checks_fingerprint CHECK (typeof(fingerprint) = 'text' AND length(fingerprint) = 64 AND \#
        fingerprint NOT GLOB '*[^0-9a-f]*'),
            CONSTRAINT attempt_checks_checked_at CHECK (checked_at BETWEEN -1.7976931348623157e308 AND \#
        1.7976931348623157e308),
            CONSTRAINT attempt_checks_checked_by CHECK (checked_by <> '' AND length(CAST(checked_by AS BLOB)) <= 256)
        );

        """#

    /// PostgreSQL's migration `017-attempt-checks`: the table, its grants and its policies (who
    /// reads and writes checks: the table's comment). Fixed text, as ``sqlite``.
    static let postgresql = #"""
        CREATE TABLE attempt_checks (
            activity_id bigint PRIMARY KEY REFERENCES activities(id) ON DELETE CASCADE,
            state text NOT NULL,
            difference text,
            fingerprint text NOT NULL,
            checked_at double precision NOT NULL,
            checked_by text NOT NULL,
            CONSTRAINT attempt_checks_state CHECK (state IN ('verified', 'mismatch', 'notVerifiable', 'localCopy')),
            CONSTRAINT attempt_checks_difference CHECK (difference IS NULL OR (difference <> '' AND \#
        octet_length(difference) <= 400)),
            CONSTRAINT attempt_checks_fingerprint CHECK (fingerprint ~ '^[0-9a-f]{64}$'),
            CONSTRAINT attempt_checks_checked_at CHECK (checked_at BETWEEN -'1.7976931348623157e308'::float8 AND \#
        '1.7976931348623157e308'::float8),
            CONSTRAINT attempt_checks_checked_by CHECK (checked_by <> '' AND octet_length(checked_by) <= 256)
        );
        GRANT SELECT ON attempt_checks TO edujam_teacher, edujam_student;
        GRANT INSERT, UPDATE, DELETE ON attempt_checks TO edujam_teacher;
        ALTER TABLE attempt_checks ENABLE ROW LEVEL SECURITY;
        CREATE POLICY attempt_checks_with_attempt ON attempt_checks FOR SELECT TO edujam_teacher, edujam_student
            USING (EXISTS (SELECT 1 FROM activities a WHERE a.id = attempt_checks.activity_id));
        CREATE POLICY attempt_checks_teacher ON attempt_checks TO edujam_teacher
            USING (EXISTS (SELECT 1 FROM activities a
                WHERE a.id = attempt_checks.activity_id AND a.student <> current_user))
            WITH CHECK (checked_by = current_user AND EXISTS (SELECT 1 FROM activities a
                WHERE a.id = attempt_checks.activity_id AND a.student <> current_user));
        """#
}
