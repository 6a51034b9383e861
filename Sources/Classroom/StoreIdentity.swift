/// Who runs a command, as the store knows them (`docs/classroom.md`, "Who can see what").
public enum StoreIdentity: Equatable, Sendable {
    /// A SQLite store trusts whoever can open its file: `--student` says who plays.
    case anyone
    /// A PostgreSQL login (`current_user`): its part in the school, and its name on the rosters
    /// (nil when no roster names it).
    case login(String, role: SchoolRole, studentName: String?)
}

/// What a login is to a PostgreSQL store. The database enforces it with row-level security;
/// EduJam asks first only to say it in words.
public enum SchoolRole: String, Equatable, Sendable {
    /// The database's owner: the store's administrator, not bound by the policies.
    case owner
    /// Granted `edujam_teacher`.
    case teacher
    /// Granted `edujam_student`.
    case student
    /// Granted neither: it can read and write nothing of the school's.
    case none
}

/// A command the login running it may not run, or a login it cannot use, in words.
public enum IdentityError: Error, Equatable, CustomStringConvertible {
    /// `--login` or `--create-logins` on a SQLite store, which has no logins.
    case noLogins
    /// A student passed `--student` on a PostgreSQL store.
    case studentChoosesName(login: String)
    /// A teacher named someone else to play as on a PostgreSQL store.
    case teacherPlaysAsThemselves(login: String)
    /// A student ran a teacher's command.
    case teachersOnly(login: String, command: String)
    /// A teacher or student ran a command of the store's owner.
    case ownersOnly(login: String, command: String)
    /// A student login that no roster names.
    case notOnARoster(login: String)
    /// A login granted neither EduJam role.
    case noRole(login: String)
    /// The student's name already maps to another login.
    case nameHasLogin(student: String, login: String)
    /// The login is already another student's, mapped by `mappedBy` (nil when not recorded).
    case loginTaken(login: String, student: String, mappedBy: String?)
    /// A teacher mapped `student` to `login`, which is not an existing student's (`role`: nil when
    /// no such login exists): only the store's owner maps a name to it.
    case notAStudentsLogin(login: String, student: String, role: SchoolRole?)
    /// `--login` names one student's login, so it takes one student.
    case oneStudentPerLogin
    /// `--create-logins` needs a login the store's owner (`owner`, quoted for SQL as needed) may
    /// not create: it has no CREATEROLE. `role` is the group role the login would be granted.
    case ownerCannotCreateLogins(owner: String, login: String, role: String)

    public var description: String {
        switch self {
        case .noLogins:
            return
                "logins belong to a PostgreSQL store: a SQLite store trusts whoever runs EduJam (docs/classroom.md, \"Who can see what\")"
        case .studentChoosesName(let login):
            return "on this store you are \(login): --student is for teachers"
        case .teacherPlaysAsThemselves(let login):
            return
                "on this store a teacher plays under their own login (\(login)): a student's attempts are theirs alone (docs/classroom.md, \"Who can see what\")"
        case .teachersOnly(let login, let command):
            return "\(command) is a teacher's command, and the login \(login) is a student's"
        case .ownersOnly(let login, let command):
            return "\(command) is the store owner's command, and the login \(login) is not the owner's"
        case .notOnARoster(let login):
            return
                "the login \(login) is on no class roster: ask your teacher to add you (edujam class add CLASS NAME --login \(login))"
        case .noRole(let login):
            return
                "the login \(login) is neither an EduJam teacher nor a student here: ask the store's owner to GRANT edujam_student (or edujam_teacher) TO \(login)"
        case .nameHasLogin(let student, let login):
            return "the student \(student) already has the login \(login)"
        case .loginTaken(let login, let student, let mappedBy):
            let by = mappedBy.map { " (mapped by \($0))" } ?? ""
            return "the login \(login) is already the login of the student \(student)\(by)"
        case .notAStudentsLogin(let login, let student, let role):
            return Self.notAStudentsLogin(login, student: student, role: role)
        case .oneStudentPerLogin:
            return "--login names one student's login: add one student at a time with it"
        case .ownerCannotCreateLogins(let owner, let login, let role):
            return
                "the store's owner, \(owner), may not create logins, so --create-logins cannot create \(login)'s: the server's administrator runs: ALTER ROLE \(owner) CREATEROLE; (or creates the login: CREATE ROLE \(login) LOGIN IN ROLE \(role);)"
        }
    }

    /// Why a teacher may not map `student` to `login`, and who may.
    private static func notAStudentsLogin(_ login: String, student: String, role: SchoolRole?) -> String {
        let owners = "only the store's owner maps a student's name to"
        switch role {
        case nil where login.utf8.count > 63:
            return
                "the student \(student) cannot have the login \(login): it is \(login.utf8.count) bytes long, and a login is at most 63 bytes; add them with --login, naming an existing student's login, or ask the store's owner"
        case nil where login == student:
            return
                "the student \(student) has no login yet: add them with --create-logins (a student's login, without a password), or ask the store's owner"
        case nil:
            return
                "there is no login \(login) yet: \(owners) a login that does not exist (the owner adds them with --login \(login) --create-logins)"
        case .teacher?, .owner?:
            return "the login \(login) is a teacher's, the store owner's or a superuser's: \(owners) it"
        case .student?, SchoolRole.none?:
            return "the login \(login) is not an EduJam student's: \(owners) it"
        }
    }
}
