extension PGMigrations {
    /// The login's student name found through `student_logins`' indexes, and found cheaply: what
    /// a student's save pays on a school server (`bench/README.md`, row `store/saves`).
    ///
    /// Every policy on the attempts, their items, events and replay records asks who the login is
    /// (`edujam_student_name()`, `edujam_own_attempts_name()`), about 25 times a save. Both
    /// compared the `text` columns with `current_user`, a `name`: the two implicit collations
    /// (the database's and `name`'s "C") conflict, the comparison has none, and no index on
    /// `student_logins` (the database's collation) can serve it, so each call read the whole
    /// table, one row per student of the school. `COLLATE "default"` gives the comparison the
    /// columns' collation: one index probe. The same for the students' own policy on the table.
    ///
    /// They were also SQL functions with a fixed `search_path`, which PostgreSQL never inlines: it
    /// parsed and planned their body again in every statement that called them. In PL/pgSQL the
    /// plan is kept for the session. Same answers, same fixed `search_path` (a student's
    /// temporary table named `student_logins` must not stand in for the real one), same owner.
    static let identityByIndex = Migration(
        name: "018-identity-by-index",
        sql: """
            CREATE OR REPLACE FUNCTION edujam_student_name() RETURNS text
            LANGUAGE plpgsql STABLE SET search_path = pg_catalog, public, pg_temp AS $$
            BEGIN
                RETURN (SELECT student FROM student_logins WHERE login = \(login));
            END
            $$;
            CREATE OR REPLACE FUNCTION edujam_own_attempts_name() RETURNS text
            LANGUAGE plpgsql STABLE SET search_path = pg_catalog, public, pg_temp AS $$
            BEGIN
                IF pg_has_role(current_user, 'edujam_student', 'USAGE') THEN
                    RETURN (SELECT student FROM student_logins WHERE login = \(login));
                ELSIF EXISTS (SELECT 1 FROM student_logins WHERE student = \(login) AND login <> \(login)) THEN
                    RETURN NULL;  -- a student is named like this login: their attempts are not its own
                END IF;
                RETURN current_user;
            END
            $$;
            ALTER POLICY student_logins_own ON student_logins USING (login = \(login));
            """)

    /// `current_user` in the collation of a `text` column, so that an index on it serves the comparison.
    private static let login = "current_user COLLATE \"default\""
}

extension PGMigrations {
    /// The identity functions of ``identityByIndex`` without their own `search_path`: every name in
    /// them is schema-qualified instead, so a call no longer switches the session's `search_path`
    /// in and out (most of its cost, some 25 µs, and a student's save makes about 35 calls).
    ///
    /// What the fixed `search_path` guarded against still cannot happen: with every table,
    /// function, operator and collation named with its schema, nothing in the body is looked up
    /// through the caller's `search_path`, so a student's own `SET search_path` and a temporary
    /// table named `student_logins` change nothing (`SchoolRowsAttackTests`,
    /// `aStudentsOwnSearchPathAndTemporaryTablesDoNotChangeWhoTheyAre`). Casts are found by type,
    /// never by name. Same answers, same owner, still SECURITY INVOKER: the policies of
    /// `student_logins` still decide what each login reads there.
    static let identitySchemaQualified = Migration(
        name: "020-identity-schema-qualified",
        sql: """
            CREATE OR REPLACE FUNCTION edujam_student_name() RETURNS text
            LANGUAGE plpgsql STABLE AS $$
            BEGIN
                RETURN (SELECT l.student FROM public.student_logins l WHERE l.login \(equals) \(qualifiedLogin));
            END
            $$;
            CREATE OR REPLACE FUNCTION edujam_own_attempts_name() RETURNS text
            LANGUAGE plpgsql STABLE AS $$
            BEGIN
                IF pg_catalog.pg_has_role(current_user, 'edujam_student', 'USAGE') THEN
                    RETURN (SELECT l.student FROM public.student_logins l WHERE l.login \(equals) \(qualifiedLogin));
                ELSIF EXISTS (
                    SELECT 1 FROM public.student_logins l
                    WHERE l.student \(equals) \(qualifiedLogin) AND l.login OPERATOR(pg_catalog.<>) \(qualifiedLogin)
                ) THEN
                    RETURN NULL;  -- a student is named like this login: their attempts are not its own
                END IF;
                RETURN current_user;
            END
            $$;
            """)

    /// `current_user` in the collation of a `text` column, the collation named with its schema.
    private static let qualifiedLogin = "current_user COLLATE pg_catalog.\"default\""

    /// Equality of texts, the operator named with its schema.
    private static let equals = "OPERATOR(pg_catalog.=)"
}
