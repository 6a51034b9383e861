extension PGMigrations {
    /// A save of attempts as one call, `edujam_save(...)`, that checks once whose attempts they are
    /// and then writes them bound by no policy (measured by the bench's row `store/saves`,
    /// `bench/README.md`; who may write what: `docs/classroom.md`, "Who can see what").
    ///
    /// Sent as statements, a save paid for the row-level security of every one: the items' upsert
    /// alone started some 40 sub-plans (three policies for an upsert, each asking whose attempt it
    /// is through three probes of `student_logins`, and the attempts' own policy under them), and a
    /// profile of the server under 300 players saving put a quarter of its CPU in starting them and
    /// a fifth more in running them and the statements around them. The rules are the same for
    /// every row of a save, so the call asks them once:
    ///
    /// - Who: the login that connected (`session_user`; inside the function `current_user` is its
    ///   owner), its attempts' name found as ``SchoolSecurity``'s policies find it: a student's name
    ///   on the rosters, anyone else's login unless a student whose login is another has that name.
    ///   A login that may act as the store's owner (the function's, its `current_user`) is bound by
    ///   nothing, as the owner is in SQL.
    /// - Every attempt the call names (in its attempts, removed items, items, events or replay
    ///   records) that is stored must be that name's, and every attempt it proposes must carry it;
    ///   otherwise the whole call is refused with SQLSTATE 42501, the error a policy gives.
    /// - The writes are the statements' (``PGSave``): an attempt upserted on its UUID unless ended
    ///   or saved later, and only over the same student's row; its rows only where its stored state
    ///   is this save's (`save_time`) and it is open (``isOpen(_:)``); events added, never changed.
    ///   Every write also names the student, so an attempt another session adds between the check
    ///   and the write is left alone. Constraints, triggers (the ended attempts' freeze, the item
    ///   count) and foreign keys hold for the owner too, so they hold here.
    ///
    /// `SECURITY DEFINER` with a fixed `search_path` (`pg_temp` last), and executable only by the two
    /// roles: nobody else gains anything by it. A write whose rows the call has none of is not run
    /// at all (most saves remove no item and add no event), but a call whose `save_time` is NULL
    /// runs every one over whatever rows it holds: a save of nothing planning them all
    /// (``PGSave/emptySave``). Its statements are planned generically once a session,
    /// as probes by key (no sequential scan, no hash or merge join): each touches a handful of rows
    /// of tables that grow, and a plan made while `activities` was nearly empty (a school's first
    /// day, or a store's open, ``PGSave/emptySave``) must not read the whole table at every save
    /// of that session once it holds the school's year.
    /// The direct statements and their policies stay for everything else (outbox delivery, `psql`).
    static let saveFunction = Migration(
        name: "023-save-function",
        sql: """
            CREATE FUNCTION edujam_save(
                attempts_context text[], attempts_uuid uuid[], attempts_student text[], attempts_created_at float8[],
                attempts_started_at float8[], attempts_ended_at float8[], attempts_outcome text[],
                attempts_done_by text[], attempts_duration float8[], attempts_progress float8[], attempts_ranges text[],
                attempts_primary_item text[], attempts_was_started boolean[], attempts_owner_host text[],
                attempts_owner_pid integer[], attempts_owner_start text[], attempts_saved_at float8[],
                attempts_game_version text[],
                removed_uuid uuid[], removed_identifier text[],
                items_uuid uuid[], items_sequence integer[], items_identifier text[], items_title text[],
                items_kind text[], items_quantity float8[], items_flag boolean[], items_value_type text[],
                items_score float8[], items_max_score float8[],
                events_uuid uuid[], events_sequence integer[], events_kind text[], events_at float8[],
                events_progress float8[], events_outcome text[],
                inputs_uuid uuid[], inputs_record text[], inputs_bytes integer[],
                save_time float8
            ) RETURNS TABLE (attempt_uuid uuid, attempt_id bigint)
            LANGUAGE plpgsql SECURITY DEFINER
            SET search_path = pg_catalog, public, pg_temp
            SET plan_cache_mode = force_generic_plan
            SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off AS $$
            DECLARE
                -- current_user is the function's owner, the store's.
                unbound boolean := pg_has_role(session_user, current_user, 'USAGE');
                own_name text;
            BEGIN
                IF NOT unbound THEN
                    own_name := \(ownAttemptsName(of: "session_user"));
                    IF own_name IS NULL
                        OR EXISTS (SELECT 1 FROM unnest(attempts_student) AS s(name) WHERE s.name IS DISTINCT FROM own_name)
                        OR EXISTS (
                            SELECT 1 FROM activities a
                            WHERE a.uuid = ANY (attempts_uuid || removed_uuid || items_uuid || events_uuid || inputs_uuid)
                                AND a.student <> own_name)
                    THEN
                        RAISE EXCEPTION 'a save writes only the attempts of its own login (%)', session_user
                            USING ERRCODE = 'insufficient_privilege';
                    END IF;
                END IF;

                IF save_time IS NULL OR cardinality(attempts_uuid) > 0 THEN
                    INSERT INTO activities (context_id, uuid, student, created_at, started_at, ended_at, outcome, done_by,
                        duration, progress, ranges, primary_item, was_started, owner_host, owner_pid, owner_start,
                        saved_at, game_version)
                    SELECT (SELECT c.id FROM contexts c WHERE c.path = t.context), t.uuid, t.student, t.created_at,
                        t.started_at, t.ended_at, t.outcome, t.done_by, t.duration, t.progress, t.ranges, t.primary_item,
                        t.was_started, t.owner_host, t.owner_pid, t.owner_start, t.saved_at, t.game_version
                    FROM unnest(attempts_context, attempts_uuid, attempts_student, attempts_created_at,
                        attempts_started_at, attempts_ended_at, attempts_outcome, attempts_done_by, attempts_duration,
                        attempts_progress, attempts_ranges, attempts_primary_item, attempts_was_started,
                        attempts_owner_host, attempts_owner_pid, attempts_owner_start, attempts_saved_at,
                        attempts_game_version)
                        AS t(context, uuid, student, created_at, started_at, ended_at, outcome, done_by, duration,
                            progress, ranges, primary_item, was_started, owner_host, owner_pid, owner_start, saved_at,
                            game_version)
                    WHERE NOT EXISTS (SELECT 1 FROM activities e WHERE e.uuid = t.uuid AND e.ended_at IS NOT NULL)
                    ON CONFLICT (uuid) DO UPDATE SET started_at = excluded.started_at, ended_at = excluded.ended_at,
                        outcome = excluded.outcome, done_by = excluded.done_by, duration = excluded.duration,
                        progress = excluded.progress, ranges = excluded.ranges, primary_item = excluded.primary_item,
                        was_started = excluded.was_started, owner_host = excluded.owner_host,
                        owner_pid = excluded.owner_pid, owner_start = excluded.owner_start,
                        saved_at = excluded.saved_at, game_version = excluded.game_version
                    WHERE activities.saved_at <= excluded.saved_at AND activities.ended_at IS NULL
                        AND activities.student = excluded.student;
                END IF;

                IF save_time IS NULL OR cardinality(removed_uuid) > 0 THEN
                    DELETE FROM activity_items i USING activities a, unnest(removed_uuid, removed_identifier) AS r(uuid, identifier)
                    WHERE a.uuid = r.uuid AND a.saved_at = save_time AND i.activity_id = a.id AND i.identifier = r.identifier
                        AND \(isOpenHere) AND (unbound OR a.student = own_name);
                END IF;

                IF save_time IS NULL OR cardinality(items_uuid) > 0 THEN
                    INSERT INTO activity_items (activity_id, sequence, identifier, title, kind, quantity, flag,
                        value_type, score, max_score)
                    SELECT a.id, t.sequence, t.identifier, t.title, t.kind, t.quantity, t.flag, t.value_type, t.score,
                        t.max_score
                    FROM unnest(items_uuid, items_sequence, items_identifier, items_title, items_kind, items_quantity,
                        items_flag, items_value_type, items_score, items_max_score)
                        AS t(uuid, sequence, identifier, title, kind, quantity, flag, value_type, score, max_score)
                    JOIN activities a ON a.uuid = t.uuid AND a.saved_at = save_time AND \(isOpenHere)
                        AND (unbound OR a.student = own_name)
                    ON CONFLICT (activity_id, identifier) DO UPDATE SET sequence = excluded.sequence,
                        title = excluded.title, kind = excluded.kind, quantity = excluded.quantity, flag = excluded.flag,
                        value_type = excluded.value_type, score = excluded.score, max_score = excluded.max_score;
                END IF;

                IF save_time IS NULL OR cardinality(events_uuid) > 0 THEN
                    INSERT INTO attempt_events (activity_id, sequence, kind, at, progress, outcome)
                    SELECT a.id, t.sequence, t.kind, t.at, t.progress, t.outcome
                    FROM unnest(events_uuid, events_sequence, events_kind, events_at, events_progress, events_outcome)
                        AS t(uuid, sequence, kind, at, progress, outcome)
                    JOIN activities a ON a.uuid = t.uuid AND \(isOpenHere) AND (unbound OR a.student = own_name)
                    ON CONFLICT (activity_id, sequence) DO NOTHING;
                END IF;

                IF save_time IS NULL OR cardinality(inputs_uuid) > 0 THEN
                    INSERT INTO attempt_inputs (activity_id, record, bytes)
                    SELECT a.id, t.record, t.bytes
                    FROM unnest(inputs_uuid, inputs_record, inputs_bytes) AS t(uuid, record, bytes)
                    JOIN activities a ON a.uuid = t.uuid AND a.saved_at = save_time AND \(isOpenHere)
                        AND (unbound OR a.student = own_name)
                    ON CONFLICT (activity_id) DO UPDATE SET record = excluded.record, bytes = excluded.bytes;
                END IF;

                RETURN QUERY SELECT a.uuid, a.id FROM activities a
                    WHERE a.uuid = ANY (attempts_uuid) AND (unbound OR a.student = own_name);
            END
            $$;
            REVOKE ALL ON FUNCTION edujam_save FROM PUBLIC;
            GRANT EXECUTE ON FUNCTION edujam_save TO edujam_teacher, edujam_student;
            """)

    /// ``isOpen(_:)`` of the attempt `a`, asked without giving the transaction an id: one that has
    /// none has ended no attempt (ending one is an UPDATE), and a save of nothing, which a store's
    /// open runs (``PGSave/emptySave``), must not commit as a write.
    private static let isOpenHere = "(a.ended_at IS NULL OR a.ended_in_transaction = pg_current_xact_id_if_assigned())"
}
