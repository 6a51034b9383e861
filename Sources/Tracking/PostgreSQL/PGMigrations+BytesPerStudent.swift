extension PGMigrations {
    /// What a school store refuses past ``Limits/bytesPerStudent`` (the message names the rule; it
    /// is an SQL string literal in the migration, so it holds no quote).
    static let bytesPerStudentMessage =
        "bytes_per_student: a school store keeps at most \(Limits.bytesPerStudent >> 20) MiB of the replay records, "
        + "progress ranges and events of one student"

    /// The most bytes one attempt can hold as ``bytesPerStudent`` counts them: a replay record,
    /// progress ranges and events, each at its own bound. A new attempt is charged this much
    /// until it is settled.
    static let attemptBytesBound =
        Limits.replayRecordBytes + RowChecks.rangesBytes
        + Limits.eventsPerAttempt * Limits.bytesPerEvent

    /// At most ``Limits/bytesPerStudent`` bytes of one student's replay records, progress ranges
    /// and events (each event counted as ``Limits/bytesPerEvent``) in a school store.
    ///
    /// Every row a student writes was bounded in size and number, but not their product: 10,000
    /// attempts, each with a 1 MiB record, 0.5 MB of ranges and 1,000 events, came to some 16 GB
    /// one student could make the server keep with `psql`, and PostgreSQL has no disk quota for
    /// a login: a few such students filled a school's disk, and every classmate's save failed.
    ///
    /// An attempt is charged once, not at every save: row triggers on every save's ranges, record
    /// and events made a school's saves slower by half, and settling each attempt when it ended
    /// made every player's first save and each ending dearer (`bench/README.md`). So:
    /// - a new attempt is charged ``attemptBytesBound``, the most one can come to, in the trigger
    ///   that already counts the student's attempts (028's, replaced here, one statement as
    ///   before): nothing else runs on a save;
    /// - when a new attempt would take the student past the bound, their attempts that no login
    ///   can change any more (``endedAttemptsFrozen``: ended by an earlier transaction) are first
    ///   settled to what they hold, each recorded in `attempt_bytes`, which no teacher or student
    ///   may read or write; only if the student is still past it is the save refused, which the
    ///   player's outbox keeps, as it keeps every refused save. No client can make settling
    ///   happen early: a deferred trigger at commit could be made to run before the save had
    ///   written the attempt's record, and an attempt still open is never settled;
    /// - deleted (the owner's, also by deleting its game) an attempt gives back what it was
    ///   charged, moved to another student (the owner's) the charge moves with it, and reopened by
    ///   the owner it is charged the bound again;
    /// - the owner's `store prune --inputs-before`, or any deletion of a settled attempt's record
    ///   or events, gives back their bytes; a record or events the owner adds to a settled
    ///   attempt are not charged (the owner is not bound, and no login can add them).
    ///
    /// So a student's count is an upper bound of what their attempts hold, and a student may have
    /// some 300 attempts running at once; an attempt a crash left running
    /// stays charged the bound until the owner ends or deletes it. Settling happens about once in
    /// 300 of a student's attempts, in their own save. The count row is locked until the
    /// transaction ends, so one student's new attempts count one after the other; no other
    /// student's row is touched. The owner (`store copy`) is never refused, and never settles.
    static let bytesPerStudent = Migration(
        name: "032-bytes-per-student",
        sql: """
            ALTER TABLE attempt_counts ADD bytes bigint NOT NULL DEFAULT 0;
            -- The settled attempts: what each holds. An attempt with no row here is charged the bound.
            CREATE TABLE attempt_bytes (
                activity_id bigint PRIMARY KEY,
                student text NOT NULL,
                bytes bigint NOT NULL CHECK (bytes >= 0)
            );
            -- Settles `who`'s attempts that no login can change any more to what they hold; returns
            -- the bytes that freed. The caller holds `who`'s count row (every path takes it first,
            -- then the attempts' rows, so two of one student's sessions wait rather than deadlock).
            CREATE FUNCTION edujam_settle_attempt_bytes(who text) RETURNS bigint
            LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
            DECLARE
                freed bigint;
            BEGIN
                WITH settled AS (
                    INSERT INTO attempt_bytes (activity_id, student, bytes)
                    SELECT a.id, a.student, octet_length(a.ranges)::bigint
                        + coalesce((SELECT i.bytes FROM attempt_inputs i WHERE i.activity_id = a.id), 0)
                        + 100 * (SELECT count(*) FROM attempt_events e WHERE e.activity_id = a.id)
                    FROM activities a
                    WHERE a.student = who AND a.ended_at IS NOT NULL
                        AND a.ended_in_transaction IS DISTINCT FROM pg_current_xact_id()
                        AND NOT EXISTS (SELECT 1 FROM attempt_bytes b WHERE b.activity_id = a.id)
                    ON CONFLICT (activity_id) DO NOTHING
                    RETURNING bytes)
                SELECT coalesce(sum(1668578 - bytes), 0) INTO freed FROM settled;
                RETURN freed;
            END
            $$;
            REVOKE ALL ON FUNCTION edujam_settle_attempt_bytes(text) FROM PUBLIC;
            UPDATE attempt_counts SET bytes = 1668578 * attempts;
            UPDATE attempt_counts SET bytes = bytes - edujam_settle_attempt_bytes(student);
            -- 028's count of attempts, which now also charges them.
            CREATE OR REPLACE FUNCTION edujam_count_attempts() RETURNS trigger
            LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
            DECLARE
                held bigint;
                held_bytes bigint;
                charge bigint := 1668578;
            BEGIN
                IF TG_OP IN ('DELETE', 'UPDATE') THEN  -- deleted, or moved to another student
                    UPDATE attempt_counts SET attempts = attempts - 1 WHERE student = OLD.student;
                    IF TG_OP = 'DELETE' THEN
                        DELETE FROM attempt_bytes WHERE activity_id = OLD.id RETURNING bytes INTO charge;
                    ELSE
                        UPDATE attempt_bytes SET student = NEW.student WHERE activity_id = NEW.id
                            RETURNING bytes INTO charge;
                    END IF;
                    charge := coalesce(charge, 1668578);
                    UPDATE attempt_counts SET bytes = bytes - charge WHERE student = OLD.student;
                    IF TG_OP = 'DELETE' THEN
                        RETURN NULL;
                    END IF;
                END IF;
                INSERT INTO attempt_counts AS c (student, attempts, bytes) VALUES (NEW.student, 1, charge)
                    ON CONFLICT (student) DO UPDATE SET attempts = c.attempts + 1, bytes = c.bytes + charge
                    RETURNING c.attempts, c.bytes INTO held, held_bytes;
                -- Whether the session is the owner's is asked only past a bound, in an IF of its
                -- own (one expression would plan the catalog's look-up first): no save of a
                -- student under them reads the catalog.
                IF held > 10000 OR held_bytes > 536870912 THEN
                    IF NOT pg_has_role(session_user,
                        (SELECT relowner FROM pg_class WHERE oid = 'public.activities'::regclass), 'MEMBER')
                    THEN
                        IF held > 10000 THEN
                            RAISE EXCEPTION 'attempts_per_student: a school store keeps at most 10000 attempts of one student' USING ERRCODE = 'check_violation';
                        END IF;
                        UPDATE attempt_counts SET bytes = bytes - edujam_settle_attempt_bytes(NEW.student)
                            WHERE student = NEW.student RETURNING bytes INTO held_bytes;
                        IF held_bytes > 536870912 THEN
                            RAISE EXCEPTION 'bytes_per_student: a school store keeps at most 512 MiB of the replay records, progress ranges and events of one student' USING ERRCODE = 'check_violation';
                        END IF;
                    END IF;
                END IF;
                RETURN NULL;
            END
            $$;
            -- An ended attempt the owner opens again may change again: charged the bound again (a
            -- login can only reopen one it ended in this transaction, which is not settled).
            CREATE FUNCTION edujam_charge_reopened() RETURNS trigger
            LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
            DECLARE
                settled bigint;
            BEGIN
                PERFORM 1 FROM attempt_counts WHERE student = NEW.student FOR UPDATE;
                DELETE FROM attempt_bytes WHERE activity_id = NEW.id RETURNING bytes INTO settled;
                IF FOUND THEN
                    UPDATE attempt_counts SET bytes = bytes + 1668578 - settled WHERE student = NEW.student;
                END IF;
                RETURN NULL;
            END
            $$;
            CREATE TRIGGER activities_reopened AFTER UPDATE OF ended_at ON activities
                FOR EACH ROW WHEN (OLD.ended_at IS NOT NULL AND NEW.ended_at IS NULL)
                EXECUTE FUNCTION edujam_charge_reopened();
            -- A settled attempt's record or events deleted (`store prune`, or the cascade of the
            -- attempt's own deletion): their bytes given back, never more than it was charged. A
            -- statement's rows at once; no save deletes either.
            \(givingBack(from: "attempt_inputs", bytes: "gone.bytes"))
            \(givingBack(from: "attempt_events", bytes: "100"))
            """)

    /// The statement trigger on `table` (a table of an attempt's rows) that gives back what its
    /// deleted rows held, `bytes` each (an expression over the deleted row `gone`), from their
    /// settled attempts: one not settled is charged the bound whatever it holds.
    private static func givingBack(from table: String, bytes: String) -> String {
        """
        CREATE FUNCTION edujam_give_back_\(table)() RETURNS trigger
        LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
        BEGIN
            WITH deleted AS (
                SELECT gone.activity_id, sum(\(bytes)) AS bytes FROM gone GROUP BY gone.activity_id),
            charged AS (
                SELECT b.activity_id, b.student, least(b.bytes, deleted.bytes) AS cut
                FROM attempt_bytes b JOIN deleted ON deleted.activity_id = b.activity_id
                FOR UPDATE OF b),
            cut AS (
                UPDATE attempt_bytes b SET bytes = b.bytes - charged.cut FROM charged
                WHERE b.activity_id = charged.activity_id RETURNING charged.student, charged.cut)
            UPDATE attempt_counts c SET bytes = c.bytes - given.bytes
            FROM (SELECT student, sum(cut) AS bytes FROM cut GROUP BY student) given
            WHERE c.student = given.student;
            RETURN NULL;
        END
        $$;
        CREATE TRIGGER \(table)_give_back AFTER DELETE ON \(table)
            REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION edujam_give_back_\(table)();
        """
    }
}
