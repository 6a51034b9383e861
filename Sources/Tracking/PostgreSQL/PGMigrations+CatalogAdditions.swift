extension PGMigrations {
    /// What a school store refuses past ``Limits/catalogAdditionsPerStudent`` (the message names
    /// the rule; no apostrophe: it is quoted in the SQL).
    static let catalogAdditionsMessage =
        "catalog_additions_per_student: a school store takes at most \(Limits.catalogAdditionsPerStudent) "
        + "catalog entries from the login of one student"

    /// A student's login adds only catalog entries that fit the tree, and at most
    /// ``Limits/catalogAdditionsPerStudent`` of them.
    ///
    /// A student may add contexts because playing a game nobody has published yet registers its
    /// contexts in the save that stores the attempt (``SchoolSecurity``), and the policy let them
    /// add any row. With `psql`, a student added 200,000 games under the root in 2.5 s, after which
    /// every classmate's play and inbox took 10 s and the teacher's `report` 5 s (every open of the
    /// store loads the whole catalog); and a level under a published game whose title was an
    /// insult, or a row whose parent is one game and whose path another, showed in a classmate's
    /// inbox among the game's levels.
    ///
    /// - The student's policy now takes only a row that fits the tree: a root is the store's own
    ///   root (`store_info`), a child's path is its parent's path with its own identifier added.
    ///   What EduJam writes always fits. Classroom's `030-published-games-closed` adds that no
    ///   student adds a context to a published game.
    /// - Each student login's additions are counted in `catalog_additions`, which no teacher or
    ///   student may read or write, by a row trigger that runs as the owner (`SECURITY DEFINER`,
    ///   a fixed `search_path`) and only for a session whose login is a student's. One past the
    ///   bound is refused, with the save that made it (kept in the player's outbox). Teachers and
    ///   the owner are never refused. The count is for the life of the store, since the rows a
    ///   student added stay after a teacher removes them; the owner resets one by deleting its row.
    ///   Rows added before this migration are nobody's: every count starts at zero. (The owner
    ///   check is `028-attempts-per-student`'s, written out: an applied migration's text stays.)
    static let catalogAdditions = Migration(
        name: "029-catalog-additions",
        sql: """
            DROP POLICY contexts_student_add ON contexts;
            CREATE POLICY contexts_student_add ON contexts FOR INSERT TO edujam_student WITH CHECK (
                CASE WHEN contexts.parent_id IS NULL
                    THEN contexts.path::jsonb = jsonb_build_array(
                        (SELECT i.value FROM store_info i WHERE i.key = 'root_identifier'))
                    ELSE contexts.path::jsonb = (SELECT p.path::jsonb FROM contexts p WHERE p.id = contexts.parent_id)
                        || jsonb_build_array(contexts.identifier)
                END);
            CREATE TABLE catalog_additions (login text PRIMARY KEY, contexts bigint NOT NULL);
            CREATE FUNCTION edujam_count_catalog_additions() RETURNS trigger
            LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
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
            CREATE TRIGGER contexts_count_additions AFTER INSERT ON contexts
                FOR EACH ROW WHEN (pg_has_role(session_user, 'edujam_student', 'MEMBER'))
                EXECUTE FUNCTION edujam_count_catalog_additions();
            """)
}
