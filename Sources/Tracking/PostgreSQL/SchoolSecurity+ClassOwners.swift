extension SchoolSecurity {
    /// Classes change hands without SQL (`class give`, `class import` giving each class to the
    /// teacher the export names):
    /// - a teacher may update a class they own so that it belongs to another teacher (a login
    ///   granted `edujam_teacher`) or to the store's owner: the row leaves them, and with it the
    ///   roster, assignments and Done marks, which follow the class's owner. The policy's check
    ///   is on the new owner only: a teacher still cannot take a class, nor give one to a student;
    /// - `edujam_create_teacher_login` creates a teacher's login as the student one does, with no
    ///   password and no right but `edujam_teacher`. It is not SECURITY DEFINER and nobody is
    ///   granted it: only the store's owner (with CREATEROLE) runs it, for `class import
    ///   --create-logins`; a teacher cannot make teachers.
    static let classOwners = Migration(
        name: "011-class-owners",
        sql: """
            CREATE POLICY classes_teacher_give ON classes FOR UPDATE TO edujam_teacher
                USING (owner = current_user)
                WITH CHECK (pg_has_role(owner::name, 'edujam_teacher', 'USAGE')
                    OR pg_has_role(owner::name, (SELECT relowner FROM pg_class WHERE oid = 'classes'::regclass), 'USAGE'));
            CREATE FUNCTION edujam_create_teacher_login(login text) RETURNS boolean
            LANGUAGE plpgsql VOLATILE SET search_path = pg_catalog, public, pg_temp AS $$
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
            REVOKE ALL ON FUNCTION edujam_create_teacher_login(text) FROM PUBLIC;
            """)
}
