extension PGMigrations {
    /// What a school store refuses past ``Limits/attemptsPerStudent`` (the message names the rule).
    static let attemptsPerStudentMessage =
        "attempts_per_student: a school store keeps at most \(Limits.attemptsPerStudent) attempts of one student"

    /// At most ``Limits/attemptsPerStudent`` attempts of one student (a student's own, or a
    /// teacher's under their login) in a school store.
    ///
    /// The readers load at most ``Limits/attemptsReadPerStudent`` attempts of a student, but the
    /// server still walked every one: a student who inserted a million attempts of their own
    /// through `psql` (30 s of their own time) made their teacher's `report --class` take a minute
    /// and `verify` 14 s, every time, because a class's counted attempts are found by joining its
    /// assigned games' attempts. Every read now walks at most this many of any one student.
    ///
    /// Each student's count is kept in `attempt_counts`, which no teacher or student may read or
    /// write, by row triggers that run as the owner (`SECURITY DEFINER`, a fixed `search_path`):
    /// one upsert of one row for each attempt inserted (a new game, not a save of one already
    /// stored: an upsert that updates fires no INSERT trigger), deleted, or moved to another
    /// student. An insert past the bound is refused, and with it the save that made it, which the
    /// player's outbox keeps, as it keeps every refused save. The count row is locked until the
    /// transaction ends, so one student's two games starting at once count one after the other;
    /// other students' rows are not touched. The owner (`store copy`, which copies a history
    /// whatever it holds) is never refused: the check asks who the session's login is, as the save
    /// function does, since inside the function `current_user` is the owner.
    static let attemptsPerStudent = Migration(
        name: "028-attempts-per-student",
        sql: """
            CREATE TABLE attempt_counts (student text PRIMARY KEY, attempts bigint NOT NULL);
            INSERT INTO attempt_counts (student, attempts) SELECT student, count(*) FROM activities GROUP BY student;
            CREATE FUNCTION edujam_count_attempts() RETURNS trigger
            LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
            DECLARE
                held bigint;
            BEGIN
                IF TG_OP IN ('DELETE', 'UPDATE') THEN
                    UPDATE attempt_counts SET attempts = attempts - 1 WHERE student = OLD.student;
                END IF;
                IF TG_OP IN ('INSERT', 'UPDATE') THEN
                    INSERT INTO attempt_counts AS c (student, attempts) VALUES (NEW.student, 1)
                        ON CONFLICT (student) DO UPDATE SET attempts = c.attempts + 1
                        RETURNING c.attempts INTO held;
                    -- Whether the session is the owner's is asked only past the bound: no save
                    -- of a student under it reads the catalog.
                    IF held > 10000 THEN
                        IF NOT pg_has_role(session_user,
                            (SELECT relowner FROM pg_class WHERE oid = 'public.activities'::regclass), 'MEMBER')
                        THEN
                            RAISE EXCEPTION 'attempts_per_student: a school store keeps at most 10000 attempts of one student' USING ERRCODE = 'check_violation';
                        END IF;
                    END IF;
                END IF;
                RETURN NULL;
            END
            $$;
            CREATE TRIGGER activities_count AFTER INSERT OR DELETE ON activities
                FOR EACH ROW EXECUTE FUNCTION edujam_count_attempts();
            CREATE TRIGGER activities_count_moved AFTER UPDATE OF student ON activities
                FOR EACH ROW WHEN (OLD.student IS DISTINCT FROM NEW.student)
                EXECUTE FUNCTION edujam_count_attempts();
            """)
}
