import Tracking

extension PostgreSQLClassroomEngine {
    /// The login is the identity (`SchoolSecurity`): what the server says the login is
    /// (`pg_has_role`: the tables' owner, or a member of `edujam_teacher` or `edujam_student`),
    /// and its name on the rosters.
    func identity() throws -> StoreIdentity {
        let result = try connection.query(
            """
            SELECT current_user::text,
                pg_has_role(current_user, (SELECT relowner FROM pg_class WHERE oid = 'classes'::regclass), 'USAGE'),
                pg_has_role(current_user, 'edujam_teacher', 'USAGE'),
                pg_has_role(current_user, 'edujam_student', 'USAGE'),
                (SELECT student FROM student_logins WHERE login = current_user)
            """)
        guard let row = result.rows.first else { throw TrackingError.corruptRow("current_user") }
        let role: SchoolRole =
            row.text(1) == "t" ? .owner : row.text(2) == "t" ? .teacher : row.text(3) == "t" ? .student : .none
        return .login(row.text(0) ?? "", role: role, studentName: row.text(4))
    }

    func login(ofStudent student: String) throws -> String? {
        try connection.query("SELECT login FROM student_logins WHERE student = $1", [.text(student)]).rows.first?
            .text(0)
    }

    func student(ofLogin login: String) throws -> String? {
        try connection.query("SELECT student FROM student_logins WHERE login = $1", [.text(login)]).rows.first?
            .text(0)
    }

    func mapLogin(_ login: String, toStudent student: String) throws {
        try connection.query(
            "INSERT INTO student_logins (student, login) VALUES ($1, $2)", [.text(student), .text(login)])
    }

    func createStudentLogin(_ login: String) throws -> Bool {
        try connection.query("SELECT edujam_create_student_login($1)", [.text(login)]).rows.first?.text(0) == "t"
    }

    /// The same test as ``identity()``, for any login: the tables' owner first (a superuser
    /// is a member of every role), then the two group roles.
    func schoolRole(ofLogin login: String) throws -> SchoolRole? {
        let result = try connection.query(
            """
            SELECT pg_has_role(r.oid, (SELECT relowner FROM pg_class WHERE oid = 'classes'::regclass), 'USAGE'),
                pg_has_role(r.oid, 'edujam_teacher', 'USAGE'),
                pg_has_role(r.oid, 'edujam_student', 'USAGE')
            FROM pg_roles r WHERE r.rolname = $1
            """, [.text(login)])
        guard let row = result.rows.first else { return nil }
        return row.text(0) == "t"
            ? .owner : row.text(1) == "t" ? .teacher : row.text(2) == "t" ? .student : SchoolRole.none
    }

    func createTeacherLogin(_ login: String) throws -> Bool {
        try connection.query("SELECT edujam_create_teacher_login($1)", [.text(login)]).rows.first?.text(0) == "t"
    }

    func owner(ofClass id: Int64) throws -> String? {
        try connection.query("SELECT owner FROM classes WHERE id = $1", [.integer(id)]).rows.first?.text(0)
    }

    /// Through `edujam_give_class` (`SchoolSecurity.classOwners`), which checks who may.
    func setOwner(_ login: String, ofClass id: Int64) throws {
        try connection.query("SELECT edujam_give_class($1, $2)", [.integer(id), .text(login)])
    }

    func remapLogin(_ login: String, ofStudent student: String) throws {
        try connection.query(
            "UPDATE student_logins SET login = $2 WHERE student = $1", [.text(student), .text(login)])
    }
}
