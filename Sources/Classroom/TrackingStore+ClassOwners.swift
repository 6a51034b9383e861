import Tracking

/// A class's owner, or a login for one, that a command cannot use, in words.
public enum ClassOwnerError: Error, Equatable, CustomStringConvertible {
    /// The server has no login of that name; `hint` says how to get one.
    case noSuchLogin(String, hint: String)
    /// The login exists but is not an EduJam teacher (nor the store's owner).
    case notATeacher(login: String, role: SchoolRole)
    /// A student's login is being changed to a login that is not a student's.
    case notAStudent(login: String)
    /// Someone other than the store's owner tried to change a student's login.
    case ownersOnly(login: String)

    public var description: String {
        switch self {
        case .noSuchLogin(let login, let hint):
            return "there is no login \(login) on this server: \(hint)"
        case .notATeacher(let login, .student):
            return "the login \(login) is a student's: a class can only be given to a teacher"
        case .notATeacher(let login, _):
            return
                "the login \(login) is not an EduJam teacher: the store's owner grants it first (GRANT edujam_teacher TO \(login);)"
        case .notAStudent(let login):
            return "the login \(login) is not a student's: a student signs in with a login granted edujam_student"
        case .ownersOnly(let login):
            return
                "changing a student's login hands them every attempt of that name, so it is the store's owner's, not \(login)'s"
        }
    }
}

extension TrackingStore {
    /// Hands a class, with its roster, assignments and Done marks, to another teacher (`edujam
    /// class give CLASS --to LOGIN`). The store's owner may give any class; a teacher gives the
    /// classes they own (the others are not theirs to see: ``ClassroomError/unknownClass(_:)``).
    /// - Parameters:
    ///   - className: An existing class.
    ///   - login: A teacher's login, or the store owner's.
    /// - Returns: Whether the class changed hands (false when it was `login`'s already).
    /// - Throws: ``IdentityError/noLogins`` on SQLite, ``ClassroomError/unknownClass(_:)``,
    ///   ``ClassOwnerError``, or a store error.
    @discardableResult
    public func giveClass(_ className: String, to login: String) throws -> Bool {
        let engine = classroom
        return try engine.transaction {
            guard case .login = try engine.identity() else { throw IdentityError.noLogins }
            let id = try engine.requireClassID(named: className)
            try requireTeacherLogin(login, engine)
            guard try engine.owner(ofClass: id) != login else { return false }
            try engine.setOwner(login, ofClass: id)
            return true
        }
    }

    /// Changes the login a student signs in with (`edujam class login NAME --to LOGIN`): every
    /// attempt of the name goes with it, so only the store's owner may (the database refuses
    /// anyone else). The new login must not be another student's, and must be a student's login
    /// (created first, with `createLogin`, when it does not exist yet).
    /// - Parameters:
    ///   - student: A student name that has a login (every name on a roster has one).
    ///   - login: The new login.
    ///   - createLogin: Whether to create `login` when it does not exist.
    /// - Returns: Whether the login was created.
    /// - Throws: ``IdentityError/noLogins`` on SQLite, ``ClassOwnerError``,
    ///   ``ClassroomError/unknownStudent(_:className:)``, ``IdentityError/loginTaken(login:student:mappedBy:)``,
    ///   or a store error.
    @discardableResult
    public func changeLogin(ofStudent student: String, to login: String, createLogin: Bool) throws -> Bool {
        let engine = classroom
        return try engine.transaction {
            guard case .login(let me, let role, _) = try engine.identity() else { throw IdentityError.noLogins }
            guard role == .owner else { throw ClassOwnerError.ownersOnly(login: me) }
            guard let current = try engine.login(ofStudent: student) else {
                throw ClassroomError.unknownStudent(student, className: nil)
            }
            guard current != login else { return false }
            if let holder = try engine.student(ofLogin: login) {
                throw IdentityError.loginTaken(login: login, student: holder.name, mappedBy: holder.mappedBy)
            }
            let created = try requireStudentLogin(login, create: createLogin, engine)
            try engine.remapLogin(login, ofStudent: student)
            return created
        }
    }

    /// Refuses a login that is not a student's; creates a missing one when asked. Returns whether it did.
    private func requireStudentLogin(_ login: String, create: Bool, _ engine: ClassroomEngine) throws -> Bool {
        switch try engine.schoolRole(ofLogin: login) {
        case .student?: return false
        case nil:
            guard create, LoginName.fits(login) else {
                throw ClassOwnerError.noSuchLogin(login, hint: "add --create-logins to create it (1 to 63 bytes)")
            }
            return try engine.createStudentLogin(login)
        case .some: throw ClassOwnerError.notAStudent(login: login)
        }
    }

    /// Refuses a login that cannot own a class.
    private func requireTeacherLogin(_ login: String, _ engine: ClassroomEngine) throws {
        switch try engine.schoolRole(ofLogin: login) {
        case nil:
            throw ClassOwnerError.noSuchLogin(
                login, hint: "the store's owner creates it first (docs/school-server.md, \"Teachers\")")
        case .teacher?, .owner?: return
        case let role?: throw ClassOwnerError.notATeacher(login: login, role: role)
        }
    }

    /// The part of a roster import that is about teachers' logins (PostgreSQL only; a SQLite store
    /// has none; the students' are settled first, ``studentsLeftOut(_:createLogins:engine:changes:)``):
    /// with `createLogins`, each teacher's missing login is created when the store's owner
    /// imports (a teacher cannot make teachers); then each
    /// class belongs to a teacher the roster names for it: it stays with its owner when they are
    /// one of them, else it goes to the first of them (the primary teacher first) whose login is
    /// a teacher's. A class whose roster names no such teacher stays where it is, with a note.
    /// Call inside the import's transaction.
    func settleLoginsAndOwners(
        _ roster: Roster, createLogins: Bool, engine: ClassroomEngine, changes: inout RosterChanges
    ) throws {
        guard case .login(_, let importer, _) = try engine.identity() else {
            if createLogins { throw IdentityError.noLogins }
            return
        }
        let people = Dictionary(roster.people.map { ($0.sourcedId, $0) }, uniquingKeysWith: { first, _ in first })
        var notes = OrderedNotes()
        var teachers = TeacherLogins(
            engine: engine, createLogins: createLogins, importerIsOwner: importer == .owner)
        for entry in roster.classes {
            guard let id = try engine.importedClass(sourcedId: entry.sourcedId)?.id else { continue }
            var candidates: [String] = []
            for person in entry.teachers {
                guard let username = people[person]?.username, !username.isEmpty else { continue }
                if try teachers.usable(username, changes: &changes, notes: &notes) {
                    candidates.append(username)
                }
            }
            let owner = try engine.owner(ofClass: id)
            guard let first = candidates.first, !candidates.contains(where: { $0 == owner }) else { continue }
            try engine.setOwner(first, ofClass: id)
            changes.classesGiven += 1
        }
        changes.notes += notes.all
    }
}

/// The few rules of a PostgreSQL login name EduJam checks before asking the server.
enum LoginName {
    /// 1 to 63 bytes (PostgreSQL's NAMEDATALEN - 1; a longer name would be cut, not refused).
    static func fits(_ login: String) -> Bool { !login.isEmpty && login.utf8.count <= 63 }
}

/// Notes said once each, in the order they arose.
private struct OrderedNotes {
    private(set) var all: [String] = []
    mutating func add(_ note: String) { if !all.contains(note) { all.append(note) } }
}

/// The teachers' logins an import meets, each looked up (and created) once.
private struct TeacherLogins {
    let engine: ClassroomEngine
    let createLogins: Bool
    let importerIsOwner: Bool
    private var known: [String: Bool] = [:]

    init(engine: ClassroomEngine, createLogins: Bool, importerIsOwner: Bool) {
        self.engine = engine
        self.createLogins = createLogins
        self.importerIsOwner = importerIsOwner
    }

    /// Whether a class may belong to `login` (a teacher's or the store owner's), creating it
    /// when asked and allowed; otherwise a note says what a person should do, once per login.
    mutating func usable(_ login: String, changes: inout RosterChanges, notes: inout OrderedNotes) throws -> Bool {
        if let usable = known[login] { return usable }
        let usable = try lookUp(login, changes: &changes, notes: &notes)
        known[login] = usable
        return usable
    }

    private func lookUp(_ login: String, changes: inout RosterChanges, notes: inout OrderedNotes) throws -> Bool {
        guard LoginName.fits(login) else {
            notes.add("the teacher \(login) has no usable login: a login is at most 63 bytes long")
            return false
        }
        switch try engine.schoolRole(ofLogin: login) {
        case .teacher?, .owner?: return true
        case .student?:
            notes.add("the login \(login) is a student's: the classes it teaches stay with their owner")
            return false
        case SchoolRole.none?:
            notes.add(
                "the login \(login) is not an EduJam teacher yet: GRANT edujam_teacher TO \(login); then import again")
            return false
        case nil:
            guard createLogins else {
                notes.add("the teacher \(login) has no login yet: import again with --create-logins, or create it")
                return false
            }
            guard importerIsOwner else {
                notes.add("the teacher \(login) has no login yet: only the store's owner creates teachers' logins")
                return false
            }
            guard try engine.createTeacherLogin(login) else { return false }
            changes.teacherLoginsCreated += 1
            return true
        }
    }
}
