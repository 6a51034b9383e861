/// Who may map a student's name to a login (`student_logins`), on a school server: PostgreSQL's
/// migration `038-login-mappings`, written out as the text it ran when it shipped, so that it never
/// changes (docs/classroom.md, "Who can see what").
///
/// A mapping decides whose attempts a login writes and whose class it sees, and one login maps to
/// one name in the whole store. Before this migration any teacher could map any name to any login,
/// one that did not exist yet among them: `class add 5C Fake --login maria.s` took the login a
/// pupil on the school's roster would get later, and the owner's OneRoster import of that pupil
/// was then refused whole, as was every other teacher's `class add` of her, with a message that
/// named neither the mapping nor who made it. Now:
///
/// - each mapping records who made it (`mapped_by`; a mapping made before is NULL: unknown);
/// - a teacher maps a name only to an existing student's login (`edujam_is_student_login`): a
///   login granted `edujam_student` and neither `edujam_teacher` nor the store owner's role, not a
///   superuser, and one that can sign in; or her own name to her own login, to put herself on
///   her class's roster and see what her students see. Mapping to a login that does not exist
///   yet, or to another teacher's, the owner's or a superuser's, is the owner's (who is bound by
///   no policy);
/// - a login a teacher creates (`edujam_create_student_login`, `class add --create-logins`) is
///   mapped at once to the name that is the login, so that she cannot create a pupil's future
///   login and then map another name to it; the owner's creations map nothing (the owner's
///   `class login --to NEW --create-logins` moves a name onto the new login);
/// - `class_students`' trigger, which maps a name added to a class to the login of that name,
///   refuses in words what it cannot map: a login another name holds (naming that name and who
///   mapped it), a name longer than a login can be (63 bytes), and, for a teacher, a login that is
///   not a student's.
enum LoginMappings {
    static let postgresql = """
        ALTER TABLE student_logins ADD COLUMN mapped_by text;
        ALTER TABLE student_logins ALTER COLUMN mapped_by SET DEFAULT current_user;

        CREATE FUNCTION edujam_is_student_login(candidate text) RETURNS boolean
        LANGUAGE sql STABLE SET search_path = pg_catalog, public, pg_temp AS $$
            SELECT EXISTS (SELECT 1 FROM pg_roles r WHERE r.rolname = candidate
                AND r.rolcanlogin AND NOT r.rolsuper AND NOT r.rolbypassrls
                AND pg_has_role(r.oid, 'edujam_student', 'USAGE')
                AND NOT pg_has_role(r.oid, 'edujam_teacher', 'USAGE')
                AND NOT pg_has_role(r.oid, (SELECT relowner FROM pg_class WHERE oid = 'student_logins'::regclass), 'USAGE'))
        $$;
        GRANT EXECUTE ON FUNCTION edujam_is_student_login(text) TO edujam_teacher;

        DROP POLICY student_logins_teacher_add ON student_logins;
        CREATE POLICY student_logins_teacher_add ON student_logins FOR INSERT TO edujam_teacher
            WITH CHECK (mapped_by = current_user
                AND (edujam_is_student_login(login) OR (login = current_user AND student = current_user)));

        CREATE OR REPLACE FUNCTION edujam_default_login() RETURNS trigger
        LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
        DECLARE
            holder record;
        BEGIN
            IF EXISTS (SELECT 1 FROM student_logins WHERE student = NEW.student) THEN
                RETURN NEW;
            END IF;
            SELECT l.student, l.mapped_by INTO holder FROM student_logins l WHERE l.login = NEW.student;
            IF FOUND THEN
                RAISE EXCEPTION '%', format('the login %s is already the login of the student %s%s', NEW.student,
                    holder.student, coalesce(' (mapped by ' || holder.mapped_by || ')', ''))
                    USING ERRCODE = 'unique_violation',
                    HINT = 'add this student with --login, naming their own login';
            END IF;
            IF octet_length(NEW.student) > 63 THEN
                RAISE EXCEPTION '%', format('the student name %s is %s bytes long, and a login is at most 63 bytes',
                    NEW.student, octet_length(NEW.student))
                    USING ERRCODE = 'invalid_name', HINT = 'add this student with --login, naming a shorter login';
            END IF;
            IF NOT pg_has_role(current_user, (SELECT relowner FROM pg_class WHERE oid = 'student_logins'::regclass), 'USAGE')
                AND NOT edujam_is_student_login(NEW.student) AND NEW.student <> current_user THEN
                RAISE EXCEPTION '%', format('the login %s is not a student''s login: only the store''s owner maps a student''s name to it',
                    NEW.student)
                    USING ERRCODE = 'insufficient_privilege',
                    HINT = 'a missing login is created with --create-logins; any other, the store''s owner maps';
            END IF;
            INSERT INTO student_logins (student, login) VALUES (NEW.student, NEW.student);
            RETURN NEW;
        END
        $$;

        CREATE OR REPLACE FUNCTION edujam_create_student_login(login text) RETURNS boolean
        LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
        BEGIN
            IF login IS NULL OR login = '' OR octet_length(login) > 63 THEN
                RAISE EXCEPTION 'a login is 1 to 63 bytes long' USING ERRCODE = 'invalid_name';
            END IF;
            IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = login) THEN
                RETURN false;
            END IF;
            EXECUTE format('CREATE ROLE %I LOGIN IN ROLE edujam_student', login);
            IF NOT pg_has_role(session_user, (SELECT relowner FROM pg_class WHERE oid = 'student_logins'::regclass), 'USAGE') THEN
                INSERT INTO student_logins (student, login, mapped_by) VALUES ($1, $1, session_user) ON CONFLICT DO NOTHING;
            END IF;
            RETURN true;
        END
        $$;
        """
}
