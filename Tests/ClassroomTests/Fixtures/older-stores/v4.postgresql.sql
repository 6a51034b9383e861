--
-- PostgreSQL database dump
--



SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

--
-- Name: edujam_assignment_owner(bigint); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.edujam_assignment_owner(assignment bigint) RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
    SELECT owner FROM classes
    WHERE id = (SELECT class_id FROM assignments WHERE id = assignment) AND owner IN (session_user, current_setting('role'))
$$;


--
-- Name: edujam_attempt_still_open(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.edujam_attempt_still_open() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
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


--
-- Name: edujam_charge_reopened(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.edujam_charge_reopened() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
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


--
-- Name: edujam_class_owner(bigint); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.edujam_class_owner(class bigint) RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
    SELECT owner FROM classes WHERE id = class AND owner IN (session_user, current_setting('role'))
$$;


--
-- Name: edujam_count_attempts(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.edujam_count_attempts() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
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


--
-- Name: edujam_count_catalog_additions(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.edujam_count_catalog_additions() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
DECLARE
    held bigint;
BEGIN
    INSERT INTO catalog_additions AS c (login, contexts) VALUES (session_user, 1)
        ON CONFLICT (login) DO UPDATE SET contexts = c.contexts + 1
        RETURNING c.contexts INTO held;
    IF held > 1000
        AND NOT pg_has_role(session_user, 'edujam_teacher', 'MEMBER')
        AND NOT pg_has_role(session_user,
            (SELECT relowner FROM pg_class WHERE oid = 'public.contexts'::regclass), 'MEMBER')
    THEN
        RAISE EXCEPTION 'catalog_additions_per_student: a school store takes at most 1000 catalog entries from the login of one student' USING ERRCODE = 'check_violation';
    END IF;
    RETURN NULL;
END
$$;


--
-- Name: edujam_create_student_login(text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.edujam_create_student_login(login text) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
BEGIN
    IF login IS NULL OR login = '' OR octet_length(login) > 63 THEN
        RAISE EXCEPTION 'a login is 1 to 63 bytes long' USING ERRCODE = 'invalid_name';
    END IF;
    IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = login) THEN
        RETURN false;
    END IF;
    EXECUTE format('CREATE ROLE %I LOGIN IN ROLE edujam_student', login);
    RETURN true;
END
$$;


--
-- Name: edujam_create_teacher_login(text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.edujam_create_teacher_login(login text) RETURNS boolean
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
BEGIN
    IF login IS NULL OR login = '' OR octet_length(login) > 63 THEN
        RAISE EXCEPTION 'a login is 1 to 63 bytes long' USING ERRCODE = 'invalid_name';
    END IF;
    IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = login) THEN
        RETURN false;
    END IF;
    EXECUTE format('CREATE ROLE %I LOGIN IN ROLE edujam_teacher', login);
    RETURN true;
END
$$;


--
-- Name: edujam_default_login(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.edujam_default_login() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM student_logins WHERE student = NEW.student) THEN
        IF EXISTS (SELECT 1 FROM student_logins WHERE login = NEW.student) THEN
            RAISE EXCEPTION 'the login % is another student''s login', NEW.student
                USING ERRCODE = 'unique_violation',
                HINT = 'add this student with --login, naming their own login';
        END IF;
        INSERT INTO student_logins (student, login) VALUES (NEW.student, NEW.student);
    END IF;
    RETURN NEW;
END
$$;


--
-- Name: edujam_give_back_attempt_events(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.edujam_give_back_attempt_events() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
BEGIN
    WITH deleted AS (
        SELECT gone.activity_id, sum(100) AS bytes FROM gone GROUP BY gone.activity_id),
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


--
-- Name: edujam_give_back_attempt_inputs(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.edujam_give_back_attempt_inputs() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
BEGIN
    WITH deleted AS (
        SELECT gone.activity_id, sum(gone.bytes) AS bytes FROM gone GROUP BY gone.activity_id),
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


--
-- Name: edujam_give_class(bigint, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.edujam_give_class(class bigint, login text) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
DECLARE
    tables_owner oid := (SELECT relowner FROM pg_class WHERE oid = 'classes'::regclass);
    owner_now text := (SELECT owner FROM classes WHERE id = class);
BEGIN
    IF owner_now IS NULL OR NOT (owner_now = session_user
        OR pg_has_role(session_user, tables_owner, 'USAGE')) THEN
        RAISE EXCEPTION 'only the class''s owner or the store''s owner may give a class'
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    IF NOT EXISTS (SELECT 1 FROM pg_roles r WHERE r.rolname = login
        AND (pg_has_role(r.oid, 'edujam_teacher', 'USAGE') OR pg_has_role(r.oid, tables_owner, 'USAGE'))) THEN
        RAISE EXCEPTION 'a class is given only to a teacher''s login' USING ERRCODE = 'insufficient_privilege';
    END IF;
    UPDATE classes SET owner = login WHERE id = class;
    RETURN owner_now <> login;
END
$$;


--
-- Name: edujam_give_game(text, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.edujam_give_game(g text, login text) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
DECLARE
    tables_owner oid := (SELECT relowner FROM pg_class WHERE oid = 'game_owners'::regclass);
    owner_now text := (SELECT owner FROM game_owners WHERE game = g);
BEGIN
    IF owner_now IS NULL OR NOT (owner_now = session_user
        OR pg_has_role(session_user, tables_owner, 'USAGE')) THEN
        RAISE EXCEPTION 'only the game''s owner or the store''s owner may give a game'
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    IF NOT EXISTS (SELECT 1 FROM pg_roles r WHERE r.rolname = login
        AND (pg_has_role(r.oid, 'edujam_teacher', 'USAGE') OR pg_has_role(r.oid, tables_owner, 'USAGE'))) THEN
        RAISE EXCEPTION 'a game is given only to a teacher''s login' USING ERRCODE = 'insufficient_privilege';
    END IF;
    UPDATE game_owners SET owner = login WHERE game = g;
    RETURN owner_now <> login;
END
$$;


--
-- Name: edujam_item_count_moved(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.edujam_item_count_moved() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
BEGIN
    IF current_setting('transaction_isolation') = 'repeatable read' THEN
        RAISE EXCEPTION 'items are added in READ COMMITTED or SERIALIZABLE transactions'
            USING ERRCODE = 'check_violation';
    END IF;
    PERFORM 1 FROM activities WHERE id = NEW.activity_id FOR NO KEY UPDATE;
    IF (SELECT count(*) FROM activity_items WHERE activity_id = NEW.activity_id) > 4 THEN
        RAISE EXCEPTION 'an attempt holds at most 4 items' USING ERRCODE = 'check_violation';
    END IF;
    RETURN NULL;
END
$$;


--
-- Name: edujam_may_check(bigint); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.edujam_may_check(attempt bigint) RETURNS boolean
    LANGUAGE sql STABLE
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
    SELECT EXISTS (SELECT 1 FROM activities a
        JOIN contexts c ON c.id = a.context_id
        JOIN class_students cs ON cs.student = a.student
        JOIN assignments s ON s.class_id = cs.class_id AND a.started_at >= s.created_at
        JOIN assignment_activities aa ON aa.assignment_id = s.id
        JOIN contexts g ON g.id = aa.context_id
        WHERE a.id = attempt AND a.student <> current_user
            AND edujam_class_owner(s.class_id) = current_user
            AND (s.whole_class OR EXISTS (SELECT 1 FROM assignment_recipients r
                WHERE r.assignment_id = s.id AND r.student = a.student))
            AND (c.id = g.id OR starts_with(c.path, left(g.path, -1) || ',')))
$$;


--
-- Name: edujam_note_ending(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.edujam_note_ending() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
BEGIN
    IF NEW.ended_at IS NULL THEN
        NEW.ended_in_transaction := NULL;
    ELSIF TG_OP = 'INSERT' OR OLD.ended_at IS NULL THEN
        NEW.ended_in_transaction := pg_current_xact_id();
    ELSE
        NEW.ended_in_transaction := OLD.ended_in_transaction;
    END IF;
    RETURN NEW;
END
$$;


--
-- Name: edujam_own_attempts_name(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.edujam_own_attempts_name() RETURNS text
    LANGUAGE plpgsql STABLE
    AS $$
BEGIN
    IF pg_catalog.pg_has_role(current_user, 'edujam_student', 'USAGE') THEN
        RETURN (SELECT l.student FROM public.student_logins l WHERE l.login OPERATOR(pg_catalog.=) current_user COLLATE pg_catalog."default");
    ELSIF EXISTS (
        SELECT 1 FROM public.student_logins l
        WHERE l.student OPERATOR(pg_catalog.=) current_user COLLATE pg_catalog."default" AND l.login OPERATOR(pg_catalog.<>) current_user COLLATE pg_catalog."default"
    ) THEN
        RETURN NULL;  -- a student is named like this login: their attempts are not its own
    END IF;
    RETURN current_user;
END
$$;


--
-- Name: edujam_owns_game(text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.edujam_owns_game(g text) RETURNS boolean
    LANGUAGE sql STABLE
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
    SELECT EXISTS (SELECT 1 FROM game_owners o WHERE o.game = g AND o.owner = current_user)
$$;


--
-- Name: edujam_save(text[], uuid[], text[], double precision[], double precision[], double precision[], text[], text[], double precision[], double precision[], text[], text[], boolean[], text[], integer[], text[], double precision[], text[], uuid[], text[], uuid[], integer[], text[], text[], text[], double precision[], boolean[], text[], double precision[], double precision[], uuid[], integer[], text[], double precision[], double precision[], text[], uuid[], text[], integer[], double precision); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.edujam_save(attempts_context text[], attempts_uuid uuid[], attempts_student text[], attempts_created_at double precision[], attempts_started_at double precision[], attempts_ended_at double precision[], attempts_outcome text[], attempts_done_by text[], attempts_duration double precision[], attempts_progress double precision[], attempts_ranges text[], attempts_primary_item text[], attempts_was_started boolean[], attempts_owner_host text[], attempts_owner_pid integer[], attempts_owner_start text[], attempts_saved_at double precision[], attempts_game_version text[], removed_uuid uuid[], removed_identifier text[], items_uuid uuid[], items_sequence integer[], items_identifier text[], items_title text[], items_kind text[], items_quantity double precision[], items_flag boolean[], items_value_type text[], items_score double precision[], items_max_score double precision[], events_uuid uuid[], events_sequence integer[], events_kind text[], events_at double precision[], events_progress double precision[], events_outcome text[], inputs_uuid uuid[], inputs_record text[], inputs_bytes integer[], save_time double precision) RETURNS TABLE(attempt_uuid uuid, attempt_id bigint)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    SET plan_cache_mode TO 'force_generic_plan'
    SET enable_seqscan TO 'off'
    SET enable_hashjoin TO 'off'
    SET enable_mergejoin TO 'off'
    AS $$
DECLARE
    -- current_user is the function's owner, the store's.
    unbound boolean := pg_has_role(session_user, current_user, 'USAGE');
    own_name text;
BEGIN
    IF NOT unbound THEN
        own_name := (SELECT CASE
    WHEN pg_catalog.pg_has_role(session_user, 'edujam_student', 'USAGE') THEN (SELECT l.student FROM public.student_logins l WHERE l.login = (session_user COLLATE "default"))
    WHEN EXISTS (
        SELECT 1 FROM public.student_logins l
        WHERE l.student = (session_user COLLATE "default") AND l.login <> (session_user COLLATE "default")
    ) THEN NULL
    ELSE session_user::text
END);
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
            AND (a.ended_at IS NULL OR a.ended_in_transaction = pg_current_xact_id_if_assigned()) AND (unbound OR a.student = own_name);
    END IF;

    IF save_time IS NULL OR cardinality(items_uuid) > 0 THEN
        INSERT INTO activity_items (activity_id, sequence, identifier, title, kind, quantity, flag,
            value_type, score, max_score)
        SELECT a.id, t.sequence, t.identifier, t.title, t.kind, t.quantity, t.flag, t.value_type, t.score,
            t.max_score
        FROM unnest(items_uuid, items_sequence, items_identifier, items_title, items_kind, items_quantity,
            items_flag, items_value_type, items_score, items_max_score)
            AS t(uuid, sequence, identifier, title, kind, quantity, flag, value_type, score, max_score)
        JOIN activities a ON a.uuid = t.uuid AND a.saved_at = save_time AND (a.ended_at IS NULL OR a.ended_in_transaction = pg_current_xact_id_if_assigned())
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
        JOIN activities a ON a.uuid = t.uuid AND (a.ended_at IS NULL OR a.ended_in_transaction = pg_current_xact_id_if_assigned()) AND (unbound OR a.student = own_name)
        ON CONFLICT (activity_id, sequence) DO NOTHING;
    END IF;

    IF save_time IS NULL OR cardinality(inputs_uuid) > 0 THEN
        INSERT INTO attempt_inputs (activity_id, record, bytes)
        SELECT a.id, t.record, t.bytes
        FROM unnest(inputs_uuid, inputs_record, inputs_bytes) AS t(uuid, record, bytes)
        JOIN activities a ON a.uuid = t.uuid AND a.saved_at = save_time AND (a.ended_at IS NULL OR a.ended_in_transaction = pg_current_xact_id_if_assigned())
            AND (unbound OR a.student = own_name)
        ON CONFLICT (activity_id) DO UPDATE SET record = excluded.record, bytes = excluded.bytes;
    END IF;

    RETURN QUERY SELECT a.uuid, a.id FROM activities a
        WHERE a.uuid = ANY (attempts_uuid) AND (unbound OR a.student = own_name);
END
$$;


--
-- Name: edujam_settle_attempt_bytes(text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.edujam_settle_attempt_bytes(who text) RETURNS bigint
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
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


--
-- Name: edujam_student_name(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.edujam_student_name() RETURNS text
    LANGUAGE plpgsql STABLE
    AS $$
BEGIN
    RETURN (SELECT l.student FROM public.student_logins l WHERE l.login OPERATOR(pg_catalog.=) current_user COLLATE pg_catalog."default");
END
$$;


SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: activities; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.activities (
    id bigint NOT NULL,
    uuid uuid NOT NULL,
    context_id bigint NOT NULL,
    student text NOT NULL,
    created_at double precision NOT NULL,
    started_at double precision NOT NULL,
    ended_at double precision,
    outcome text DEFAULT 'running'::text NOT NULL,
    done_by text,
    duration double precision DEFAULT 0 NOT NULL,
    progress double precision DEFAULT 0 NOT NULL,
    ranges text DEFAULT '[]'::text NOT NULL,
    primary_item text,
    was_started boolean DEFAULT true NOT NULL,
    owner_host text,
    owner_pid integer,
    owner_start text,
    saved_at double precision DEFAULT 0 NOT NULL,
    game_version text,
    ended_in_transaction xid8,
    CONSTRAINT activities_game_version CHECK (((game_version IS NULL) OR ((length(game_version) = 64) AND (game_version ~ '^[0-9a-f]*$'::text))))
);


--
-- Name: activities_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.activities ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.activities_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: activity_items; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.activity_items (
    activity_id bigint NOT NULL,
    identifier text NOT NULL,
    title text NOT NULL,
    kind text NOT NULL,
    sequence integer NOT NULL,
    quantity double precision,
    flag boolean,
    value_type text,
    score double precision,
    max_score double precision
);


--
-- Name: assignment_activities; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.assignment_activities (
    assignment_id bigint NOT NULL,
    context_id bigint NOT NULL,
    "position" integer NOT NULL
);


--
-- Name: assignment_done; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.assignment_done (
    assignment_id bigint NOT NULL,
    context_id bigint NOT NULL,
    student text NOT NULL,
    done_at double precision NOT NULL
);


--
-- Name: assignment_recipients; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.assignment_recipients (
    assignment_id bigint NOT NULL,
    student text NOT NULL
);


--
-- Name: assignments; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.assignments (
    id bigint NOT NULL,
    class_id bigint NOT NULL,
    title text NOT NULL,
    instructions text,
    due_at double precision,
    whole_class boolean NOT NULL,
    created_at double precision NOT NULL,
    completed_at double precision
);


--
-- Name: assignments_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.assignments ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.assignments_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: attempt_bytes; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.attempt_bytes (
    activity_id bigint NOT NULL,
    student text NOT NULL,
    bytes bigint NOT NULL,
    CONSTRAINT attempt_bytes_bytes_check CHECK ((bytes >= 0))
);


--
-- Name: attempt_checks; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.attempt_checks (
    activity_id bigint NOT NULL,
    state text NOT NULL,
    difference text,
    fingerprint text NOT NULL,
    checked_at double precision NOT NULL,
    checked_by text NOT NULL,
    CONSTRAINT attempt_checks_checked_at CHECK (((checked_at >= (- '1.7976931348623157e+308'::double precision)) AND (checked_at <= '1.7976931348623157e+308'::double precision))),
    CONSTRAINT attempt_checks_checked_by CHECK (((checked_by <> ''::text) AND (octet_length(checked_by) <= 256))),
    CONSTRAINT attempt_checks_difference CHECK (((difference IS NULL) OR ((difference <> ''::text) AND (octet_length(difference) <= 400)))),
    CONSTRAINT attempt_checks_fingerprint CHECK ((fingerprint ~ '^[0-9a-f]{64}$'::text)),
    CONSTRAINT attempt_checks_state CHECK ((state = ANY (ARRAY['verified'::text, 'mismatch'::text, 'notVerifiable'::text, 'localCopy'::text])))
);


--
-- Name: attempt_counts; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.attempt_counts (
    student text NOT NULL,
    attempts bigint NOT NULL,
    bytes bigint DEFAULT 0 NOT NULL
);


--
-- Name: attempt_events; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.attempt_events (
    activity_id bigint NOT NULL,
    sequence integer NOT NULL,
    kind text NOT NULL,
    at double precision NOT NULL,
    progress double precision,
    outcome text
);


--
-- Name: attempt_inputs; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.attempt_inputs (
    activity_id bigint NOT NULL,
    record text NOT NULL,
    bytes integer NOT NULL,
    CONSTRAINT attempt_inputs_check CHECK (((bytes = octet_length(record)) AND (bytes <= 1048576)))
);


--
-- Name: catalog_additions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.catalog_additions (
    login text NOT NULL,
    contexts bigint NOT NULL
);


--
-- Name: class_students; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.class_students (
    class_id bigint NOT NULL,
    student text NOT NULL,
    "position" integer NOT NULL
);


--
-- Name: classes; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.classes (
    id bigint NOT NULL,
    name text NOT NULL,
    created_at double precision NOT NULL,
    owner text DEFAULT CURRENT_USER NOT NULL
);


--
-- Name: classes_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.classes ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.classes_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: contexts; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.contexts (
    id bigint NOT NULL,
    parent_id bigint,
    path text NOT NULL,
    identifier text NOT NULL,
    title text NOT NULL,
    type integer NOT NULL,
    custom_type_name text,
    topic text,
    summary text,
    display_order integer DEFAULT 0 NOT NULL,
    is_assignable boolean DEFAULT true NOT NULL,
    age_min bigint,
    age_max bigint,
    minutes_min bigint,
    minutes_max bigint,
    capabilities text DEFAULT '[]'::text NOT NULL,
    keywords text DEFAULT '[]'::text NOT NULL,
    universal_link text,
    created_at double precision NOT NULL,
    modified_at double precision NOT NULL,
    CONSTRAINT contexts_check CHECK (((parent_id IS NOT NULL) OR (jsonb_array_length((path)::jsonb) = 1)))
);


--
-- Name: contexts_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.contexts ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.contexts_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: game_current; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.game_current (
    game text NOT NULL,
    version text NOT NULL,
    set_by text NOT NULL,
    set_at double precision NOT NULL,
    CONSTRAINT game_current_set_at CHECK (((set_at >= (- '1.7976931348623157e+308'::double precision)) AND (set_at <= '1.7976931348623157e+308'::double precision))),
    CONSTRAINT game_current_set_by CHECK (((set_by <> ''::text) AND (octet_length(set_by) <= 256)))
);


--
-- Name: game_owners; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.game_owners (
    game text NOT NULL,
    owner text NOT NULL,
    since double precision NOT NULL,
    CONSTRAINT game_owners_game CHECK (((octet_length(game) >= 1) AND (octet_length(game) <= 256))),
    CONSTRAINT game_owners_owner CHECK (((octet_length(owner) >= 1) AND (octet_length(owner) <= 256))),
    CONSTRAINT game_owners_since CHECK (((since > ('-1000000000000000'::numeric)::double precision) AND (since < ('1000000000000000'::numeric)::double precision)))
);


--
-- Name: game_versions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.game_versions (
    version text NOT NULL,
    game text NOT NULL,
    package text NOT NULL,
    bytes bigint NOT NULL,
    published_by text NOT NULL,
    published_at double precision NOT NULL,
    CONSTRAINT game_versions_bytes CHECK (((bytes >= 1) AND (bytes <= 4263694))),
    CONSTRAINT game_versions_game CHECK ((((octet_length(game) >= 1) AND (octet_length(game) <= 256)) AND (game !~ '[\x01-\x1f\x7f]'::text))),
    CONSTRAINT game_versions_package CHECK (((package ~ '^[A-Za-z0-9+/=]*$'::text) AND (length(package) = (4 * ((bytes + 2) / 3))))),
    CONSTRAINT game_versions_published_at CHECK (((published_at >= (- '1.7976931348623157e+308'::double precision)) AND (published_at <= '1.7976931348623157e+308'::double precision))),
    CONSTRAINT game_versions_published_by CHECK (((published_by <> ''::text) AND (octet_length(published_by) <= 256))),
    CONSTRAINT game_versions_version CHECK ((version ~ '^[0-9a-f]{64}$'::text))
);


--
-- Name: lrs_accepted; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.lrs_accepted (
    endpoint text NOT NULL,
    statement_id text NOT NULL,
    accepted_at double precision NOT NULL
);


--
-- Name: retired_versions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.retired_versions (
    version text NOT NULL,
    game text NOT NULL,
    retired_from double precision,
    retired_by text NOT NULL,
    retired_at double precision NOT NULL,
    CONSTRAINT retired_versions_at CHECK (((retired_at > ('-1000000000000000'::numeric)::double precision) AND (retired_at < ('1000000000000000'::numeric)::double precision))),
    CONSTRAINT retired_versions_by CHECK (((octet_length(retired_by) >= 1) AND (octet_length(retired_by) <= 256))),
    CONSTRAINT retired_versions_from CHECK (((retired_from IS NULL) OR ((retired_from > ('-1000000000000000'::numeric)::double precision) AND (retired_from < ('1000000000000000'::numeric)::double precision))))
);


--
-- Name: roster_classes; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.roster_classes (
    class_id bigint NOT NULL,
    sourced_id text NOT NULL,
    title text NOT NULL
);


--
-- Name: roster_enrollments; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.roster_enrollments (
    class_id bigint NOT NULL,
    person text NOT NULL,
    role text NOT NULL,
    "position" integer NOT NULL,
    left_at double precision,
    CONSTRAINT roster_enrollments_role_check CHECK ((role = ANY (ARRAY['student'::text, 'teacher'::text])))
);


--
-- Name: roster_people; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.roster_people (
    sourced_id text NOT NULL,
    username text NOT NULL,
    given_name text NOT NULL,
    family_name text NOT NULL
);


--
-- Name: schema_migrations; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.schema_migrations (
    name text NOT NULL,
    "position" integer NOT NULL
);


--
-- Name: staff_players; Type: VIEW; Schema: public; Owner: -
--

CREATE VIEW public.staff_players AS
 SELECT ( SELECT (r.rolname)::text AS rolname
           FROM pg_roles r
          WHERE (r.oid = m.member)) AS player
   FROM pg_auth_members m
  WHERE (m.roleid = ( SELECT t.oid
           FROM pg_roles t
          WHERE (t.rolname = 'edujam_teacher'::name)))
UNION
 SELECT ( SELECT (r.rolname)::text AS rolname
           FROM pg_roles r
          WHERE (r.oid = ( SELECT c.relowner
                   FROM pg_class c
                  WHERE (c.oid = ('public.schema_migrations'::regclass)::oid)))) AS player;


--
-- Name: store_info; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.store_info (
    key text NOT NULL,
    value text NOT NULL
);


--
-- Name: student_logins; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.student_logins (
    student text NOT NULL,
    login text NOT NULL,
    CONSTRAINT student_logins_login_check CHECK (((login <> ''::text) AND (octet_length(login) <= 63)))
);


--
-- Name: activities activities_done_by; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.activities
    ADD CONSTRAINT activities_done_by CHECK (((done_by IS NULL) OR (done_by = ANY (ARRAY['student'::text, 'game'::text, 'teacher'::text])))) NOT VALID;


--
-- Name: activities activities_duration; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.activities
    ADD CONSTRAINT activities_duration CHECK (((duration >= (0)::double precision) AND (duration <= ('3155760000'::bigint)::double precision))) NOT VALID;


--
-- Name: activities activities_outcome; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.activities
    ADD CONSTRAINT activities_outcome CHECK ((outcome = ANY (ARRAY['running'::text, 'finished'::text, 'quit'::text, 'error'::text, 'limit'::text]))) NOT VALID;


--
-- Name: activities activities_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.activities
    ADD CONSTRAINT activities_pkey PRIMARY KEY (id);


--
-- Name: activities activities_primary_item; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.activities
    ADD CONSTRAINT activities_primary_item CHECK (((primary_item IS NULL) OR (((octet_length(primary_item) >= 1) AND (octet_length(primary_item) <= 255)) AND (primary_item !~ '[\x01-\x1f\x7f]'::text)))) NOT VALID;


--
-- Name: activities activities_progress; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.activities
    ADD CONSTRAINT activities_progress CHECK (((progress >= (0)::double precision) AND (progress <= (1)::double precision))) NOT VALID;


--
-- Name: activities activities_student; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.activities
    ADD CONSTRAINT activities_student CHECK ((student <> ''::text)) NOT VALID;


--
-- Name: activities activities_texts; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.activities
    ADD CONSTRAINT activities_texts CHECK ((((owner_host IS NULL) OR (octet_length(owner_host) <= 255)) AND ((owner_start IS NULL) OR (octet_length(owner_start) <= 64)) AND (octet_length(ranges) <= 520002))) NOT VALID;


--
-- Name: activities activities_times; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.activities
    ADD CONSTRAINT activities_times CHECK ((((created_at >= (- '1.7976931348623157e+308'::double precision)) AND (created_at <= '1.7976931348623157e+308'::double precision)) AND ((started_at >= (- '1.7976931348623157e+308'::double precision)) AND (started_at <= '1.7976931348623157e+308'::double precision)) AND ((ended_at IS NULL) OR ((ended_at >= (- '1.7976931348623157e+308'::double precision)) AND (ended_at <= '1.7976931348623157e+308'::double precision))) AND ((saved_at >= (- '1.7976931348623157e+308'::double precision)) AND (saved_at <= '1.7976931348623157e+308'::double precision)))) NOT VALID;


--
-- Name: activities activities_uuid_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.activities
    ADD CONSTRAINT activities_uuid_key UNIQUE (uuid);


--
-- Name: activity_items activity_items_identifier; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.activity_items
    ADD CONSTRAINT activity_items_identifier CHECK ((((octet_length(identifier) >= 1) AND (octet_length(identifier) <= 255)) AND (identifier !~ '[\x01-\x1f\x7f]'::text))) NOT VALID;


--
-- Name: activity_items activity_items_kind; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.activity_items
    ADD CONSTRAINT activity_items_kind CHECK ((kind = ANY (ARRAY['quantity'::text, 'binary'::text, 'score'::text]))) NOT VALID;


--
-- Name: activity_items activity_items_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.activity_items
    ADD CONSTRAINT activity_items_pkey PRIMARY KEY (activity_id, identifier);


--
-- Name: activity_items activity_items_title; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.activity_items
    ADD CONSTRAINT activity_items_title CHECK (((title <> ''::text) AND (octet_length(title) <= 1024))) NOT VALID;


--
-- Name: activity_items activity_items_value; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.activity_items
    ADD CONSTRAINT activity_items_value CHECK ((((kind = 'quantity'::text) AND ((quantity >= (- '1.7976931348623157e+308'::double precision)) AND (quantity <= '1.7976931348623157e+308'::double precision))) OR ((kind = 'binary'::text) AND (flag IS NOT NULL) AND (value_type = ANY (ARRAY['trueFalse'::text, 'passFail'::text, 'yesNo'::text, 'correctIncorrect'::text]))) OR ((kind = 'score'::text) AND ((max_score >= (- '1.7976931348623157e+308'::double precision)) AND (max_score <= '1.7976931348623157e+308'::double precision)) AND (max_score > (0)::double precision) AND ((score >= (0)::double precision) AND (score <= max_score))))) NOT VALID;


--
-- Name: assignment_activities assignment_activities_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.assignment_activities
    ADD CONSTRAINT assignment_activities_pkey PRIMARY KEY (assignment_id, context_id);


--
-- Name: assignment_done assignment_done_at; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.assignment_done
    ADD CONSTRAINT assignment_done_at CHECK (((done_at >= (- '1.7976931348623157e+308'::double precision)) AND (done_at <= '1.7976931348623157e+308'::double precision))) NOT VALID;


--
-- Name: assignment_done assignment_done_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.assignment_done
    ADD CONSTRAINT assignment_done_pkey PRIMARY KEY (assignment_id, context_id, student);


--
-- Name: assignment_recipients assignment_recipients_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.assignment_recipients
    ADD CONSTRAINT assignment_recipients_pkey PRIMARY KEY (assignment_id, student);


--
-- Name: assignments assignments_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.assignments
    ADD CONSTRAINT assignments_pkey PRIMARY KEY (id);


--
-- Name: attempt_bytes attempt_bytes_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.attempt_bytes
    ADD CONSTRAINT attempt_bytes_pkey PRIMARY KEY (activity_id);


--
-- Name: attempt_checks attempt_checks_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.attempt_checks
    ADD CONSTRAINT attempt_checks_pkey PRIMARY KEY (activity_id);


--
-- Name: attempt_counts attempt_counts_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.attempt_counts
    ADD CONSTRAINT attempt_counts_pkey PRIMARY KEY (student);


--
-- Name: attempt_events attempt_events_at; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.attempt_events
    ADD CONSTRAINT attempt_events_at CHECK (((at >= (- '1.7976931348623157e+308'::double precision)) AND (at <= '1.7976931348623157e+308'::double precision))) NOT VALID;


--
-- Name: attempt_events attempt_events_kind; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.attempt_events
    ADD CONSTRAINT attempt_events_kind CHECK ((kind = ANY (ARRAY['started'::text, 'stopped'::text, 'resumed'::text, 'progressed'::text, 'ended'::text]))) NOT VALID;


--
-- Name: attempt_events attempt_events_outcome; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.attempt_events
    ADD CONSTRAINT attempt_events_outcome CHECK (((outcome IS NULL) OR (outcome = ANY (ARRAY['running'::text, 'finished'::text, 'quit'::text, 'error'::text, 'limit'::text])))) NOT VALID;


--
-- Name: attempt_events attempt_events_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.attempt_events
    ADD CONSTRAINT attempt_events_pkey PRIMARY KEY (activity_id, sequence);


--
-- Name: attempt_events attempt_events_progress; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.attempt_events
    ADD CONSTRAINT attempt_events_progress CHECK (((progress IS NULL) OR ((progress >= (0)::double precision) AND (progress <= (1)::double precision)))) NOT VALID;


--
-- Name: attempt_events attempt_events_sequence; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.attempt_events
    ADD CONSTRAINT attempt_events_sequence CHECK ((sequence >= 0)) NOT VALID;


--
-- Name: attempt_events attempt_events_sequence_bound; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.attempt_events
    ADD CONSTRAINT attempt_events_sequence_bound CHECK ((sequence < 1000)) NOT VALID;


--
-- Name: attempt_inputs attempt_inputs_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.attempt_inputs
    ADD CONSTRAINT attempt_inputs_pkey PRIMARY KEY (activity_id);


--
-- Name: catalog_additions catalog_additions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.catalog_additions
    ADD CONSTRAINT catalog_additions_pkey PRIMARY KEY (login);


--
-- Name: class_students class_students_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.class_students
    ADD CONSTRAINT class_students_pkey PRIMARY KEY (class_id, student);


--
-- Name: classes classes_name_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.classes
    ADD CONSTRAINT classes_name_key UNIQUE (name);


--
-- Name: classes classes_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.classes
    ADD CONSTRAINT classes_pkey PRIMARY KEY (id);


--
-- Name: contexts contexts_identifier; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.contexts
    ADD CONSTRAINT contexts_identifier CHECK ((((octet_length(identifier) >= 1) AND (octet_length(identifier) <= 256)) AND (identifier !~ '[\x01-\x1f\x7f]'::text))) NOT VALID;


--
-- Name: contexts contexts_keywords; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.contexts
    ADD CONSTRAINT contexts_keywords CHECK (((jsonb_typeof((keywords)::jsonb) = 'array'::text) AND ((jsonb_array_length((keywords)::jsonb) >= 0) AND (jsonb_array_length((keywords)::jsonb) <= 32)) AND (octet_length(keywords) <= 49250))) NOT VALID;


--
-- Name: contexts contexts_path; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.contexts
    ADD CONSTRAINT contexts_path CHECK (((jsonb_typeof((path)::jsonb) = 'array'::text) AND ((jsonb_array_length((path)::jsonb) >= 1) AND (jsonb_array_length((path)::jsonb) <= 8)) AND (octet_length(path) <= 12314))) NOT VALID;


--
-- Name: contexts contexts_path_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.contexts
    ADD CONSTRAINT contexts_path_key UNIQUE (path);


--
-- Name: contexts contexts_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.contexts
    ADD CONSTRAINT contexts_pkey PRIMARY KEY (id);


--
-- Name: contexts contexts_summary; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.contexts
    ADD CONSTRAINT contexts_summary CHECK (((summary IS NULL) OR ((summary <> ''::text) AND (octet_length(summary) <= 16000)))) NOT VALID;


--
-- Name: contexts contexts_title; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.contexts
    ADD CONSTRAINT contexts_title CHECK (((title <> ''::text) AND (octet_length(title) <= 1024))) NOT VALID;


--
-- Name: contexts contexts_topic; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.contexts
    ADD CONSTRAINT contexts_topic CHECK (((topic IS NULL) OR (topic = ANY (ARRAY['math'::text, 'science'::text, 'literacyAndWriting'::text, 'worldLanguage'::text, 'socialScience'::text, 'computerScienceAndEngineering'::text, 'artsAndMusic'::text, 'healthAndFitness'::text])))) NOT VALID;


--
-- Name: contexts contexts_type; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.contexts
    ADD CONSTRAINT contexts_type CHECK ((type = ANY (ARRAY[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]))) NOT VALID;


--
-- Name: game_current game_current_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.game_current
    ADD CONSTRAINT game_current_pkey PRIMARY KEY (game);


--
-- Name: game_owners game_owners_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.game_owners
    ADD CONSTRAINT game_owners_pkey PRIMARY KEY (game);


--
-- Name: game_versions game_versions_files_hash; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.game_versions
    ADD CONSTRAINT game_versions_files_hash CHECK ((version = encode(sha256(decode(package, 'base64'::text)), 'hex'::text))) NOT VALID;


--
-- Name: game_versions game_versions_game_version_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.game_versions
    ADD CONSTRAINT game_versions_game_version_key UNIQUE (game, version);


--
-- Name: game_versions game_versions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.game_versions
    ADD CONSTRAINT game_versions_pkey PRIMARY KEY (version);


--
-- Name: lrs_accepted lrs_accepted_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.lrs_accepted
    ADD CONSTRAINT lrs_accepted_pkey PRIMARY KEY (endpoint, statement_id);


--
-- Name: retired_versions retired_versions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.retired_versions
    ADD CONSTRAINT retired_versions_pkey PRIMARY KEY (version);


--
-- Name: roster_classes roster_classes_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.roster_classes
    ADD CONSTRAINT roster_classes_pkey PRIMARY KEY (class_id);


--
-- Name: roster_classes roster_classes_sourced_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.roster_classes
    ADD CONSTRAINT roster_classes_sourced_id_key UNIQUE (sourced_id);


--
-- Name: roster_enrollments roster_enrollments_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.roster_enrollments
    ADD CONSTRAINT roster_enrollments_pkey PRIMARY KEY (class_id, person, role);


--
-- Name: roster_people roster_people_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.roster_people
    ADD CONSTRAINT roster_people_pkey PRIMARY KEY (sourced_id);


--
-- Name: schema_migrations schema_migrations_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.schema_migrations
    ADD CONSTRAINT schema_migrations_pkey PRIMARY KEY (name);


--
-- Name: store_info store_info_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.store_info
    ADD CONSTRAINT store_info_pkey PRIMARY KEY (key);


--
-- Name: student_logins student_logins_login_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.student_logins
    ADD CONSTRAINT student_logins_login_key UNIQUE (login);


--
-- Name: student_logins student_logins_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.student_logins
    ADD CONSTRAINT student_logins_pkey PRIMARY KEY (student);


--
-- Name: activities_context; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX activities_context ON public.activities USING btree (context_id);


--
-- Name: activities_recent; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX activities_recent ON public.activities USING btree (started_at, id);


--
-- Name: activities_student; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX activities_student ON public.activities USING btree (student, started_at, id);


--
-- Name: assignment_activities_context; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX assignment_activities_context ON public.assignment_activities USING btree (context_id);


--
-- Name: assignments_class; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX assignments_class ON public.assignments USING btree (class_id, id);


--
-- Name: class_students_student; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX class_students_student ON public.class_students USING btree (student);


--
-- Name: contexts_parent; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX contexts_parent ON public.contexts USING btree (parent_id);


--
-- Name: roster_enrollments_person; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX roster_enrollments_person ON public.roster_enrollments USING btree (person);


--
-- Name: activities activities_count; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER activities_count AFTER INSERT OR DELETE ON public.activities FOR EACH ROW EXECUTE FUNCTION public.edujam_count_attempts();


--
-- Name: activities activities_count_moved; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER activities_count_moved AFTER UPDATE OF student ON public.activities FOR EACH ROW WHEN ((old.student IS DISTINCT FROM new.student)) EXECUTE FUNCTION public.edujam_count_attempts();


--
-- Name: activities activities_note_ending; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER activities_note_ending BEFORE INSERT OR UPDATE ON public.activities FOR EACH ROW WHEN (((new.ended_at IS NOT NULL) OR (new.ended_in_transaction IS NOT NULL))) EXECUTE FUNCTION public.edujam_note_ending();


--
-- Name: activities activities_reopened; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER activities_reopened AFTER UPDATE OF ended_at ON public.activities FOR EACH ROW WHEN (((old.ended_at IS NOT NULL) AND (new.ended_at IS NULL))) EXECUTE FUNCTION public.edujam_charge_reopened();


--
-- Name: activity_items activity_items_count; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER activity_items_count AFTER INSERT ON public.activity_items FOR EACH ROW EXECUTE FUNCTION public.edujam_item_count_moved();


--
-- Name: activity_items activity_items_count_moved; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER activity_items_count_moved AFTER UPDATE OF activity_id ON public.activity_items FOR EACH ROW WHEN ((old.activity_id IS DISTINCT FROM new.activity_id)) EXECUTE FUNCTION public.edujam_item_count_moved();


--
-- Name: activity_items activity_items_still_open; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER activity_items_still_open AFTER INSERT OR DELETE OR UPDATE ON public.activity_items FOR EACH ROW EXECUTE FUNCTION public.edujam_attempt_still_open();


--
-- Name: attempt_events attempt_events_give_back; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER attempt_events_give_back AFTER DELETE ON public.attempt_events REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION public.edujam_give_back_attempt_events();


--
-- Name: attempt_events attempt_events_still_open; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER attempt_events_still_open AFTER INSERT OR DELETE OR UPDATE ON public.attempt_events FOR EACH ROW EXECUTE FUNCTION public.edujam_attempt_still_open();


--
-- Name: attempt_inputs attempt_inputs_give_back; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER attempt_inputs_give_back AFTER DELETE ON public.attempt_inputs REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION public.edujam_give_back_attempt_inputs();


--
-- Name: attempt_inputs attempt_inputs_still_open; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER attempt_inputs_still_open AFTER INSERT OR DELETE OR UPDATE ON public.attempt_inputs FOR EACH ROW EXECUTE FUNCTION public.edujam_attempt_still_open();


--
-- Name: class_students class_students_login; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER class_students_login BEFORE INSERT ON public.class_students FOR EACH ROW EXECUTE FUNCTION public.edujam_default_login();


--
-- Name: contexts contexts_count_additions; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER contexts_count_additions AFTER INSERT ON public.contexts FOR EACH ROW WHEN (pg_has_role(SESSION_USER, 'edujam_student'::name, 'MEMBER'::text)) EXECUTE FUNCTION public.edujam_count_catalog_additions();


--
-- Name: activities activities_context_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.activities
    ADD CONSTRAINT activities_context_id_fkey FOREIGN KEY (context_id) REFERENCES public.contexts(id) ON DELETE CASCADE;


--
-- Name: activity_items activity_items_activity_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.activity_items
    ADD CONSTRAINT activity_items_activity_id_fkey FOREIGN KEY (activity_id) REFERENCES public.activities(id) ON DELETE CASCADE;


--
-- Name: assignment_activities assignment_activities_assignment_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.assignment_activities
    ADD CONSTRAINT assignment_activities_assignment_id_fkey FOREIGN KEY (assignment_id) REFERENCES public.assignments(id) ON DELETE CASCADE;


--
-- Name: assignment_activities assignment_activities_context_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.assignment_activities
    ADD CONSTRAINT assignment_activities_context_id_fkey FOREIGN KEY (context_id) REFERENCES public.contexts(id) ON DELETE CASCADE;


--
-- Name: assignment_done assignment_done_assignment_id_context_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.assignment_done
    ADD CONSTRAINT assignment_done_assignment_id_context_id_fkey FOREIGN KEY (assignment_id, context_id) REFERENCES public.assignment_activities(assignment_id, context_id) ON DELETE CASCADE;


--
-- Name: assignment_recipients assignment_recipients_assignment_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.assignment_recipients
    ADD CONSTRAINT assignment_recipients_assignment_id_fkey FOREIGN KEY (assignment_id) REFERENCES public.assignments(id) ON DELETE CASCADE;


--
-- Name: assignments assignments_class_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.assignments
    ADD CONSTRAINT assignments_class_id_fkey FOREIGN KEY (class_id) REFERENCES public.classes(id) ON DELETE CASCADE;


--
-- Name: attempt_checks attempt_checks_activity_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.attempt_checks
    ADD CONSTRAINT attempt_checks_activity_id_fkey FOREIGN KEY (activity_id) REFERENCES public.activities(id) ON DELETE CASCADE;


--
-- Name: attempt_events attempt_events_activity_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.attempt_events
    ADD CONSTRAINT attempt_events_activity_id_fkey FOREIGN KEY (activity_id) REFERENCES public.activities(id) ON DELETE CASCADE;


--
-- Name: attempt_inputs attempt_inputs_activity_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.attempt_inputs
    ADD CONSTRAINT attempt_inputs_activity_id_fkey FOREIGN KEY (activity_id) REFERENCES public.activities(id) ON DELETE CASCADE;


--
-- Name: class_students class_students_class_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.class_students
    ADD CONSTRAINT class_students_class_id_fkey FOREIGN KEY (class_id) REFERENCES public.classes(id) ON DELETE CASCADE;


--
-- Name: contexts contexts_parent_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.contexts
    ADD CONSTRAINT contexts_parent_id_fkey FOREIGN KEY (parent_id) REFERENCES public.contexts(id) ON DELETE CASCADE;


--
-- Name: game_current game_current_game_version_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.game_current
    ADD CONSTRAINT game_current_game_version_fkey FOREIGN KEY (game, version) REFERENCES public.game_versions(game, version);


--
-- Name: retired_versions retired_versions_game_version_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.retired_versions
    ADD CONSTRAINT retired_versions_game_version_fkey FOREIGN KEY (game, version) REFERENCES public.game_versions(game, version) ON DELETE CASCADE;


--
-- Name: roster_classes roster_classes_class_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.roster_classes
    ADD CONSTRAINT roster_classes_class_id_fkey FOREIGN KEY (class_id) REFERENCES public.classes(id) ON DELETE CASCADE;


--
-- Name: roster_enrollments roster_enrollments_class_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.roster_enrollments
    ADD CONSTRAINT roster_enrollments_class_id_fkey FOREIGN KEY (class_id) REFERENCES public.classes(id) ON DELETE CASCADE;


--
-- Name: roster_enrollments roster_enrollments_person_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.roster_enrollments
    ADD CONSTRAINT roster_enrollments_person_fkey FOREIGN KEY (person) REFERENCES public.roster_people(sourced_id);


--
-- Name: activities; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.activities ENABLE ROW LEVEL SECURITY;

--
-- Name: activities activities_frozen; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY activities_frozen ON public.activities AS RESTRICTIVE FOR UPDATE TO edujam_teacher, edujam_student USING (((ended_at IS NULL) OR (ended_in_transaction = pg_current_xact_id()))) WITH CHECK (true);


--
-- Name: activities activities_student; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY activities_student ON public.activities TO edujam_student USING ((student = ( SELECT l.student
   FROM public.student_logins l
  WHERE (l.login = (CURRENT_USER COLLATE "default"))))) WITH CHECK ((student = ( SELECT l.student
   FROM public.student_logins l
  WHERE (l.login = (CURRENT_USER COLLATE "default")))));


--
-- Name: activities activities_teacher_add; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY activities_teacher_add ON public.activities FOR INSERT TO edujam_teacher WITH CHECK ((student = ( SELECT
        CASE
            WHEN pg_has_role(CURRENT_USER, 'edujam_student'::name, 'USAGE'::text) THEN ( SELECT l.student
               FROM public.student_logins l
              WHERE (l.login = (CURRENT_USER COLLATE "default")))
            WHEN (EXISTS ( SELECT 1
               FROM public.student_logins l
              WHERE ((l.student = (CURRENT_USER COLLATE "default")) AND (l.login <> (CURRENT_USER COLLATE "default"))))) THEN NULL::text
            ELSE (CURRENT_USER)::text
        END AS "current_user")));


--
-- Name: activities activities_teacher_read; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY activities_teacher_read ON public.activities FOR SELECT TO edujam_teacher USING (((student = CURRENT_USER) OR (( SELECT count(*) AS count
   FROM public.class_students cs
  WHERE (cs.student = activities.student)) > 0)));


--
-- Name: activities activities_teacher_save; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY activities_teacher_save ON public.activities FOR UPDATE TO edujam_teacher USING ((student = ( SELECT
        CASE
            WHEN pg_has_role(CURRENT_USER, 'edujam_student'::name, 'USAGE'::text) THEN ( SELECT l.student
               FROM public.student_logins l
              WHERE (l.login = (CURRENT_USER COLLATE "default")))
            WHEN (EXISTS ( SELECT 1
               FROM public.student_logins l
              WHERE ((l.student = (CURRENT_USER COLLATE "default")) AND (l.login <> (CURRENT_USER COLLATE "default"))))) THEN NULL::text
            ELSE (CURRENT_USER)::text
        END AS "current_user"))) WITH CHECK ((student = ( SELECT
        CASE
            WHEN pg_has_role(CURRENT_USER, 'edujam_student'::name, 'USAGE'::text) THEN ( SELECT l.student
               FROM public.student_logins l
              WHERE (l.login = (CURRENT_USER COLLATE "default")))
            WHEN (EXISTS ( SELECT 1
               FROM public.student_logins l
              WHERE ((l.student = (CURRENT_USER COLLATE "default")) AND (l.login <> (CURRENT_USER COLLATE "default"))))) THEN NULL::text
            ELSE (CURRENT_USER)::text
        END AS "current_user")));


--
-- Name: activity_items; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.activity_items ENABLE ROW LEVEL SECURITY;

--
-- Name: activity_items activity_items_add; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY activity_items_add ON public.activity_items FOR INSERT TO edujam_teacher, edujam_student WITH CHECK ((EXISTS ( SELECT 1
   FROM public.activities a
  WHERE ((a.id = activity_items.activity_id) AND (a.student = ( SELECT
                CASE
                    WHEN pg_has_role(CURRENT_USER, 'edujam_student'::name, 'USAGE'::text) THEN ( SELECT l.student
                       FROM public.student_logins l
                      WHERE (l.login = (CURRENT_USER COLLATE "default")))
                    WHEN (EXISTS ( SELECT 1
                       FROM public.student_logins l
                      WHERE ((l.student = (CURRENT_USER COLLATE "default")) AND (l.login <> (CURRENT_USER COLLATE "default"))))) THEN NULL::text
                    ELSE (CURRENT_USER)::text
                END AS "current_user")) AND ((a.ended_at IS NULL) OR (a.ended_in_transaction = pg_current_xact_id()))))));


--
-- Name: activity_items activity_items_read; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY activity_items_read ON public.activity_items FOR SELECT TO edujam_teacher, edujam_student USING ((EXISTS ( SELECT 1
   FROM public.activities a
  WHERE (a.id = activity_items.activity_id))));


--
-- Name: activity_items activity_items_remove; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY activity_items_remove ON public.activity_items FOR DELETE TO edujam_teacher, edujam_student USING ((EXISTS ( SELECT 1
   FROM public.activities a
  WHERE ((a.id = activity_items.activity_id) AND (a.student = ( SELECT
                CASE
                    WHEN pg_has_role(CURRENT_USER, 'edujam_student'::name, 'USAGE'::text) THEN ( SELECT l.student
                       FROM public.student_logins l
                      WHERE (l.login = (CURRENT_USER COLLATE "default")))
                    WHEN (EXISTS ( SELECT 1
                       FROM public.student_logins l
                      WHERE ((l.student = (CURRENT_USER COLLATE "default")) AND (l.login <> (CURRENT_USER COLLATE "default"))))) THEN NULL::text
                    ELSE (CURRENT_USER)::text
                END AS "current_user")) AND ((a.ended_at IS NULL) OR (a.ended_in_transaction = pg_current_xact_id()))))));


--
-- Name: activity_items activity_items_save; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY activity_items_save ON public.activity_items FOR UPDATE TO edujam_teacher, edujam_student USING ((EXISTS ( SELECT 1
   FROM public.activities a
  WHERE ((a.id = activity_items.activity_id) AND (a.student = ( SELECT
                CASE
                    WHEN pg_has_role(CURRENT_USER, 'edujam_student'::name, 'USAGE'::text) THEN ( SELECT l.student
                       FROM public.student_logins l
                      WHERE (l.login = (CURRENT_USER COLLATE "default")))
                    WHEN (EXISTS ( SELECT 1
                       FROM public.student_logins l
                      WHERE ((l.student = (CURRENT_USER COLLATE "default")) AND (l.login <> (CURRENT_USER COLLATE "default"))))) THEN NULL::text
                    ELSE (CURRENT_USER)::text
                END AS "current_user")) AND ((a.ended_at IS NULL) OR (a.ended_in_transaction = pg_current_xact_id())))))) WITH CHECK ((EXISTS ( SELECT 1
   FROM public.activities a
  WHERE ((a.id = activity_items.activity_id) AND (a.student = ( SELECT
                CASE
                    WHEN pg_has_role(CURRENT_USER, 'edujam_student'::name, 'USAGE'::text) THEN ( SELECT l.student
                       FROM public.student_logins l
                      WHERE (l.login = (CURRENT_USER COLLATE "default")))
                    WHEN (EXISTS ( SELECT 1
                       FROM public.student_logins l
                      WHERE ((l.student = (CURRENT_USER COLLATE "default")) AND (l.login <> (CURRENT_USER COLLATE "default"))))) THEN NULL::text
                    ELSE (CURRENT_USER)::text
                END AS "current_user")) AND ((a.ended_at IS NULL) OR (a.ended_in_transaction = pg_current_xact_id()))))));


--
-- Name: assignment_activities; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.assignment_activities ENABLE ROW LEVEL SECURITY;

--
-- Name: assignment_activities assignment_activities_student; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY assignment_activities_student ON public.assignment_activities FOR SELECT TO edujam_student USING ((EXISTS ( SELECT 1
   FROM public.assignments s
  WHERE (s.id = assignment_activities.assignment_id))));


--
-- Name: assignment_activities assignment_activities_teacher; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY assignment_activities_teacher ON public.assignment_activities TO edujam_teacher USING ((public.edujam_assignment_owner(assignment_id) = CURRENT_USER));


--
-- Name: assignment_done; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.assignment_done ENABLE ROW LEVEL SECURITY;

--
-- Name: assignment_done assignment_done_student_mark; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY assignment_done_student_mark ON public.assignment_done FOR INSERT TO edujam_student WITH CHECK (((student = ( SELECT public.edujam_student_name() AS edujam_student_name)) AND (EXISTS ( SELECT 1
   FROM public.assignments s
  WHERE (s.id = assignment_done.assignment_id)))));


--
-- Name: assignment_done assignment_done_student_read; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY assignment_done_student_read ON public.assignment_done FOR SELECT TO edujam_student USING ((student = ( SELECT public.edujam_student_name() AS edujam_student_name)));


--
-- Name: assignment_done assignment_done_teacher; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY assignment_done_teacher ON public.assignment_done TO edujam_teacher USING ((public.edujam_assignment_owner(assignment_id) = CURRENT_USER));


--
-- Name: assignment_recipients; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.assignment_recipients ENABLE ROW LEVEL SECURITY;

--
-- Name: assignment_recipients assignment_recipients_student; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY assignment_recipients_student ON public.assignment_recipients FOR SELECT TO edujam_student USING ((student = ( SELECT public.edujam_student_name() AS edujam_student_name)));


--
-- Name: assignment_recipients assignment_recipients_teacher; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY assignment_recipients_teacher ON public.assignment_recipients TO edujam_teacher USING ((public.edujam_assignment_owner(assignment_id) = CURRENT_USER));


--
-- Name: assignments; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.assignments ENABLE ROW LEVEL SECURITY;

--
-- Name: assignments assignments_student; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY assignments_student ON public.assignments FOR SELECT TO edujam_student USING (((EXISTS ( SELECT 1
   FROM public.class_students cs
  WHERE ((cs.class_id = assignments.class_id) AND (cs.student = ( SELECT public.edujam_student_name() AS edujam_student_name))))) AND (((whole_class)::integer <> 0) OR (( SELECT count(*) AS count
   FROM public.assignment_recipients r
  WHERE ((r.assignment_id = assignments.id) AND (r.student = ( SELECT public.edujam_student_name() AS edujam_student_name)))) > 0))));


--
-- Name: assignments assignments_teacher; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY assignments_teacher ON public.assignments TO edujam_teacher USING ((public.edujam_class_owner(class_id) = CURRENT_USER));


--
-- Name: attempt_checks; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.attempt_checks ENABLE ROW LEVEL SECURITY;

--
-- Name: attempt_checks attempt_checks_teacher; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY attempt_checks_teacher ON public.attempt_checks TO edujam_teacher USING (public.edujam_may_check(activity_id)) WITH CHECK (((checked_by = CURRENT_USER) AND public.edujam_may_check(activity_id)));


--
-- Name: attempt_checks attempt_checks_with_attempt; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY attempt_checks_with_attempt ON public.attempt_checks FOR SELECT TO edujam_teacher, edujam_student USING ((EXISTS ( SELECT 1
   FROM public.activities a
  WHERE (a.id = attempt_checks.activity_id))));


--
-- Name: attempt_events; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.attempt_events ENABLE ROW LEVEL SECURITY;

--
-- Name: attempt_events attempt_events_add; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY attempt_events_add ON public.attempt_events FOR INSERT TO edujam_teacher, edujam_student WITH CHECK ((EXISTS ( SELECT 1
   FROM public.activities a
  WHERE ((a.id = attempt_events.activity_id) AND (a.student = ( SELECT
                CASE
                    WHEN pg_has_role(CURRENT_USER, 'edujam_student'::name, 'USAGE'::text) THEN ( SELECT l.student
                       FROM public.student_logins l
                      WHERE (l.login = (CURRENT_USER COLLATE "default")))
                    WHEN (EXISTS ( SELECT 1
                       FROM public.student_logins l
                      WHERE ((l.student = (CURRENT_USER COLLATE "default")) AND (l.login <> (CURRENT_USER COLLATE "default"))))) THEN NULL::text
                    ELSE (CURRENT_USER)::text
                END AS "current_user")) AND ((a.ended_at IS NULL) OR (a.ended_in_transaction = pg_current_xact_id()))))));


--
-- Name: attempt_events attempt_events_read; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY attempt_events_read ON public.attempt_events FOR SELECT TO edujam_teacher, edujam_student USING ((EXISTS ( SELECT 1
   FROM public.activities a
  WHERE (a.id = attempt_events.activity_id))));


--
-- Name: attempt_events attempt_events_remove; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY attempt_events_remove ON public.attempt_events FOR DELETE TO edujam_teacher, edujam_student USING ((EXISTS ( SELECT 1
   FROM public.activities a
  WHERE ((a.id = attempt_events.activity_id) AND (a.student = ( SELECT
                CASE
                    WHEN pg_has_role(CURRENT_USER, 'edujam_student'::name, 'USAGE'::text) THEN ( SELECT l.student
                       FROM public.student_logins l
                      WHERE (l.login = (CURRENT_USER COLLATE "default")))
                    WHEN (EXISTS ( SELECT 1
                       FROM public.student_logins l
                      WHERE ((l.student = (CURRENT_USER COLLATE "default")) AND (l.login <> (CURRENT_USER COLLATE "default"))))) THEN NULL::text
                    ELSE (CURRENT_USER)::text
                END AS "current_user")) AND ((a.ended_at IS NULL) OR (a.ended_in_transaction = pg_current_xact_id()))))));


--
-- Name: attempt_events attempt_events_save; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY attempt_events_save ON public.attempt_events FOR UPDATE TO edujam_teacher, edujam_student USING ((EXISTS ( SELECT 1
   FROM public.activities a
  WHERE ((a.id = attempt_events.activity_id) AND (a.student = ( SELECT
                CASE
                    WHEN pg_has_role(CURRENT_USER, 'edujam_student'::name, 'USAGE'::text) THEN ( SELECT l.student
                       FROM public.student_logins l
                      WHERE (l.login = (CURRENT_USER COLLATE "default")))
                    WHEN (EXISTS ( SELECT 1
                       FROM public.student_logins l
                      WHERE ((l.student = (CURRENT_USER COLLATE "default")) AND (l.login <> (CURRENT_USER COLLATE "default"))))) THEN NULL::text
                    ELSE (CURRENT_USER)::text
                END AS "current_user")) AND ((a.ended_at IS NULL) OR (a.ended_in_transaction = pg_current_xact_id())))))) WITH CHECK ((EXISTS ( SELECT 1
   FROM public.activities a
  WHERE ((a.id = attempt_events.activity_id) AND (a.student = ( SELECT
                CASE
                    WHEN pg_has_role(CURRENT_USER, 'edujam_student'::name, 'USAGE'::text) THEN ( SELECT l.student
                       FROM public.student_logins l
                      WHERE (l.login = (CURRENT_USER COLLATE "default")))
                    WHEN (EXISTS ( SELECT 1
                       FROM public.student_logins l
                      WHERE ((l.student = (CURRENT_USER COLLATE "default")) AND (l.login <> (CURRENT_USER COLLATE "default"))))) THEN NULL::text
                    ELSE (CURRENT_USER)::text
                END AS "current_user")) AND ((a.ended_at IS NULL) OR (a.ended_in_transaction = pg_current_xact_id()))))));


--
-- Name: attempt_inputs; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.attempt_inputs ENABLE ROW LEVEL SECURITY;

--
-- Name: attempt_inputs attempt_inputs_add; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY attempt_inputs_add ON public.attempt_inputs FOR INSERT TO edujam_teacher, edujam_student WITH CHECK ((EXISTS ( SELECT 1
   FROM public.activities a
  WHERE ((a.id = attempt_inputs.activity_id) AND (a.student = ( SELECT
                CASE
                    WHEN pg_has_role(CURRENT_USER, 'edujam_student'::name, 'USAGE'::text) THEN ( SELECT l.student
                       FROM public.student_logins l
                      WHERE (l.login = (CURRENT_USER COLLATE "default")))
                    WHEN (EXISTS ( SELECT 1
                       FROM public.student_logins l
                      WHERE ((l.student = (CURRENT_USER COLLATE "default")) AND (l.login <> (CURRENT_USER COLLATE "default"))))) THEN NULL::text
                    ELSE (CURRENT_USER)::text
                END AS "current_user")) AND ((a.ended_at IS NULL) OR (a.ended_in_transaction = pg_current_xact_id()))))));


--
-- Name: attempt_inputs attempt_inputs_remove; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY attempt_inputs_remove ON public.attempt_inputs FOR DELETE TO edujam_teacher, edujam_student USING ((EXISTS ( SELECT 1
   FROM public.activities a
  WHERE ((a.id = attempt_inputs.activity_id) AND (a.student = ( SELECT
                CASE
                    WHEN pg_has_role(CURRENT_USER, 'edujam_student'::name, 'USAGE'::text) THEN ( SELECT l.student
                       FROM public.student_logins l
                      WHERE (l.login = (CURRENT_USER COLLATE "default")))
                    WHEN (EXISTS ( SELECT 1
                       FROM public.student_logins l
                      WHERE ((l.student = (CURRENT_USER COLLATE "default")) AND (l.login <> (CURRENT_USER COLLATE "default"))))) THEN NULL::text
                    ELSE (CURRENT_USER)::text
                END AS "current_user")) AND ((a.ended_at IS NULL) OR (a.ended_in_transaction = pg_current_xact_id()))))));


--
-- Name: attempt_inputs attempt_inputs_save; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY attempt_inputs_save ON public.attempt_inputs FOR UPDATE TO edujam_teacher, edujam_student USING ((EXISTS ( SELECT 1
   FROM public.activities a
  WHERE ((a.id = attempt_inputs.activity_id) AND (a.student = ( SELECT
                CASE
                    WHEN pg_has_role(CURRENT_USER, 'edujam_student'::name, 'USAGE'::text) THEN ( SELECT l.student
                       FROM public.student_logins l
                      WHERE (l.login = (CURRENT_USER COLLATE "default")))
                    WHEN (EXISTS ( SELECT 1
                       FROM public.student_logins l
                      WHERE ((l.student = (CURRENT_USER COLLATE "default")) AND (l.login <> (CURRENT_USER COLLATE "default"))))) THEN NULL::text
                    ELSE (CURRENT_USER)::text
                END AS "current_user")) AND ((a.ended_at IS NULL) OR (a.ended_in_transaction = pg_current_xact_id())))))) WITH CHECK ((EXISTS ( SELECT 1
   FROM public.activities a
  WHERE ((a.id = attempt_inputs.activity_id) AND (a.student = ( SELECT
                CASE
                    WHEN pg_has_role(CURRENT_USER, 'edujam_student'::name, 'USAGE'::text) THEN ( SELECT l.student
                       FROM public.student_logins l
                      WHERE (l.login = (CURRENT_USER COLLATE "default")))
                    WHEN (EXISTS ( SELECT 1
                       FROM public.student_logins l
                      WHERE ((l.student = (CURRENT_USER COLLATE "default")) AND (l.login <> (CURRENT_USER COLLATE "default"))))) THEN NULL::text
                    ELSE (CURRENT_USER)::text
                END AS "current_user")) AND ((a.ended_at IS NULL) OR (a.ended_in_transaction = pg_current_xact_id()))))));


--
-- Name: attempt_inputs attempt_inputs_with_attempt; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY attempt_inputs_with_attempt ON public.attempt_inputs FOR SELECT TO edujam_teacher, edujam_student USING ((EXISTS ( SELECT 1
   FROM public.activities a
  WHERE (a.id = attempt_inputs.activity_id))));


--
-- Name: class_students; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.class_students ENABLE ROW LEVEL SECURITY;

--
-- Name: class_students class_students_student; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY class_students_student ON public.class_students FOR SELECT TO edujam_student USING ((student = ( SELECT public.edujam_student_name() AS edujam_student_name)));


--
-- Name: class_students class_students_teacher; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY class_students_teacher ON public.class_students TO edujam_teacher USING ((public.edujam_class_owner(class_id) = CURRENT_USER));


--
-- Name: classes; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.classes ENABLE ROW LEVEL SECURITY;

--
-- Name: classes classes_student; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY classes_student ON public.classes FOR SELECT TO edujam_student USING ((EXISTS ( SELECT 1
   FROM public.class_students cs
  WHERE ((cs.class_id = classes.id) AND (cs.student = ( SELECT public.edujam_student_name() AS edujam_student_name))))));


--
-- Name: classes classes_teacher; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY classes_teacher ON public.classes TO edujam_teacher USING ((owner = CURRENT_USER)) WITH CHECK ((owner = CURRENT_USER));


--
-- Name: contexts; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.contexts ENABLE ROW LEVEL SECURITY;

--
-- Name: contexts contexts_read; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY contexts_read ON public.contexts FOR SELECT TO edujam_teacher, edujam_student USING (true);


--
-- Name: contexts contexts_student_add; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY contexts_student_add ON public.contexts FOR INSERT TO edujam_student WITH CHECK (
CASE
    WHEN (parent_id IS NULL) THEN ((path)::jsonb = jsonb_build_array(( SELECT i.value
       FROM public.store_info i
      WHERE (i.key = 'root_identifier'::text))))
    ELSE ((path)::jsonb = (( SELECT (p.path)::jsonb AS path
       FROM public.contexts p
      WHERE (p.id = contexts.parent_id)) || jsonb_build_array(identifier)))
END);


--
-- Name: contexts contexts_student_unpublished; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY contexts_student_unpublished ON public.contexts AS RESTRICTIVE FOR INSERT TO edujam_student WITH CHECK ((NOT (EXISTS ( SELECT 1
   FROM public.game_current g
  WHERE (g.game = ((contexts.path)::jsonb ->> 1))))));


--
-- Name: contexts contexts_teacher; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY contexts_teacher ON public.contexts TO edujam_teacher USING (true) WITH CHECK (true);


--
-- Name: game_current; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.game_current ENABLE ROW LEVEL SECURITY;

--
-- Name: game_current game_current_add; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY game_current_add ON public.game_current FOR INSERT TO edujam_teacher WITH CHECK (((set_by = CURRENT_USER) AND public.edujam_owns_game(game)));


--
-- Name: game_current game_current_read; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY game_current_read ON public.game_current FOR SELECT TO edujam_teacher, edujam_student USING (true);


--
-- Name: game_current game_current_set; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY game_current_set ON public.game_current FOR UPDATE TO edujam_teacher USING (public.edujam_owns_game(game)) WITH CHECK (((set_by = CURRENT_USER) AND public.edujam_owns_game(game)));


--
-- Name: game_owners; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.game_owners ENABLE ROW LEVEL SECURITY;

--
-- Name: game_owners game_owners_claim; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY game_owners_claim ON public.game_owners FOR INSERT TO edujam_teacher WITH CHECK (((owner = CURRENT_USER) AND (NOT (EXISTS ( SELECT 1
   FROM public.game_versions v
  WHERE (v.game = game_owners.game))))));


--
-- Name: game_owners game_owners_read; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY game_owners_read ON public.game_owners FOR SELECT TO edujam_teacher, edujam_student USING (true);


--
-- Name: game_versions; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.game_versions ENABLE ROW LEVEL SECURITY;

--
-- Name: game_versions game_versions_publish; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY game_versions_publish ON public.game_versions FOR INSERT TO edujam_teacher WITH CHECK (((published_by = CURRENT_USER) AND public.edujam_owns_game(game)));


--
-- Name: game_versions game_versions_read; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY game_versions_read ON public.game_versions FOR SELECT TO edujam_teacher, edujam_student USING (true);


--
-- Name: retired_versions; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.retired_versions ENABLE ROW LEVEL SECURITY;

--
-- Name: retired_versions retired_versions_change; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY retired_versions_change ON public.retired_versions FOR UPDATE TO edujam_teacher USING (public.edujam_owns_game(game)) WITH CHECK (((retired_by = CURRENT_USER) AND public.edujam_owns_game(game)));


--
-- Name: retired_versions retired_versions_read; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY retired_versions_read ON public.retired_versions FOR SELECT TO edujam_teacher, edujam_student USING (true);


--
-- Name: retired_versions retired_versions_retire; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY retired_versions_retire ON public.retired_versions FOR INSERT TO edujam_teacher WITH CHECK (((retired_by = CURRENT_USER) AND public.edujam_owns_game(game)));


--
-- Name: retired_versions retired_versions_unretire; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY retired_versions_unretire ON public.retired_versions FOR DELETE TO edujam_teacher USING (public.edujam_owns_game(game));


--
-- Name: roster_classes; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.roster_classes ENABLE ROW LEVEL SECURITY;

--
-- Name: roster_classes roster_classes_teacher; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY roster_classes_teacher ON public.roster_classes TO edujam_teacher USING ((public.edujam_class_owner(class_id) = CURRENT_USER));


--
-- Name: roster_enrollments; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.roster_enrollments ENABLE ROW LEVEL SECURITY;

--
-- Name: roster_enrollments roster_enrollments_teacher; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY roster_enrollments_teacher ON public.roster_enrollments TO edujam_teacher USING ((public.edujam_class_owner(class_id) = CURRENT_USER));


--
-- Name: student_logins; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.student_logins ENABLE ROW LEVEL SECURITY;

--
-- Name: student_logins student_logins_own; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY student_logins_own ON public.student_logins FOR SELECT TO edujam_student USING ((login = (CURRENT_USER COLLATE "default")));


--
-- Name: student_logins student_logins_teacher_add; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY student_logins_teacher_add ON public.student_logins FOR INSERT TO edujam_teacher WITH CHECK (true);


--
-- Name: student_logins student_logins_teacher_read; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY student_logins_teacher_read ON public.student_logins FOR SELECT TO edujam_teacher USING (true);


--
-- Name: SCHEMA public; Type: ACL; Schema: -; Owner: -
--

GRANT USAGE ON SCHEMA public TO edujam_teacher;
GRANT USAGE ON SCHEMA public TO edujam_student;


--
-- Name: FUNCTION edujam_assignment_owner(assignment bigint); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.edujam_assignment_owner(assignment bigint) FROM PUBLIC;
GRANT ALL ON FUNCTION public.edujam_assignment_owner(assignment bigint) TO edujam_teacher;


--
-- Name: FUNCTION edujam_class_owner(class bigint); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.edujam_class_owner(class bigint) FROM PUBLIC;
GRANT ALL ON FUNCTION public.edujam_class_owner(class bigint) TO edujam_teacher;


--
-- Name: FUNCTION edujam_create_student_login(login text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.edujam_create_student_login(login text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.edujam_create_student_login(login text) TO edujam_teacher;


--
-- Name: FUNCTION edujam_create_teacher_login(login text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.edujam_create_teacher_login(login text) FROM PUBLIC;


--
-- Name: FUNCTION edujam_give_class(class bigint, login text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.edujam_give_class(class bigint, login text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.edujam_give_class(class bigint, login text) TO edujam_teacher;


--
-- Name: FUNCTION edujam_give_game(g text, login text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.edujam_give_game(g text, login text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.edujam_give_game(g text, login text) TO edujam_teacher;


--
-- Name: FUNCTION edujam_may_check(attempt bigint); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.edujam_may_check(attempt bigint) FROM PUBLIC;
GRANT ALL ON FUNCTION public.edujam_may_check(attempt bigint) TO edujam_teacher;


--
-- Name: FUNCTION edujam_save(attempts_context text[], attempts_uuid uuid[], attempts_student text[], attempts_created_at double precision[], attempts_started_at double precision[], attempts_ended_at double precision[], attempts_outcome text[], attempts_done_by text[], attempts_duration double precision[], attempts_progress double precision[], attempts_ranges text[], attempts_primary_item text[], attempts_was_started boolean[], attempts_owner_host text[], attempts_owner_pid integer[], attempts_owner_start text[], attempts_saved_at double precision[], attempts_game_version text[], removed_uuid uuid[], removed_identifier text[], items_uuid uuid[], items_sequence integer[], items_identifier text[], items_title text[], items_kind text[], items_quantity double precision[], items_flag boolean[], items_value_type text[], items_score double precision[], items_max_score double precision[], events_uuid uuid[], events_sequence integer[], events_kind text[], events_at double precision[], events_progress double precision[], events_outcome text[], inputs_uuid uuid[], inputs_record text[], inputs_bytes integer[], save_time double precision); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.edujam_save(attempts_context text[], attempts_uuid uuid[], attempts_student text[], attempts_created_at double precision[], attempts_started_at double precision[], attempts_ended_at double precision[], attempts_outcome text[], attempts_done_by text[], attempts_duration double precision[], attempts_progress double precision[], attempts_ranges text[], attempts_primary_item text[], attempts_was_started boolean[], attempts_owner_host text[], attempts_owner_pid integer[], attempts_owner_start text[], attempts_saved_at double precision[], attempts_game_version text[], removed_uuid uuid[], removed_identifier text[], items_uuid uuid[], items_sequence integer[], items_identifier text[], items_title text[], items_kind text[], items_quantity double precision[], items_flag boolean[], items_value_type text[], items_score double precision[], items_max_score double precision[], events_uuid uuid[], events_sequence integer[], events_kind text[], events_at double precision[], events_progress double precision[], events_outcome text[], inputs_uuid uuid[], inputs_record text[], inputs_bytes integer[], save_time double precision) FROM PUBLIC;
GRANT ALL ON FUNCTION public.edujam_save(attempts_context text[], attempts_uuid uuid[], attempts_student text[], attempts_created_at double precision[], attempts_started_at double precision[], attempts_ended_at double precision[], attempts_outcome text[], attempts_done_by text[], attempts_duration double precision[], attempts_progress double precision[], attempts_ranges text[], attempts_primary_item text[], attempts_was_started boolean[], attempts_owner_host text[], attempts_owner_pid integer[], attempts_owner_start text[], attempts_saved_at double precision[], attempts_game_version text[], removed_uuid uuid[], removed_identifier text[], items_uuid uuid[], items_sequence integer[], items_identifier text[], items_title text[], items_kind text[], items_quantity double precision[], items_flag boolean[], items_value_type text[], items_score double precision[], items_max_score double precision[], events_uuid uuid[], events_sequence integer[], events_kind text[], events_at double precision[], events_progress double precision[], events_outcome text[], inputs_uuid uuid[], inputs_record text[], inputs_bytes integer[], save_time double precision) TO edujam_teacher;
GRANT ALL ON FUNCTION public.edujam_save(attempts_context text[], attempts_uuid uuid[], attempts_student text[], attempts_created_at double precision[], attempts_started_at double precision[], attempts_ended_at double precision[], attempts_outcome text[], attempts_done_by text[], attempts_duration double precision[], attempts_progress double precision[], attempts_ranges text[], attempts_primary_item text[], attempts_was_started boolean[], attempts_owner_host text[], attempts_owner_pid integer[], attempts_owner_start text[], attempts_saved_at double precision[], attempts_game_version text[], removed_uuid uuid[], removed_identifier text[], items_uuid uuid[], items_sequence integer[], items_identifier text[], items_title text[], items_kind text[], items_quantity double precision[], items_flag boolean[], items_value_type text[], items_score double precision[], items_max_score double precision[], events_uuid uuid[], events_sequence integer[], events_kind text[], events_at double precision[], events_progress double precision[], events_outcome text[], inputs_uuid uuid[], inputs_record text[], inputs_bytes integer[], save_time double precision) TO edujam_student;


--
-- Name: FUNCTION edujam_settle_attempt_bytes(who text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.edujam_settle_attempt_bytes(who text) FROM PUBLIC;


--
-- Name: TABLE activities; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,UPDATE ON TABLE public.activities TO edujam_teacher;
GRANT SELECT,UPDATE ON TABLE public.activities TO edujam_student;


--
-- Name: COLUMN activities.uuid; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(uuid) ON TABLE public.activities TO edujam_teacher;
GRANT INSERT(uuid) ON TABLE public.activities TO edujam_student;


--
-- Name: COLUMN activities.context_id; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(context_id) ON TABLE public.activities TO edujam_teacher;
GRANT INSERT(context_id) ON TABLE public.activities TO edujam_student;


--
-- Name: COLUMN activities.student; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(student) ON TABLE public.activities TO edujam_teacher;
GRANT INSERT(student) ON TABLE public.activities TO edujam_student;


--
-- Name: COLUMN activities.created_at; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(created_at) ON TABLE public.activities TO edujam_teacher;
GRANT INSERT(created_at) ON TABLE public.activities TO edujam_student;


--
-- Name: COLUMN activities.started_at; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(started_at) ON TABLE public.activities TO edujam_teacher;
GRANT INSERT(started_at) ON TABLE public.activities TO edujam_student;


--
-- Name: COLUMN activities.ended_at; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(ended_at) ON TABLE public.activities TO edujam_teacher;
GRANT INSERT(ended_at) ON TABLE public.activities TO edujam_student;


--
-- Name: COLUMN activities.outcome; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(outcome) ON TABLE public.activities TO edujam_teacher;
GRANT INSERT(outcome) ON TABLE public.activities TO edujam_student;


--
-- Name: COLUMN activities.done_by; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(done_by) ON TABLE public.activities TO edujam_teacher;
GRANT INSERT(done_by) ON TABLE public.activities TO edujam_student;


--
-- Name: COLUMN activities.duration; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(duration) ON TABLE public.activities TO edujam_teacher;
GRANT INSERT(duration) ON TABLE public.activities TO edujam_student;


--
-- Name: COLUMN activities.progress; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(progress) ON TABLE public.activities TO edujam_teacher;
GRANT INSERT(progress) ON TABLE public.activities TO edujam_student;


--
-- Name: COLUMN activities.ranges; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(ranges) ON TABLE public.activities TO edujam_teacher;
GRANT INSERT(ranges) ON TABLE public.activities TO edujam_student;


--
-- Name: COLUMN activities.primary_item; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(primary_item) ON TABLE public.activities TO edujam_teacher;
GRANT INSERT(primary_item) ON TABLE public.activities TO edujam_student;


--
-- Name: COLUMN activities.was_started; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(was_started) ON TABLE public.activities TO edujam_teacher;
GRANT INSERT(was_started) ON TABLE public.activities TO edujam_student;


--
-- Name: COLUMN activities.owner_host; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(owner_host) ON TABLE public.activities TO edujam_teacher;
GRANT INSERT(owner_host) ON TABLE public.activities TO edujam_student;


--
-- Name: COLUMN activities.owner_pid; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(owner_pid) ON TABLE public.activities TO edujam_teacher;
GRANT INSERT(owner_pid) ON TABLE public.activities TO edujam_student;


--
-- Name: COLUMN activities.owner_start; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(owner_start) ON TABLE public.activities TO edujam_teacher;
GRANT INSERT(owner_start) ON TABLE public.activities TO edujam_student;


--
-- Name: COLUMN activities.saved_at; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(saved_at) ON TABLE public.activities TO edujam_teacher;
GRANT INSERT(saved_at) ON TABLE public.activities TO edujam_student;


--
-- Name: COLUMN activities.game_version; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(game_version) ON TABLE public.activities TO edujam_teacher;
GRANT INSERT(game_version) ON TABLE public.activities TO edujam_student;


--
-- Name: TABLE activity_items; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.activity_items TO edujam_teacher;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.activity_items TO edujam_student;


--
-- Name: TABLE assignment_activities; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.assignment_activities TO edujam_teacher;
GRANT SELECT ON TABLE public.assignment_activities TO edujam_student;


--
-- Name: TABLE assignment_done; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,INSERT ON TABLE public.assignment_done TO edujam_teacher;
GRANT SELECT,INSERT ON TABLE public.assignment_done TO edujam_student;


--
-- Name: TABLE assignment_recipients; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.assignment_recipients TO edujam_teacher;
GRANT SELECT ON TABLE public.assignment_recipients TO edujam_student;


--
-- Name: TABLE assignments; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,DELETE,UPDATE ON TABLE public.assignments TO edujam_teacher;
GRANT SELECT ON TABLE public.assignments TO edujam_student;


--
-- Name: COLUMN assignments.class_id; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(class_id) ON TABLE public.assignments TO edujam_teacher;


--
-- Name: COLUMN assignments.title; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(title) ON TABLE public.assignments TO edujam_teacher;


--
-- Name: COLUMN assignments.instructions; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(instructions) ON TABLE public.assignments TO edujam_teacher;


--
-- Name: COLUMN assignments.due_at; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(due_at) ON TABLE public.assignments TO edujam_teacher;


--
-- Name: COLUMN assignments.whole_class; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(whole_class) ON TABLE public.assignments TO edujam_teacher;


--
-- Name: COLUMN assignments.created_at; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(created_at) ON TABLE public.assignments TO edujam_teacher;


--
-- Name: COLUMN assignments.completed_at; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(completed_at) ON TABLE public.assignments TO edujam_teacher;


--
-- Name: SEQUENCE assignments_id_seq; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT ON SEQUENCE public.assignments_id_seq TO edujam_teacher;


--
-- Name: TABLE attempt_checks; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.attempt_checks TO edujam_teacher;
GRANT SELECT ON TABLE public.attempt_checks TO edujam_student;


--
-- Name: TABLE attempt_events; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.attempt_events TO edujam_teacher;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.attempt_events TO edujam_student;


--
-- Name: TABLE attempt_inputs; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.attempt_inputs TO edujam_teacher;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.attempt_inputs TO edujam_student;


--
-- Name: TABLE class_students; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.class_students TO edujam_teacher;
GRANT SELECT ON TABLE public.class_students TO edujam_student;


--
-- Name: TABLE classes; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,DELETE,UPDATE ON TABLE public.classes TO edujam_teacher;
GRANT SELECT ON TABLE public.classes TO edujam_student;


--
-- Name: COLUMN classes.name; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(name) ON TABLE public.classes TO edujam_teacher;


--
-- Name: COLUMN classes.created_at; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(created_at) ON TABLE public.classes TO edujam_teacher;


--
-- Name: COLUMN classes.owner; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(owner) ON TABLE public.classes TO edujam_teacher;


--
-- Name: TABLE contexts; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,DELETE,UPDATE ON TABLE public.contexts TO edujam_teacher;
GRANT SELECT,UPDATE ON TABLE public.contexts TO edujam_student;


--
-- Name: COLUMN contexts.parent_id; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(parent_id) ON TABLE public.contexts TO edujam_teacher;
GRANT INSERT(parent_id) ON TABLE public.contexts TO edujam_student;


--
-- Name: COLUMN contexts.path; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(path) ON TABLE public.contexts TO edujam_teacher;
GRANT INSERT(path) ON TABLE public.contexts TO edujam_student;


--
-- Name: COLUMN contexts.identifier; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(identifier) ON TABLE public.contexts TO edujam_teacher;
GRANT INSERT(identifier) ON TABLE public.contexts TO edujam_student;


--
-- Name: COLUMN contexts.title; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(title) ON TABLE public.contexts TO edujam_teacher;
GRANT INSERT(title) ON TABLE public.contexts TO edujam_student;


--
-- Name: COLUMN contexts.type; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(type) ON TABLE public.contexts TO edujam_teacher;
GRANT INSERT(type) ON TABLE public.contexts TO edujam_student;


--
-- Name: COLUMN contexts.custom_type_name; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(custom_type_name) ON TABLE public.contexts TO edujam_teacher;
GRANT INSERT(custom_type_name) ON TABLE public.contexts TO edujam_student;


--
-- Name: COLUMN contexts.topic; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(topic) ON TABLE public.contexts TO edujam_teacher;
GRANT INSERT(topic) ON TABLE public.contexts TO edujam_student;


--
-- Name: COLUMN contexts.summary; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(summary) ON TABLE public.contexts TO edujam_teacher;
GRANT INSERT(summary) ON TABLE public.contexts TO edujam_student;


--
-- Name: COLUMN contexts.display_order; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(display_order) ON TABLE public.contexts TO edujam_teacher;
GRANT INSERT(display_order) ON TABLE public.contexts TO edujam_student;


--
-- Name: COLUMN contexts.is_assignable; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(is_assignable) ON TABLE public.contexts TO edujam_teacher;
GRANT INSERT(is_assignable) ON TABLE public.contexts TO edujam_student;


--
-- Name: COLUMN contexts.age_min; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(age_min) ON TABLE public.contexts TO edujam_teacher;
GRANT INSERT(age_min) ON TABLE public.contexts TO edujam_student;


--
-- Name: COLUMN contexts.age_max; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(age_max) ON TABLE public.contexts TO edujam_teacher;
GRANT INSERT(age_max) ON TABLE public.contexts TO edujam_student;


--
-- Name: COLUMN contexts.minutes_min; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(minutes_min) ON TABLE public.contexts TO edujam_teacher;
GRANT INSERT(minutes_min) ON TABLE public.contexts TO edujam_student;


--
-- Name: COLUMN contexts.minutes_max; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(minutes_max) ON TABLE public.contexts TO edujam_teacher;
GRANT INSERT(minutes_max) ON TABLE public.contexts TO edujam_student;


--
-- Name: COLUMN contexts.capabilities; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(capabilities) ON TABLE public.contexts TO edujam_teacher;
GRANT INSERT(capabilities) ON TABLE public.contexts TO edujam_student;


--
-- Name: COLUMN contexts.keywords; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(keywords) ON TABLE public.contexts TO edujam_teacher;
GRANT INSERT(keywords) ON TABLE public.contexts TO edujam_student;


--
-- Name: COLUMN contexts.universal_link; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(universal_link) ON TABLE public.contexts TO edujam_teacher;
GRANT INSERT(universal_link) ON TABLE public.contexts TO edujam_student;


--
-- Name: COLUMN contexts.created_at; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(created_at) ON TABLE public.contexts TO edujam_teacher;
GRANT INSERT(created_at) ON TABLE public.contexts TO edujam_student;


--
-- Name: COLUMN contexts.modified_at; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(modified_at) ON TABLE public.contexts TO edujam_teacher;
GRANT INSERT(modified_at) ON TABLE public.contexts TO edujam_student;


--
-- Name: TABLE game_current; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,INSERT,UPDATE ON TABLE public.game_current TO edujam_teacher;
GRANT SELECT ON TABLE public.game_current TO edujam_student;


--
-- Name: TABLE game_owners; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,INSERT ON TABLE public.game_owners TO edujam_teacher;
GRANT SELECT ON TABLE public.game_owners TO edujam_student;


--
-- Name: TABLE game_versions; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,INSERT ON TABLE public.game_versions TO edujam_teacher;
GRANT SELECT ON TABLE public.game_versions TO edujam_student;


--
-- Name: TABLE lrs_accepted; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.lrs_accepted TO edujam_teacher;


--
-- Name: TABLE retired_versions; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.retired_versions TO edujam_teacher;
GRANT SELECT ON TABLE public.retired_versions TO edujam_student;


--
-- Name: TABLE roster_classes; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.roster_classes TO edujam_teacher;


--
-- Name: TABLE roster_enrollments; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.roster_enrollments TO edujam_teacher;


--
-- Name: TABLE roster_people; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.roster_people TO edujam_teacher;


--
-- Name: TABLE schema_migrations; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT ON TABLE public.schema_migrations TO edujam_teacher;
GRANT SELECT ON TABLE public.schema_migrations TO edujam_student;


--
-- Name: TABLE staff_players; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT ON TABLE public.staff_players TO edujam_teacher;
GRANT SELECT ON TABLE public.staff_players TO edujam_student;


--
-- Name: TABLE store_info; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT ON TABLE public.store_info TO edujam_teacher;
GRANT SELECT ON TABLE public.store_info TO edujam_student;


--
-- Name: TABLE student_logins; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,INSERT ON TABLE public.student_logins TO edujam_teacher;
GRANT SELECT ON TABLE public.student_logins TO edujam_student;


--
-- PostgreSQL database dump complete
--


--
-- PostgreSQL database dump
--



SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

--
-- Data for Name: schema_migrations; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.schema_migrations (name, "position") FROM stdin;
001-store-info	0
002-tracking	1
003-classroom	2
004-oneroster	3
005-lrs-push	4
006-school-roles	5
007-row-level-security	6
008-report-and-inbox-by-index	7
009-server-ids-and-own-attempts	8
010-row-checks	9
011-class-owners	10
012-opaque-identifiers	11
013-attempt-game-version	12
014-game-versions	13
015-attempt-inputs	14
016-ended-attempts-frozen	15
017-attempt-checks	16
018-identity-by-index	17
019-owner-lookups-by-index	18
020-identity-schema-qualified	19
021-save-policies-in-sql	20
022-item-count-by-row	21
023-save-function	22
024-item-values-as-float8	23
025-finite-attempt-times	24
026-attempt-text-bounds	25
027-done-marks-finite	26
028-attempts-per-student	27
029-catalog-additions	28
030-published-games-closed	29
031-events-per-attempt	30
032-bytes-per-student	31
033-grading-exclusions	32
034-ended-attempts-locked	33
035-teachers-apart	34
\.


--
-- PostgreSQL database dump complete
--


