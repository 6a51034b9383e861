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
    SELECT c.owner FROM assignments s JOIN classes c ON c.id = s.class_id
    WHERE s.id = assignment AND c.owner IN (session_user, current_setting('role'))
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
-- Name: edujam_item_count(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.edujam_item_count() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM added) THEN
        RETURN NULL;
    END IF;
    IF current_setting('transaction_isolation') = 'repeatable read' THEN
        RAISE EXCEPTION 'items are added in READ COMMITTED or SERIALIZABLE transactions'
            USING ERRCODE = 'check_violation';
    END IF;
    PERFORM 1 FROM activities WHERE id IN (SELECT activity_id FROM added) ORDER BY id FOR NO KEY UPDATE;
    IF EXISTS (
        SELECT 1 FROM activity_items WHERE activity_id IN (SELECT activity_id FROM added)
        GROUP BY activity_id HAVING count(*) > 4
    ) THEN
        RAISE EXCEPTION 'an attempt holds at most 4 items' USING ERRCODE = 'check_violation';
    END IF;
    RETURN NULL;
END
$$;


--
-- Name: edujam_own_attempts_name(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.edujam_own_attempts_name() RETURNS text
    LANGUAGE sql STABLE
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
    SELECT CASE
        WHEN pg_has_role(current_user, 'edujam_student', 'USAGE')
            THEN (SELECT student FROM student_logins WHERE login = current_user)
        WHEN NOT EXISTS (SELECT 1 FROM student_logins WHERE student = current_user AND login <> current_user)
            THEN current_user::text
    END
$$;


--
-- Name: edujam_student_name(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.edujam_student_name() RETURNS text
    LANGUAGE sql STABLE
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
    SELECT student FROM student_logins WHERE login = current_user
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
    saved_at double precision DEFAULT 0 NOT NULL
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
-- Name: lrs_accepted; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.lrs_accepted (
    endpoint text NOT NULL,
    statement_id text NOT NULL,
    accepted_at double precision NOT NULL
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
    ADD CONSTRAINT activity_items_value CHECK ((((kind = 'quantity'::text) AND ((quantity >= ('-179769313486231570000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000'::numeric)::double precision) AND (quantity <= ('179769313486231570000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000'::numeric)::double precision))) OR ((kind = 'binary'::text) AND (flag IS NOT NULL) AND (value_type = ANY (ARRAY['trueFalse'::text, 'passFail'::text, 'yesNo'::text, 'correctIncorrect'::text]))) OR ((kind = 'score'::text) AND ((max_score >= ('-179769313486231570000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000'::numeric)::double precision) AND (max_score <= ('179769313486231570000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000'::numeric)::double precision)) AND (max_score > (0)::double precision) AND ((score >= (0)::double precision) AND (score <= max_score))))) NOT VALID;


--
-- Name: assignment_activities assignment_activities_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.assignment_activities
    ADD CONSTRAINT assignment_activities_pkey PRIMARY KEY (assignment_id, context_id);


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
-- Name: lrs_accepted lrs_accepted_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.lrs_accepted
    ADD CONSTRAINT lrs_accepted_pkey PRIMARY KEY (endpoint, statement_id);


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
-- Name: activity_items activity_items_count; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER activity_items_count AFTER INSERT ON public.activity_items REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION public.edujam_item_count();


--
-- Name: activity_items activity_items_count_moved; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER activity_items_count_moved AFTER UPDATE ON public.activity_items REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION public.edujam_item_count();


--
-- Name: class_students class_students_login; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER class_students_login BEFORE INSERT ON public.class_students FOR EACH ROW EXECUTE FUNCTION public.edujam_default_login();


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
-- Name: attempt_events attempt_events_activity_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.attempt_events
    ADD CONSTRAINT attempt_events_activity_id_fkey FOREIGN KEY (activity_id) REFERENCES public.activities(id) ON DELETE CASCADE;


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
-- Name: activities activities_student; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY activities_student ON public.activities TO edujam_student USING ((student = ( SELECT public.edujam_student_name() AS edujam_student_name))) WITH CHECK ((student = ( SELECT public.edujam_student_name() AS edujam_student_name)));


--
-- Name: activities activities_teacher_add; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY activities_teacher_add ON public.activities FOR INSERT TO edujam_teacher WITH CHECK ((student = ( SELECT public.edujam_own_attempts_name() AS edujam_own_attempts_name)));


--
-- Name: activities activities_teacher_read; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY activities_teacher_read ON public.activities FOR SELECT TO edujam_teacher USING (((student = CURRENT_USER) OR (( SELECT count(*) AS count
   FROM public.class_students cs
  WHERE (cs.student = activities.student)) > 0)));


--
-- Name: activities activities_teacher_save; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY activities_teacher_save ON public.activities FOR UPDATE TO edujam_teacher USING ((student = ( SELECT public.edujam_own_attempts_name() AS edujam_own_attempts_name))) WITH CHECK ((student = ( SELECT public.edujam_own_attempts_name() AS edujam_own_attempts_name)));


--
-- Name: activity_items; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.activity_items ENABLE ROW LEVEL SECURITY;

--
-- Name: activity_items activity_items_add; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY activity_items_add ON public.activity_items FOR INSERT TO edujam_teacher, edujam_student WITH CHECK ((EXISTS ( SELECT 1
   FROM public.activities a
  WHERE ((a.id = activity_items.activity_id) AND (a.student = ( SELECT public.edujam_own_attempts_name() AS edujam_own_attempts_name))))));


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
  WHERE ((a.id = activity_items.activity_id) AND (a.student = ( SELECT public.edujam_own_attempts_name() AS edujam_own_attempts_name))))));


--
-- Name: activity_items activity_items_save; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY activity_items_save ON public.activity_items FOR UPDATE TO edujam_teacher, edujam_student USING ((EXISTS ( SELECT 1
   FROM public.activities a
  WHERE ((a.id = activity_items.activity_id) AND (a.student = ( SELECT public.edujam_own_attempts_name() AS edujam_own_attempts_name)))))) WITH CHECK ((EXISTS ( SELECT 1
   FROM public.activities a
  WHERE ((a.id = activity_items.activity_id) AND (a.student = ( SELECT public.edujam_own_attempts_name() AS edujam_own_attempts_name))))));


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
-- Name: attempt_events; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.attempt_events ENABLE ROW LEVEL SECURITY;

--
-- Name: attempt_events attempt_events_add; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY attempt_events_add ON public.attempt_events FOR INSERT TO edujam_teacher, edujam_student WITH CHECK ((EXISTS ( SELECT 1
   FROM public.activities a
  WHERE ((a.id = attempt_events.activity_id) AND (a.student = ( SELECT public.edujam_own_attempts_name() AS edujam_own_attempts_name))))));


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
  WHERE ((a.id = attempt_events.activity_id) AND (a.student = ( SELECT public.edujam_own_attempts_name() AS edujam_own_attempts_name))))));


--
-- Name: attempt_events attempt_events_save; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY attempt_events_save ON public.attempt_events FOR UPDATE TO edujam_teacher, edujam_student USING ((EXISTS ( SELECT 1
   FROM public.activities a
  WHERE ((a.id = attempt_events.activity_id) AND (a.student = ( SELECT public.edujam_own_attempts_name() AS edujam_own_attempts_name)))))) WITH CHECK ((EXISTS ( SELECT 1
   FROM public.activities a
  WHERE ((a.id = attempt_events.activity_id) AND (a.student = ( SELECT public.edujam_own_attempts_name() AS edujam_own_attempts_name))))));


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

CREATE POLICY contexts_student_add ON public.contexts FOR INSERT TO edujam_student WITH CHECK (true);


--
-- Name: contexts contexts_teacher; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY contexts_teacher ON public.contexts TO edujam_teacher USING (true) WITH CHECK (true);


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

CREATE POLICY student_logins_own ON public.student_logins FOR SELECT TO edujam_student USING ((login = CURRENT_USER));


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
-- Name: TABLE attempt_events; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.attempt_events TO edujam_teacher;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.attempt_events TO edujam_student;


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
-- Name: TABLE lrs_accepted; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.lrs_accepted TO edujam_teacher;


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
\.


--
-- PostgreSQL database dump complete
--


