extension SchoolSecurity {
    /// A student's own rows hurt nobody else, and a teacher reads attempts but writes only their
    /// own (`docs/classroom.md`, "Who can see what").
    ///
    /// - Ids are the server's alone. The four tables with identity keys (`contexts`, `activities`
    ///   here, `classes`, `assignments` in the classroom's half, ``serverIDs(of:after:)``) take them `GENERATED ALWAYS`, so no UPDATE can move a row to a
    ///   chosen id; the roles' INSERT privilege becomes a column privilege on every column but
    ///   `id`, so `OVERRIDING SYSTEM VALUE` (which needs no privilege of its own) is refused; and
    ///   neither role keeps USAGE on a sequence (an identity draws its values without it; teachers
    ///   keep SELECT on the assignments' one, for `currval`, which draws nothing). A
    ///   student could otherwise take the ids the next saves would get, and every classmate's
    ///   save, or `catalog --publish`, would collide with them. Ids already taken that way, ahead
    ///   of a sequence, are skipped: the sequence moves past those it would reach (within a
    ///   billion values; one far beyond is never reached, and moving to it would use the sequence up).
    ///   A column added later to these tables is granted INSERT to the roles in its migration.
    /// - `edujam_class_owner` and `edujam_assignment_owner` answer only for the login's own classes
    ///   (nil for any other id, which is all the teachers' policies need), and students may no
    ///   longer call them: none of their policies does.
    /// - Teachers read the attempts of the students on their rosters, with items and events, as
    ///   before, and write only attempts played under their own login (``ownAttemptsName``): adding
    ///   a student to a class no longer lets a teacher change that student's work, for their own
    ///   class or anyone else's. Students write their own attempts, items and events as before.
    ///   Done marks and assignments stay the teachers'.
    static let ownRows = Migration(
        name: "009-server-ids-and-own-attempts",
        sql: """
            \(serverIDs(of: ["contexts", "activities"]))
            REVOKE USAGE ON ALL SEQUENCES IN SCHEMA public FROM edujam_teacher, edujam_student;

            \(ownAttemptsName)

            CREATE POLICY activities_teacher_add ON activities FOR INSERT TO edujam_teacher
                WITH CHECK (student = (SELECT edujam_own_attempts_name()));
            CREATE POLICY activities_teacher_save ON activities FOR UPDATE TO edujam_teacher
                USING (student = (SELECT edujam_own_attempts_name()))
                WITH CHECK (student = (SELECT edujam_own_attempts_name()));

            \(ownRowsOfAttempts("activity_items"))
            \(ownRowsOfAttempts("attempt_events"))
            """, owners: [SchemaPart.classroomOwner])

    /// Makes the ids of `tables` the server's alone (``ownRows``): `GENERATED ALWAYS`, INSERT a
    /// column privilege on every column but `id`, the sequence moved past ids taken ahead of it;
    /// then runs `after` in the same block. The classroom's tables get the same in its half.
    package static func serverIDs(of tables: [String], after: String = "") -> String {
        let names = tables.map { "'\($0)'" }.joined(separator: ", ")
        return """
            DO $$
            DECLARE
                table_name text;
                role_name text;
                insertable text;
                identity_sequence regclass;
                next_free bigint;
                taken bigint;
            BEGIN
                FOREACH table_name IN ARRAY ARRAY[\(names)] LOOP
                    EXECUTE format('ALTER TABLE %I ALTER COLUMN id SET GENERATED ALWAYS', table_name);
                    SELECT string_agg(quote_ident(attname), ', ' ORDER BY attnum) INTO insertable
                        FROM pg_attribute
                        WHERE attrelid = table_name::regclass AND attnum > 0 AND NOT attisdropped AND attname <> 'id';
                    FOREACH role_name IN ARRAY ARRAY['edujam_teacher', 'edujam_student'] LOOP
                        IF has_table_privilege(role_name, table_name, 'INSERT') THEN
                            EXECUTE format('REVOKE INSERT ON %I FROM %I', table_name, role_name);
                            EXECUTE format('GRANT INSERT (%s) ON %I TO %I', insertable, table_name, role_name);
                        END IF;
                    END LOOP;
                    identity_sequence := pg_get_serial_sequence(table_name, 'id')::regclass;
                    EXECUTE format('SELECT last_value FROM %s', identity_sequence) INTO next_free;
                    EXECUTE format('SELECT max(id) FROM %I WHERE id >= $1 AND id <= $1 + 1000000000', table_name)
                        INTO taken USING next_free;
                    IF taken IS NOT NULL THEN
                        PERFORM setval(identity_sequence, taken);
                    END IF;
                END LOOP;
            \(after)
            END
            $$;
            """
    }

    /// `edujam_own_attempts_name()`: the student name whose attempts this login writes. A student's
    /// is their name on the rosters; anyone else's is their login, unless that name is a student's
    /// whose login is another (a student named like the teacher's login stays the student's).
    private static let ownAttemptsName = """
        CREATE FUNCTION edujam_own_attempts_name() RETURNS text
        LANGUAGE sql STABLE SET search_path = pg_catalog, public, pg_temp AS $$
            SELECT CASE
                WHEN pg_has_role(current_user, 'edujam_student', 'USAGE')
                    THEN (SELECT student FROM student_logins WHERE login = current_user)
                WHEN NOT EXISTS (SELECT 1 FROM student_logins WHERE student = current_user AND login <> current_user)
                    THEN current_user::text
            END
        $$;
        """

    /// The policies of a table of attempts' rows (items, events): read with the attempt, written
    /// only in the login's own attempts.
    private static func ownRowsOfAttempts(_ table: String) -> String {
        let own = """
            EXISTS (SELECT 1 FROM activities a WHERE a.id = activity_id AND a.student = (SELECT edujam_own_attempts_name()))
            """
        return """
            DROP POLICY \(table)_of_attempt ON \(table);
            CREATE POLICY \(table)_read ON \(table) FOR SELECT TO edujam_teacher, edujam_student
                USING (EXISTS (SELECT 1 FROM activities a WHERE a.id = activity_id));
            CREATE POLICY \(table)_add ON \(table) FOR INSERT TO edujam_teacher, edujam_student WITH CHECK (\(own));
            CREATE POLICY \(table)_save ON \(table) FOR UPDATE TO edujam_teacher, edujam_student
                USING (\(own)) WITH CHECK (\(own));
            CREATE POLICY \(table)_remove ON \(table) FOR DELETE TO edujam_teacher, edujam_student USING (\(own));
            """
    }
}
