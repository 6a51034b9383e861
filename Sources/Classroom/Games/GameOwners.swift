/// Whose each published game is, and who may judge an attempt: the table `game_owners` and, on a
/// school server, the policies that hold teachers apart (docs/classroom.md, "Who can see what").
/// Written out as the text each engine ran when this migration shipped, so that it never changes.
///
/// A game belongs to whoever published its first version (each game stored before this is given
/// to the publisher of its oldest version); only its owner, or the store's owner, publishes,
/// reverts, retires or un-retires a version of it, and only they hand it to another teacher
/// (`edujam_give_game`). A stored version's files must hash to its name. A check of an attempt
/// is written, changed or removed only by a teacher of a class the attempt counts for.
enum GameOwners {
    /// SQLite's migration `021-game-owners`. A store file has no logins: whoever runs EduJam is
    /// its owner, so the table only records whose each game is (and carries it to a school).
    static let sqlite = """
        CREATE TABLE game_owners (
            game TEXT PRIMARY KEY,
            owner TEXT NOT NULL,
            since REAL NOT NULL,
            CONSTRAINT game_owners_game CHECK (typeof(game) = 'text' AND length(CAST(game AS BLOB)) BETWEEN 1 AND 256),
            CONSTRAINT game_owners_owner CHECK (typeof(owner) = 'text'
                AND length(CAST(owner AS BLOB)) BETWEEN 1 AND 256),
            CONSTRAINT game_owners_since CHECK (typeof(since) = 'real' AND since > -1e15 AND since < 1e15)
        );
        INSERT INTO game_owners (game, owner, since)
            SELECT v.game, v.published_by, v.published_at FROM game_versions v
            WHERE NOT EXISTS (SELECT 1 FROM game_versions w WHERE w.game = v.game
                AND (w.published_at < v.published_at OR (w.published_at = v.published_at AND w.version < v.version)));
        """

    /// PostgreSQL's migration `035-teachers-apart`: the table, filled as SQLite's; a teacher
    /// claims only a game nobody has published, under her own login; versions, the current
    /// version and retired versions are written only by the game's owner; `edujam_give_game`
    /// hands a game over (the game's owner or the store's owner, to a teacher or the store's
    /// owner: it checks `session_user`, as `edujam_give_class` does); a version whose files do
    /// not hash to its name is refused (`NOT VALID`: rows stored before stay, and are read
    /// around); a check is written by a teacher of a class whose assignment the attempt counts
    /// for (`edujam_may_check`: the attempt's student is an assignee of an assignment of a class
    /// the teacher owns, at an assigned context or one below it, started no earlier than the
    /// assignment), under her own login.
    static let postgresql = """
        CREATE TABLE game_owners (
            game text PRIMARY KEY,
            owner text NOT NULL,
            since double precision NOT NULL,
            CONSTRAINT game_owners_game CHECK (octet_length(game) BETWEEN 1 AND 256),
            CONSTRAINT game_owners_owner CHECK (octet_length(owner) BETWEEN 1 AND 256),
            CONSTRAINT game_owners_since CHECK (since > -1e15 AND since < 1e15)
        );
        INSERT INTO game_owners (game, owner, since)
            SELECT DISTINCT ON (game) game, published_by, published_at FROM game_versions
            ORDER BY game, published_at, version;
        GRANT SELECT ON game_owners TO edujam_teacher, edujam_student;
        GRANT INSERT ON game_owners TO edujam_teacher;
        ALTER TABLE game_owners ENABLE ROW LEVEL SECURITY;
        CREATE POLICY game_owners_read ON game_owners FOR SELECT TO edujam_teacher, edujam_student USING (true);
        CREATE POLICY game_owners_claim ON game_owners FOR INSERT TO edujam_teacher
            WITH CHECK (owner = current_user
                AND NOT EXISTS (SELECT 1 FROM game_versions v WHERE v.game = game_owners.game));

        CREATE FUNCTION edujam_owns_game(g text) RETURNS boolean
        LANGUAGE sql STABLE SET search_path = pg_catalog, public, pg_temp AS $$
            SELECT EXISTS (SELECT 1 FROM game_owners o WHERE o.game = g AND o.owner = current_user)
        $$;

        DROP POLICY game_versions_publish ON game_versions;
        CREATE POLICY game_versions_publish ON game_versions FOR INSERT TO edujam_teacher
            WITH CHECK (published_by = current_user AND edujam_owns_game(game));
        DROP POLICY game_current_add ON game_current;
        CREATE POLICY game_current_add ON game_current FOR INSERT TO edujam_teacher
            WITH CHECK (set_by = current_user AND edujam_owns_game(game));
        DROP POLICY game_current_set ON game_current;
        CREATE POLICY game_current_set ON game_current FOR UPDATE TO edujam_teacher
            USING (edujam_owns_game(game)) WITH CHECK (set_by = current_user AND edujam_owns_game(game));
        DROP POLICY retired_versions_retire ON retired_versions;
        CREATE POLICY retired_versions_retire ON retired_versions FOR INSERT TO edujam_teacher
            WITH CHECK (retired_by = current_user AND edujam_owns_game(game));
        DROP POLICY retired_versions_change ON retired_versions;
        CREATE POLICY retired_versions_change ON retired_versions FOR UPDATE TO edujam_teacher
            USING (edujam_owns_game(game)) WITH CHECK (retired_by = current_user AND edujam_owns_game(game));
        DROP POLICY retired_versions_unretire ON retired_versions;
        CREATE POLICY retired_versions_unretire ON retired_versions FOR DELETE TO edujam_teacher
            USING (edujam_owns_game(game));

        ALTER TABLE game_versions ADD CONSTRAINT game_versions_files_hash
            CHECK (version = encode(sha256(decode(package, 'base64')), 'hex')) NOT VALID;

        CREATE FUNCTION edujam_give_game(g text, login text) RETURNS boolean
        LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
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
        REVOKE ALL ON FUNCTION edujam_give_game(text, text) FROM PUBLIC;
        GRANT EXECUTE ON FUNCTION edujam_give_game(text, text) TO edujam_teacher;

        CREATE FUNCTION edujam_may_check(attempt bigint) RETURNS boolean
        LANGUAGE sql STABLE SET search_path = pg_catalog, public, pg_temp AS $$
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
        REVOKE ALL ON FUNCTION edujam_may_check(bigint) FROM PUBLIC;
        GRANT EXECUTE ON FUNCTION edujam_may_check(bigint) TO edujam_teacher;
        DROP POLICY attempt_checks_teacher ON attempt_checks;
        CREATE POLICY attempt_checks_teacher ON attempt_checks TO edujam_teacher
            USING (edujam_may_check(activity_id))
            WITH CHECK (checked_by = current_user AND edujam_may_check(activity_id));
        """
}
