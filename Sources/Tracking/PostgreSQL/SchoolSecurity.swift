/// The school's security on a PostgreSQL store: who may read and write what, in the database
/// itself (`docs/school-server.md`, "Running a school server").
///
/// Identity is the login role, `current_user`: nothing a person types can change it. These are the
/// last named migrations of the PostgreSQL schema, so `edujam store init` (run once by the
/// database's owner) and `edujam store migrate` create them with the tables. Here are Tracking's
/// halves (the roles, the logins and their functions, the policies on Tracking's tables); the
/// classroom's tables, their policies and the teachers' read of their students' attempts are
/// Classroom's halves of the same names (``SchemaPart``, Classroom's `ClassroomSchema`).
///
/// - `edujam_teacher` and `edujam_student` are group roles (NOLOGIN). A teacher is any login
///   granted `edujam_teacher`; a student any login granted `edujam_student` (`class add
///   --create-logins` makes those). The database's owner owns the tables and is not bound by the
///   policies: it is the administrator (`store init`, `store migrate`, `store copy`, backups).
/// - A class has an `owner`, the login that created it. A teacher sees and changes only the
///   classes they own, their rosters, assignments and Done marks; they read the attempts of the
///   students on those rosters (every attempt of those students, as `report --student` shows)
///   and write only their own (``ownRows``).
/// - A student's name maps to their login in `student_logins` (one name, one login, store-wide,
///   because attempts are filed by name): `class add 5C ana` maps `ana` to the login `ana`,
///   `class add 5C "Ana Lima" --login ana` maps the name to `ana`. A login with no name there is
///   nobody's student and can read or write no attempt. Teachers add mappings, since Classroom's
///   `038-login-mappings` only to an existing student's login (a login that does not exist yet
///   may be a pupil's to come); changing or removing one is the owner's (it would hand one
///   student's attempts to another login).
/// - A student reads and writes only their own attempts (with their items and events), reads
///   only their own rows of rosters, their classes, the assignments given to them and their Done
///   marks, and marks done only their own work in those assignments. They delete nothing.
/// - The catalog (`contexts`) is readable by every EduJam role and written by teachers; a student
///   may only INSERT contexts, because playing a game nobody has published yet registers its
///   contexts in the same save as the attempt (since ``PGMigrations/catalogAdditions``, only a row
///   that fits the tree, none under a published game, at most ``Limits/catalogAdditionsPerStudent``
///   of them). They cannot UPDATE or DELETE one: changing a
///   published game's titles, or deleting contexts (which cascades to attempts), stays a
///   teacher's `catalog --publish`. Students hold the UPDATE privilege only because an upsert
///   (`INSERT ... ON CONFLICT DO UPDATE`) needs it even when it inserts; no policy lets them
///   update a row, so such an upsert of an existing context fails for them.
/// - SECURITY DEFINER functions are few and small, each with a fixed `search_path`: the owner of a
///   class or an assignment's class (so teachers' policies need not read `classes` through the
///   students' policies, which would recurse), and `edujam_create_student_login`, which lets a
///   teacher create a login that can do nothing but be a student (the owner needs CREATEROLE).
///   The owner lookups answer only for the caller's own classes, and to teachers only (``ownRows``).
/// - Row ids are the server's: no role but the owner names one (``ownRows``).
/// - An ended attempt is frozen: no role changes or deletes it, its items, events or replay
///   record once it has ended (``PGMigrations/endedAttemptsFrozen``).
///
/// A later migration that adds a table grants and protects it in the same migration; one that
/// adds a column to a table with an identity key grants INSERT on that column (``ownRows``).
package enum SchoolSecurity {
    /// The two group roles (cluster-wide, so a second EduJam database reuses them; two stores
    /// initialised at once may race to create them) and the name-to-login map; each class's
    /// owner, and the map filled from the rosters, are the classroom's half.
    static let roles = Migration(
        name: "006-school-roles",
        sql: """
            DO $$
            DECLARE
                role_name text;
            BEGIN
                FOREACH role_name IN ARRAY ARRAY['edujam_teacher', 'edujam_student'] LOOP
                    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = role_name) THEN
                        BEGIN
                            EXECUTE format('CREATE ROLE %I NOLOGIN', role_name);
                        EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
                        END;
                    END IF;
                END LOOP;
            END
            $$;
            CREATE TABLE student_logins (
                student TEXT PRIMARY KEY,
                login TEXT NOT NULL UNIQUE CHECK (login <> '' AND octet_length(login) <= 63)
            );
            """, owners: [SchemaPart.classroomOwner])

    /// Grants, the few functions the policies need, and the policies themselves, on Tracking's
    /// tables and the logins; the classroom's are its half (Classroom's `ClassroomSchema`).
    static let rowLevelSecurity = Migration(
        name: "007-row-level-security",
        sql: """
            REVOKE CREATE ON SCHEMA public FROM PUBLIC;
            GRANT USAGE ON SCHEMA public TO edujam_teacher, edujam_student;
            GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO edujam_teacher, edujam_student;

            CREATE FUNCTION edujam_student_name() RETURNS text
            LANGUAGE sql STABLE SET search_path = pg_catalog, public, pg_temp AS $$
                SELECT student FROM student_logins WHERE login = current_user
            $$;
            \(createLoginFunction(role: "student", definer: "SECURITY DEFINER "))
            REVOKE ALL ON FUNCTION edujam_create_student_login(text) FROM PUBLIC;
            GRANT EXECUTE ON FUNCTION edujam_create_student_login(text) TO edujam_teacher;

            GRANT SELECT ON schema_migrations, store_info TO edujam_teacher, edujam_student;
            GRANT SELECT, INSERT, UPDATE, DELETE ON contexts TO edujam_teacher;
            GRANT SELECT, INSERT, UPDATE ON contexts TO edujam_student;
            ALTER TABLE contexts ENABLE ROW LEVEL SECURITY;
            CREATE POLICY contexts_read ON contexts FOR SELECT TO edujam_teacher, edujam_student USING (true);
            CREATE POLICY contexts_teacher ON contexts TO edujam_teacher USING (true) WITH CHECK (true);
            CREATE POLICY contexts_student_add ON contexts FOR INSERT TO edujam_student WITH CHECK (true);
            GRANT SELECT, INSERT, UPDATE, DELETE ON lrs_accepted TO edujam_teacher;

            GRANT SELECT, INSERT, UPDATE ON activities TO edujam_teacher, edujam_student;
            ALTER TABLE activities ENABLE ROW LEVEL SECURITY;
            CREATE POLICY activities_student ON activities TO edujam_student
                USING (student = (SELECT edujam_student_name())) WITH CHECK (student = (SELECT edujam_student_name()));

            GRANT SELECT, INSERT, UPDATE, DELETE ON activity_items, attempt_events TO edujam_teacher, edujam_student;
            ALTER TABLE activity_items ENABLE ROW LEVEL SECURITY;
            CREATE POLICY activity_items_of_attempt ON activity_items TO edujam_teacher, edujam_student
                USING (EXISTS (SELECT 1 FROM activities a WHERE a.id = activity_id));
            ALTER TABLE attempt_events ENABLE ROW LEVEL SECURITY;
            CREATE POLICY attempt_events_of_attempt ON attempt_events TO edujam_teacher, edujam_student
                USING (EXISTS (SELECT 1 FROM activities a WHERE a.id = activity_id));

            GRANT SELECT, INSERT ON student_logins TO edujam_teacher;
            GRANT SELECT ON student_logins TO edujam_student;
            ALTER TABLE student_logins ENABLE ROW LEVEL SECURITY;
            CREATE POLICY student_logins_teacher_read ON student_logins FOR SELECT TO edujam_teacher USING (true);
            CREATE POLICY student_logins_teacher_add ON student_logins FOR INSERT TO edujam_teacher WITH CHECK (true);
            CREATE POLICY student_logins_own ON student_logins FOR SELECT TO edujam_student USING (login = current_user);
            """, owners: [SchemaPart.classroomOwner])
}
