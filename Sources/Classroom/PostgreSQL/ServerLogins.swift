import Tracking

/// The logins of a school server (PostgreSQL): the login is the identity, its group role says
/// what it may do, and `student_logins` maps students' names to logins. The functions called
/// here (`edujam_create_student_login`, `edujam_give_class`...) and the row-level security
/// that guards every classroom table are the store's migrations (`SchoolSecurity`).
struct ServerLogins: SchoolLogins {
    /// The server's database.
    let sql: any StoreSQL

    /// The login is the identity (`SchoolSecurity`): what the server says the login is
    /// (`pg_has_role`: the tables' owner, or a member of `edujam_teacher` or `edujam_student`),
    /// and its name on the rosters.
    func identity() throws -> StoreIdentity {
        let row = try first(
            """
            SELECT current_user::text,
                pg_has_role(current_user, (SELECT relowner FROM pg_class WHERE oid = 'classes'::regclass), 'USAGE'),
                pg_has_role(current_user, 'edujam_teacher', 'USAGE'),
                pg_has_role(current_user, 'edujam_student', 'USAGE'),
                (SELECT student FROM student_logins WHERE login = current_user)
            """, []
        ) { row -> StoreIdentity? in
            let role: SchoolRole =
                row.text(1) == "t" ? .owner : row.text(2) == "t" ? .teacher : row.text(3) == "t" ? .student : .none
            return .login(row.text(0) ?? "", role: role, studentName: row.text(4))
        }
        guard let row else { throw TrackingError.corruptRow("current_user") }
        return row
    }

    func login(ofStudent student: String) throws -> String? {
        try first("SELECT login FROM student_logins WHERE student = ?", [.text(student)]) { $0.text(0) }
    }

    func student(ofLogin login: String) throws -> (name: String, mappedBy: String?)? {
        try first("SELECT student, mapped_by FROM student_logins WHERE login = ?", [.text(login)]) { row in
            row.text(0).map { (name: $0, mappedBy: row.text(1)) }
        }
    }

    func mapLogin(_ login: String, toStudent student: String) throws {
        try sql.run("INSERT INTO student_logins (student, login) VALUES (?, ?)", [.text(student), .text(login)])
    }

    func createStudentLogin(_ login: String) throws -> Bool {
        try createLogin(login, calling: "edujam_create_student_login", role: "edujam_student")
    }

    /// Creates `login` through `function` (one of the owner's functions that create a login and
    /// grant it `role`), in one round trip with a check: a missing login the store's owner may not
    /// create is refused in words. The functions run as the owner, and without CREATEROLE the
    /// server's refusal (`permission denied to create role`) names neither whose right is missing
    /// nor what to run. A login that exists needs no right: the functions then create nothing.
    /// `CASE` calls the function only when nothing blocks it.
    private func createLogin(_ login: String, calling function: String, role: String) throws -> Bool {
        let row = try first(
            """
            SELECT CASE WHEN blocked IS NULL THEN \(function)(?) END, blocked, quote_ident(?) FROM (
                SELECT (SELECT quote_ident(o.rolname) FROM pg_roles o
                    WHERE o.oid = (SELECT relowner FROM pg_class WHERE oid = 'classes'::regclass)
                        AND NOT (o.rolcreaterole OR o.rolsuper)
                        AND NOT EXISTS (SELECT 1 FROM pg_roles r WHERE r.rolname = ?)) AS blocked
            ) b
            """, [.text(login), .text(login), .text(login)]
        ) { (created: $0.text(0) == "t", owner: $0.text(1), quoted: $0.text(2) ?? login) }
        if let row, let owner = row.owner {
            throw IdentityError.ownerCannotCreateLogins(owner: owner, login: row.quoted, role: role)
        }
        return row?.created ?? false
    }

    /// The same test as ``identity()``, for any login: the tables' owner first (a superuser
    /// is a member of every role), then the two group roles.
    func schoolRole(ofLogin login: String) throws -> SchoolRole? {
        let row = try first(
            """
            SELECT pg_has_role(r.oid, (SELECT relowner FROM pg_class WHERE oid = 'classes'::regclass), 'USAGE'),
                pg_has_role(r.oid, 'edujam_teacher', 'USAGE'),
                pg_has_role(r.oid, 'edujam_student', 'USAGE')
            FROM pg_roles r WHERE r.rolname = ?
            """, [.text(login)]
        ) { row -> SchoolRole? in
            row.text(0) == "t"
                ? .owner : row.text(1) == "t" ? .teacher : row.text(2) == "t" ? .student : SchoolRole.none
        }
        return row
    }

    func createTeacherLogin(_ login: String) throws -> Bool {
        try createLogin(login, calling: "edujam_create_teacher_login", role: "edujam_teacher")
    }

    func owner(ofClass id: Int64) throws -> String? {
        try first("SELECT owner FROM classes WHERE id = ?", [.integer(id)]) { $0.text(0) }
    }

    /// Through `edujam_give_class` (`SchoolSecurity.classOwners`), which checks who may.
    func setOwner(_ login: String, ofClass id: Int64) throws {
        try sql.run("SELECT edujam_give_class(?, ?)", [.integer(id), .text(login)])
    }

    func remapLogin(_ login: String, ofStudent student: String) throws {
        try sql.run("UPDATE student_logins SET login = ? WHERE student = ?", [.text(login), .text(student)])
    }

    /// The first row of `query`, read by `read`, or nil when it returns none.
    private func first<T>(_ query: String, _ values: [SQLValue], _ read: (any SQLRow) throws -> T?) throws -> T? {
        try sql.query(query, values, row: read).first ?? nil
    }
}
