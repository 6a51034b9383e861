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

    /// SQLite's migration `019-attempt-checks`.
    static var sqlite: String { table(.sqlite) }

    /// PostgreSQL's migration `017-attempt-checks`: the table, its grants and its policies.
    static var postgresql: String { table(.postgresql) + policies }

    private static func table(_ dialect: RowChecks.Dialect) -> String {
        let sqlite = dialect == .sqlite
        let (text, integer, real) = sqlite ? ("TEXT", "INTEGER", "REAL") : ("text", "bigint", "double precision")
        let states = CheckState.stored.map { "'\($0.rawValue)'" }.joined(separator: ", ")
        let fingerprint =
            sqlite
            ? "typeof(fingerprint) = 'text' AND length(fingerprint) = 64 AND fingerprint NOT GLOB '*[^0-9a-f]*'"
            : "fingerprint ~ '^[0-9a-f]{64}$'"
        let difference = RowChecks.text("difference", maxBytes: maxDifferenceBytes, dialect)
        return """
            CREATE TABLE attempt_checks (
                activity_id \(integer) PRIMARY KEY REFERENCES activities(id) ON DELETE CASCADE,
                state \(text) NOT NULL,
                difference \(text),
                fingerprint \(text) NOT NULL,
                checked_at \(real) NOT NULL,
                checked_by \(text) NOT NULL,
                CONSTRAINT attempt_checks_state CHECK (state IN (\(states))),
                CONSTRAINT attempt_checks_difference CHECK (difference IS NULL OR (\(difference))),
                CONSTRAINT attempt_checks_fingerprint CHECK (\(fingerprint)),
                CONSTRAINT attempt_checks_checked_at CHECK (\(RowChecks.finite("checked_at", dialect))),
                CONSTRAINT attempt_checks_checked_by CHECK (\(RowChecks.text("checked_by", maxBytes: GameTables.maxPublisherBytes, dialect)))
            );

            """
    }

    /// Who reads and writes checks on a school server (the table's comment).
    private static let policies = """
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
        """
}
