extension SchoolSecurity {
    /// Classes change hands without SQL (`class give`, and `class import` giving each class to
    /// the teacher the export names), through two functions:
    /// - `edujam_give_class(class, login)` gives a class, with its roster, assignments and Done
    ///   marks (which follow the class's owner), to a teacher (a login granted `edujam_teacher`)
    ///   or to the store's owner. Only the class's owner or the store's owner may call it with
    ///   effect: it checks `session_user`, the login that connected, because as SECURITY DEFINER
    ///   it runs as the tables' owner. A policy could not do it: PostgreSQL checks an updated
    ///   row against the SELECT policies too, and a teacher may not see a class that is not theirs.
    ///   A teacher still cannot take a class, nor give one to a student.
    /// - `edujam_create_teacher_login(login)` creates a teacher's login as the student one does,
    ///   with no password and no right but `edujam_teacher`. It is not SECURITY DEFINER and
    ///   nobody is granted it: only the store's owner (with CREATEROLE) runs it, for `class import
    ///   --create-logins`; a teacher cannot make teachers.
    static let classOwners = Migration(
        name: "011-class-owners",
        sql: """
            \(createLoginFunction(role: "teacher", definer: ""))
            REVOKE ALL ON FUNCTION edujam_create_teacher_login(text) FROM PUBLIC;
            """, owners: [SchemaPart.classroomOwner])

    /// `edujam_create_ROLE_login(login)`: creates `login` with no password and no right but
    /// `edujam_ROLE`, unless a role of that name exists, and says whether it did. The student's
    /// runs as the tables' owner (`definer` is `SECURITY DEFINER `) so that a teacher may call it;
    /// the teacher's does not (the store's owner alone may make teachers).
    static func createLoginFunction(role: String, definer: String) -> String {
        """
        CREATE FUNCTION edujam_create_\(role)_login(login text) RETURNS boolean
        LANGUAGE plpgsql VOLATILE \(definer)SET search_path = pg_catalog, public, pg_temp AS $$
        BEGIN
            IF login IS NULL OR login = '' OR octet_length(login) > 63 THEN
                RAISE EXCEPTION 'a login is 1 to 63 bytes long' USING ERRCODE = 'invalid_name';
            END IF;
            IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = login) THEN
                RETURN false;
            END IF;
            EXECUTE format('CREATE ROLE %I LOGIN IN ROLE edujam_\(role)', login);
            RETURN true;
        END
        $$;
        """
    }
}
