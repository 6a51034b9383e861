extension PGMigrations {
    /// `edujam_save` takes each table's rows as one `jsonb` array of objects keyed by the table's
    /// column names (``PGSave/attempts(_:now:)``), and its statements are written from the
    /// tables' own columns: a column added to an attempt's tables is saved by calling
    /// `edujam_write_save()` in the migration that adds it, with no new text of the function.
    ///
    /// `023-save-function` took every column as an array parameter of its own and named each one
    /// five times (parameter, `unnest`, its alias, the `INSERT` list, the upsert's `SET`): a new
    /// column meant a new function. Here the rows are read with `jsonb_populate_record`, typed by
    /// the table itself, and `edujam_write_save()` lists the columns from `pg_attribute` when it
    /// (re)creates the function. What a save never writes is named there: each row's id, the
    /// transaction an attempt ended in (a trigger's, ``endedAttemptsFrozen``), and each row's
    /// pointer, found by its natural key (an attempt's context by the path under `context`, a
    /// row's attempt by the UUID under `attempt`); an attempt's first four columns
    /// (``ActivityRow/identity``) are not changed by its upsert, nor an item's key.
    ///
    /// Everything else is `023-save-function`'s, statement for statement: who the login is and
    /// whose attempts the call names (every part of it, a part sent as NULL read as empty); the
    /// attempts upserted unless ended or saved later, only over the same student's row; their
    /// rows written only where the stored state is this save's and the attempt open; a call with
    /// no time runs every write over no rows (``PGSave/emptySave``); the same settings for
    /// planning. The function is still created with static SQL, so PL/pgSQL keeps its plans.
    static let saveByRows = Migration(
        name: "037-save-by-rows",
        sql: """
            DROP FUNCTION edujam_save;
            CREATE FUNCTION edujam_save_list(tab regclass, item text, skipped text[]) RETURNS text
            LANGUAGE sql STABLE SET search_path = pg_catalog AS $$
                SELECT string_agg(format(item, attname), ', ' ORDER BY attnum) FROM pg_attribute
                WHERE attrelid = tab AND attnum > 0 AND NOT attisdropped AND attname <> ALL (skipped)
            $$;
            CREATE FUNCTION edujam_write_save() RETURNS void
            LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $write$
            DECLARE
                -- Written by no save: the row id, the ending's transaction (a trigger's), the pointer.
                attempt_skipped text[] := ARRAY['id', 'ended_in_transaction', 'context_id'];
                attempt_kept text[] := attempt_skipped || ARRAY['uuid', 'student', 'created_at'];
                pointer text[] := ARRAY['activity_id'];
            BEGIN
                EXECUTE format($save$
                    CREATE OR REPLACE FUNCTION public.edujam_save(
                        attempt_rows jsonb, removed_rows jsonb, item_rows jsonb, event_rows jsonb, input_rows jsonb,
                        save_time float8
                    ) RETURNS TABLE (attempt_uuid uuid, attempt_id bigint)
                    LANGUAGE plpgsql SECURITY DEFINER
                    SET search_path = pg_catalog, public, pg_temp
                    SET plan_cache_mode = force_generic_plan
                    SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off AS $body$
                    DECLARE
                        -- current_user is the function's owner, the store's.
                        unbound boolean := pg_has_role(session_user, current_user, 'USAGE');
                        own_name text;
                        proposed uuid[] := ARRAY(
                            SELECT (e.j->>'uuid')::uuid FROM jsonb_array_elements(attempt_rows) AS e(j));
                        named uuid[] := ARRAY(
                            SELECT (e.j->>'attempt')::uuid
                            FROM jsonb_array_elements(COALESCE(removed_rows, '[]') || COALESCE(item_rows, '[]')
                                || COALESCE(event_rows, '[]') || COALESCE(input_rows, '[]')) AS e(j));
                    BEGIN
                        IF NOT unbound THEN
                            own_name := (SELECT CASE
                                WHEN pg_catalog.pg_has_role(session_user, 'edujam_student', 'USAGE') THEN
                                    (SELECT l.student FROM public.student_logins l WHERE l.login = (session_user COLLATE "default"))
                                WHEN EXISTS (
                                    SELECT 1 FROM public.student_logins l
                                    WHERE l.student = (session_user COLLATE "default") AND l.login <> (session_user COLLATE "default")
                                ) THEN NULL
                                ELSE session_user::text
                            END);
                            IF own_name IS NULL
                                OR EXISTS (
                                    SELECT 1 FROM jsonb_array_elements(attempt_rows) AS e(j)
                                    WHERE e.j->>'student' IS DISTINCT FROM own_name)
                                OR EXISTS (
                                    SELECT 1 FROM activities a WHERE a.uuid = ANY (proposed || named) AND a.student <> own_name)
                            THEN
                                RAISE EXCEPTION 'a save writes only the attempts of its own login (%%)', session_user
                                    USING ERRCODE = 'insufficient_privilege';
                            END IF;
                        END IF;

                        IF save_time IS NULL OR cardinality(proposed) > 0 THEN
                            INSERT INTO activities (context_id, %1$s)
                            SELECT (SELECT c.id FROM contexts c WHERE c.path = e.j->>'context'), %2$s
                            FROM jsonb_array_elements(attempt_rows) AS e(j)
                                CROSS JOIN LATERAL jsonb_populate_record(NULL::activities, e.j) AS t
                            WHERE NOT EXISTS (SELECT 1 FROM activities x WHERE x.uuid = t.uuid AND x.ended_at IS NOT NULL)
                            ON CONFLICT (uuid) DO UPDATE SET %3$s
                            WHERE activities.saved_at <= excluded.saved_at AND activities.ended_at IS NULL
                                AND activities.student = excluded.student;
                        END IF;

                        IF save_time IS NULL OR jsonb_array_length(removed_rows) > 0 THEN
                            DELETE FROM activity_items i
                            USING activities a, jsonb_to_recordset(removed_rows) AS r(attempt uuid, identifier text)
                            WHERE a.uuid = r.attempt AND a.saved_at = save_time AND i.activity_id = a.id
                                AND i.identifier = r.identifier
                                AND (a.ended_at IS NULL OR a.ended_in_transaction = pg_current_xact_id_if_assigned())
                                AND (unbound OR a.student = own_name);
                        END IF;

                        IF save_time IS NULL OR jsonb_array_length(item_rows) > 0 THEN
                            INSERT INTO activity_items (activity_id, %4$s)
                            SELECT a.id, %5$s
                            FROM jsonb_array_elements(item_rows) AS e(j)
                                CROSS JOIN LATERAL jsonb_populate_record(NULL::activity_items, e.j) AS t
                                JOIN activities a ON a.uuid = (e.j->>'attempt')::uuid AND a.saved_at = save_time
                                    AND (a.ended_at IS NULL OR a.ended_in_transaction = pg_current_xact_id_if_assigned())
                                    AND (unbound OR a.student = own_name)
                            ON CONFLICT (activity_id, identifier) DO UPDATE SET %6$s;
                        END IF;

                        IF save_time IS NULL OR jsonb_array_length(event_rows) > 0 THEN
                            INSERT INTO attempt_events (activity_id, %7$s)
                            SELECT a.id, %8$s
                            FROM jsonb_array_elements(event_rows) AS e(j)
                                CROSS JOIN LATERAL jsonb_populate_record(NULL::attempt_events, e.j) AS t
                                JOIN activities a ON a.uuid = (e.j->>'attempt')::uuid
                                    AND (a.ended_at IS NULL OR a.ended_in_transaction = pg_current_xact_id_if_assigned())
                                    AND (unbound OR a.student = own_name)
                            ON CONFLICT (activity_id, sequence) DO NOTHING;
                        END IF;

                        IF save_time IS NULL OR jsonb_array_length(input_rows) > 0 THEN
                            INSERT INTO attempt_inputs (activity_id, %9$s)
                            SELECT a.id, %10$s
                            FROM jsonb_array_elements(input_rows) AS e(j)
                                CROSS JOIN LATERAL jsonb_populate_record(NULL::attempt_inputs, e.j) AS t
                                JOIN activities a ON a.uuid = (e.j->>'attempt')::uuid AND a.saved_at = save_time
                                    AND (a.ended_at IS NULL OR a.ended_in_transaction = pg_current_xact_id_if_assigned())
                                    AND (unbound OR a.student = own_name)
                            ON CONFLICT (activity_id) DO UPDATE SET %11$s;
                        END IF;

                        RETURN QUERY SELECT a.uuid, a.id FROM activities a
                            WHERE a.uuid = ANY (proposed) AND (unbound OR a.student = own_name);
                    END
                    $body$
                    $save$,
                    edujam_save_list('activities', '%I', attempt_skipped),
                    edujam_save_list('activities', 't.%I', attempt_skipped),
                    edujam_save_list('activities', '%1$I = excluded.%1$I', attempt_kept),
                    edujam_save_list('activity_items', '%I', pointer),
                    edujam_save_list('activity_items', 't.%I', pointer),
                    edujam_save_list('activity_items', '%1$I = excluded.%1$I', pointer || ARRAY['identifier']),
                    edujam_save_list('attempt_events', '%I', pointer),
                    edujam_save_list('attempt_events', 't.%I', pointer),
                    edujam_save_list('attempt_inputs', '%I', pointer),
                    edujam_save_list('attempt_inputs', 't.%I', pointer),
                    edujam_save_list('attempt_inputs', '%1$I = excluded.%1$I', pointer));
                REVOKE ALL ON FUNCTION public.edujam_save FROM PUBLIC;
                GRANT EXECUTE ON FUNCTION public.edujam_save TO edujam_teacher, edujam_student;
            END
            $write$;
            REVOKE ALL ON FUNCTION edujam_write_save FROM PUBLIC;
            REVOKE ALL ON FUNCTION edujam_save_list FROM PUBLIC;
            SELECT edujam_write_save();
            """)
}
