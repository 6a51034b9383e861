extension PGMigrations {
    /// The policies a save runs through, made cheap for the server (`bench/README.md`, row
    /// `store/saves`): the same rules, in fewer checks, none of them a PL/pgSQL call.
    ///
    /// A profile of the server under 300 players saving showed some 30% of its time in PL/pgSQL:
    /// the identity functions, which every policy on the attempts and their rows called (some 36
    /// calls a save, each a function call around an index probe), and the item-count trigger on
    /// every UPDATE of items, which locked the attempt and counted its items though an upsert never
    /// moves an item. And the executor set up and ran, for every statement, one sub-plan per policy:
    /// for an item, "own attempt" and "open attempt" were two policies with a scan of `activities` each.
    ///
    /// - The login's student name is looked up in the policies themselves, in SQL
    ///   (``studentName``, ``ownAttemptsName``: the bodies of `edujam_student_name()` and
    ///   `edujam_own_attempts_name()`), a sub-plan run once a statement. A policy's names are bound
    ///   when it is created, so no `search_path` of the caller's reaches them. The two functions stay,
    ///   with the same answers, for the classroom's policies, which no save runs.
    /// - Items, events and replay records are added, changed and removed under one policy per
    ///   command whose one scan of `activities` asks both that the attempt is the login's own and that
    ///   it is open (``PGMigrations/isOpen(_:)``): the permissive "own" policy and the restrictive
    ///   "frozen" one of ``PGMigrations/endedAttemptsFrozen`` were AND-ed on the same attempt row, so the
    ///   one condition allows exactly what the two did. Reading is unchanged.
    /// - The item count is checked on UPDATE only for a row that moved to another attempt (a
    ///   row trigger `UPDATE OF activity_id` with a `WHEN`, so the upserts of a save, which never
    ///   name `activity_id`, do not even consider it); INSERT kept its statement trigger (a row trigger
    ///   running this function since ``itemCountByRow``).
    /// - `edujam_note_ending()` runs only for a row it has something to do to (an attempt ending or
    ///   ended, or a stray `ended_in_transaction` to clear: a `WHEN` on the trigger), not at every
    ///   save of a running attempt, twice (an upsert's INSERT and UPDATE). The function itself is
    ///   as `016-ended-attempts-frozen` made it.
    static let savePolicies = Migration(
        name: "021-save-policies-in-sql",
        sql: """
            ALTER POLICY activities_student ON activities
                USING (student = \(studentName)) WITH CHECK (student = \(studentName));
            ALTER POLICY activities_teacher_add ON activities WITH CHECK (student = \(ownAttemptsName));
            ALTER POLICY activities_teacher_save ON activities
                USING (student = \(ownAttemptsName)) WITH CHECK (student = \(ownAttemptsName));

            \(writablePolicies(of: "activity_items", dropping: ["activity_items_add", "activity_items_save", "activity_items_remove"]))
            \(writablePolicies(of: "attempt_events", dropping: ["attempt_events_add", "attempt_events_save", "attempt_events_remove"]))
            \(writablePolicies(of: "attempt_inputs", dropping: ["attempt_inputs_own"]))

            DROP TRIGGER activity_items_count_moved ON activity_items;
            CREATE FUNCTION edujam_item_count_moved() RETURNS trigger
            LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
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
            CREATE TRIGGER activity_items_count_moved AFTER UPDATE OF activity_id ON activity_items
                FOR EACH ROW WHEN (OLD.activity_id IS DISTINCT FROM NEW.activity_id)
                EXECUTE FUNCTION edujam_item_count_moved();

            DROP TRIGGER activities_note_ending ON activities;
            CREATE TRIGGER activities_note_ending BEFORE INSERT OR UPDATE ON activities
                FOR EACH ROW WHEN (NEW.ended_at IS NOT NULL OR NEW.ended_in_transaction IS NOT NULL)
                EXECUTE FUNCTION edujam_note_ending();
            """)

    /// The login's student name on the rosters (`edujam_student_name()`'s body), a scalar sub-query.
    private static let studentName = studentName(of: "current_user")

    /// The student name whose attempts this login writes (`edujam_own_attempts_name()`'s body).
    private static let ownAttemptsName = ownAttemptsName(of: "current_user")

    /// The student name on the rosters of the login `login` (an SQL expression naming a role), a
    /// scalar sub-query.
    static func studentName(of login: String) -> String {
        """
        (SELECT l.student FROM public.student_logins l WHERE l.login = (\(login) COLLATE "default"))
        """
    }

    /// The student name whose attempts the login `login` (an SQL expression naming a role) writes:
    /// a student's is their name on the rosters; anyone else's is their login, unless a student
    /// whose login is another has that name. NULL, which equals nothing, for a login that writes
    /// no one's. The policies ask it of `current_user`, the save function (``saveFunction``) of
    /// `session_user`.
    static func ownAttemptsName(of login: String) -> String {
        """
        (SELECT CASE
            WHEN pg_catalog.pg_has_role(\(login), 'edujam_student', 'USAGE') THEN \(studentName(of: login))
            WHEN EXISTS (
                SELECT 1 FROM public.student_logins l
                WHERE l.student = (\(login) COLLATE "default") AND l.login <> (\(login) COLLATE "default")
            ) THEN NULL
            ELSE \(login)::text
        END)
        """
    }

    /// The policies that let the roles add, change and remove rows of `table` (rows of an attempt,
    /// by `activity_id`) only in their own open attempts, one policy a command, replacing the
    /// policies `dropping` and the table's restrictive "frozen" ones.
    private static func writablePolicies(of table: String, dropping: [String]) -> String {
        let writable = """
            EXISTS (SELECT 1 FROM public.activities a WHERE a.id = \(table).activity_id
                AND a.student = \(ownAttemptsName) AND \(isOpen("a")))
            """
        let roles = "TO edujam_teacher, edujam_student"
        let dropped = (dropping + ["add", "save", "remove"].map { "\(table)_frozen_\($0)" })
            .map { "DROP POLICY \($0) ON \(table);" }
        return dropped.joined(separator: "\n") + """

            CREATE POLICY \(table)_add ON \(table) FOR INSERT \(roles) WITH CHECK (\(writable));
            CREATE POLICY \(table)_save ON \(table) FOR UPDATE \(roles) USING (\(writable)) WITH CHECK (\(writable));
            CREATE POLICY \(table)_remove ON \(table) FOR DELETE \(roles) USING (\(writable));
            """
    }
}
