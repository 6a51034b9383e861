extension PGMigrations {
    /// An ended attempt stays frozen against every snapshot: a write of its items, events or
    /// replay record locks the attempt's row and reads its latest committed state.
    ///
    /// The freeze of `016-ended-attempts-frozen` is a policy, and a policy reads the attempt as
    /// the statement's snapshot shows it. In a `REPEATABLE READ` transaction that is the snapshot
    /// of its first statement: a student who opens one while her game runs, hands in, and then
    /// writes in the old transaction sees her attempt still running, and `UPDATE activity_items
    /// SET score = ...` passed (`UPDATE 1`), after the teacher had verified it. (Her attempt's own
    /// row was safe: PostgreSQL refuses to update a row another transaction changed since the
    /// snapshot. Its items, events and record are other rows, which the ending save need not
    /// touch.) In `READ COMMITTED` the same gap is narrower: a statement that began before the
    /// ending committed.
    ///
    /// A check that reads again would read the same old snapshot; a row lock does not. So for
    /// each row of the three tables added, changed or removed, `edujam_attempt_still_open()`
    /// takes `FOR SHARE` on its attempt's row (both attempts, for a row moved to another), in an
    /// `AFTER` row trigger (the policies speak first, in their words, for an attempt the snapshot
    /// already shows ended; the statement fails all the same when the trigger raises):
    ///
    /// - in `REPEATABLE READ` and `SERIALIZABLE`, locking a row that a transaction committed after
    ///   the snapshot changed is itself an error, `could not serialize access due to concurrent
    ///   update` (SQLSTATE 40001): the old transaction can write nothing of an attempt that ended
    ///   since it began, and must start again, when the attempt reads as ended;
    /// - in `READ COMMITTED` the lock waits for a transaction that is ending the attempt and then
    ///   reads the row's latest committed version, which the function checks with the policies'
    ///   rule (``isOpen(_:)``, written out): an ended attempt's rows are refused with 42501, the policies' SQLSTATE;
    /// - the lock also holds the attempt open until the writer commits: a save that ends it waits,
    ///   so every change lands before the end, never after. `FOR SHARE` (not `FOR KEY SHARE`,
    ///   which an ordinary update does not conflict with) is what the ending `UPDATE` conflicts with;
    ///   two writers of one running attempt share it.
    ///
    /// `SECURITY DEFINER` (so the lock needs no `UPDATE` right and no policy hides the row), and
    /// bound to nothing for a session that may act as the store's owner, as ``saveFunction``:
    /// the owner writes any attempt's rows (`store copy`, `store prune`'s cascades). A save's own
    /// attempt row is already locked by its upsert, so the lock there costs an index probe; a
    /// row of an attempt removed by the same statement (a cascade) has nothing to lock.
    static let endedAttemptsLocked = Migration(
        name: "034-ended-attempts-locked",
        sql: """
            CREATE FUNCTION edujam_attempt_still_open() RETURNS trigger
            LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
            DECLARE
                attempts bigint[];
                attempt bigint;
                ended double precision;
                ending xid8;
            BEGIN
                IF TG_OP = 'INSERT' THEN
                    attempts := ARRAY[NEW.activity_id];
                ELSIF TG_OP = 'DELETE' THEN
                    attempts := ARRAY[OLD.activity_id];
                ELSIF OLD.activity_id = NEW.activity_id THEN
                    attempts := ARRAY[NEW.activity_id];
                ELSE
                    attempts := ARRAY[least(OLD.activity_id, NEW.activity_id), greatest(OLD.activity_id, NEW.activity_id)];
                END IF;
                -- current_user is the function's owner, the store's.
                IF NOT pg_has_role(session_user, current_user, 'USAGE') THEN
                    FOREACH attempt IN ARRAY attempts LOOP
                        SELECT a.ended_at, a.ended_in_transaction INTO ended, ending
                            FROM activities a WHERE a.id = attempt FOR SHARE;
                        IF ended IS NOT NULL AND ending IS DISTINCT FROM pg_current_xact_id() THEN
                            RAISE EXCEPTION 'attempt % has ended: its items, events and replay record do not change', attempt
                                USING ERRCODE = 'insufficient_privilege';
                        END IF;
                    END LOOP;
                END IF;
                RETURN NULL;
            END
            $$;
            CREATE TRIGGER activity_items_still_open AFTER INSERT OR UPDATE OR DELETE ON activity_items
                FOR EACH ROW EXECUTE FUNCTION edujam_attempt_still_open();
            CREATE TRIGGER attempt_events_still_open AFTER INSERT OR UPDATE OR DELETE ON attempt_events
                FOR EACH ROW EXECUTE FUNCTION edujam_attempt_still_open();
            CREATE TRIGGER attempt_inputs_still_open AFTER INSERT OR UPDATE OR DELETE ON attempt_inputs
                FOR EACH ROW EXECUTE FUNCTION edujam_attempt_still_open();
            """)
}
