import Tracking

extension TrackingStore {
    /// Who runs this process, as the store knows them: on PostgreSQL the login (`current_user`),
    /// its role and its name on the rosters; on SQLite ``StoreIdentity/anyone``.
    /// - Throws: A store error.
    public func identity() throws -> StoreIdentity {
        let engine = classroom
        return try engine.transaction(readOnly: true) { try engine.identity() }
    }

    /// Adds students to a class with their logins (`edujam class add NAME STUDENT... [--login L]
    /// [--create-logins]`), all or nothing.
    ///
    /// A student's name is their login unless `login` says otherwise; one name is one login in the
    /// whole store, so a name keeps the login it already has and a login another name holds is
    /// refused. With `createLogins`, each student's login is created when missing, as a login that
    /// can only be a student (`SchoolSecurity`).
    /// - Parameters:
    ///   - students: Names following ``NameRule``; exactly one when `login` is given.
    ///   - className: An existing class.
    ///   - login: The login of the one student, when it is not their name.
    ///   - createLogins: Whether to create missing logins.
    /// - Returns: Who was on the roster already, the logins created, and on a store with logins the
    ///   students whose login the server does not have (they cannot sign in until it does).
    /// - Throws: ``IdentityError`` (on SQLite, which has no logins, for `login` and `createLogins`),
    ///   ``TrackingError/invalidName(what:reason:)``, ``ClassroomError/unknownClass(_:)``, or a store error.
    @discardableResult
    public func addStudents(
        _ students: [String], toClass className: String, login: String?, createLogins: Bool
    ) throws -> StudentsAdded {
        if login != nil && students.count != 1 { throw IdentityError.oneStudentPerLogin }
        try Validate.students(students)
        let engine = classroom
        return try engine.transaction {
            let id = try engine.requireClassID(named: className)
            var created: [String] = []
            let identity = try engine.identity()
            if case .login = identity, login == nil {
                // A name that is its own login must fit in one (63 bytes), for the owner too: the
                // server's refusal would name its check, not the student.
                for student in students where !LoginName.fits(student) {
                    guard try engine.login(ofStudent: student) == nil else { continue }
                    throw IdentityError.notAStudentsLogin(login: student, student: student, role: nil)
                }
            }
            if case .login(let me, .teacher, _) = identity {
                created = try teachersMappings(students, login: login, createLogins: createLogins, me: me, engine)
            }
            if let login, let student = students.first { try map(student, to: login, engine) }
            let alreadyThere = try addStudents(students, toClass: id, engine)
            guard createLogins else {
                return StudentsAdded(
                    alreadyThere: alreadyThere, loginsCreated: created, withoutLogin: try withoutLogin(students, engine)
                )
            }
            created += try students.compactMap { student in
                let login = try engine.login(ofStudent: student) ?? student
                return try engine.createStudentLogin(login) ? login : nil
            }
            return StudentsAdded(alreadyThere: alreadyThere, loginsCreated: created)
        }
    }

    /// A teacher maps a name only to an existing student's login (`038-login-mappings`; the server
    /// refuses the rest, this says it in words first): a login that does not exist yet, or is a
    /// teacher's, the owner's or a superuser's, is the store owner's to map, so that no teacher
    /// takes the login a pupil on the school's roster will get. With `createLogins` she may create
    /// the missing login of a name added as itself, as a student's (the server maps it to that
    /// name at once); those are returned. Her own name may be her own login (`me`): a teacher on
    /// her class's roster sees what her students see.
    private func teachersMappings(
        _ students: [String], login: String?, createLogins: Bool, me: String, _ engine: ClassroomEngine
    ) throws -> [String] {
        var created: [String] = []
        for student in students where try engine.login(ofStudent: student) == nil {
            let target = login ?? student
            if target == me && student == me { continue }
            if let holder = try engine.student(ofLogin: target) {
                throw IdentityError.loginTaken(login: target, student: holder.name, mappedBy: holder.mappedBy)
            }
            switch try engine.schoolRole(ofLogin: target) {
            case .student?: continue
            case nil where login == nil && createLogins && LoginName.fits(target):
                if try engine.createStudentLogin(target) { created.append(target) }
            case let role:
                throw IdentityError.notAStudentsLogin(login: target, student: student, role: role)
            }
        }
        return created
    }

    /// The students, of those given, whose login (their name unless mapped) the server lacks; none
    /// on a store without logins. `Ana` added for the login `ana` is one: a roster name no one can
    /// sign in as, whose work would never reach the report.
    private func withoutLogin(_ students: [String], _ engine: ClassroomEngine) throws -> [String] {
        guard case .login = try engine.identity() else { return [] }
        var seen: Set<String> = []
        return try students.filter { student in
            guard seen.insert(student).inserted else { return false }
            return try engine.schoolRole(ofLogin: try engine.login(ofStudent: student) ?? student) == nil
        }
    }

    /// Maps `student` to `login`, or checks that the map already says so.
    private func map(_ student: String, to login: String, _ engine: ClassroomEngine) throws {
        if let current = try engine.login(ofStudent: student) {
            guard current == login else { throw IdentityError.nameHasLogin(student: student, login: current) }
            return
        }
        if let holder = try engine.student(ofLogin: login) {
            throw IdentityError.loginTaken(login: login, student: holder.name, mappedBy: holder.mappedBy)
        }
        try engine.mapLogin(login, toStudent: student)
    }
}

/// What `class add` did besides adding: who was there already, which logins it created.
public struct StudentsAdded: Equatable, Sendable {
    /// The students who were on the roster already, in the order given.
    public var alreadyThere: [String]
    /// The logins created (`--create-logins`).
    public var loginsCreated: [String]
    /// The students added whose login the server does not have yet (a PostgreSQL store without
    /// `--create-logins`): they cannot sign in until the owner creates it.
    public var withoutLogin: [String] = []
}
