import Tracking

extension TrackingStore {
    /// The students of a roster import that the store cannot take, each with why, in the roster's
    /// order; on a PostgreSQL store, with `createLogins`, the others' missing logins are created
    /// here, before any of them joins a class (a teacher's class only takes a student whose login
    /// exists, `038-login-mappings`). Call inside the import's transaction.
    ///
    /// Left out: a student the roster already leaves out (``Roster/leftOut``), one whose username
    /// breaks ``NameRule``, and on a PostgreSQL store one whose name has no login yet and cannot
    /// have the login of their username: it is longer than a login can be (63 bytes), another
    /// name's login, a teacher's, the store owner's or a superuser's (a OneRoster export that names
    /// a student `postgres` is reported, never mapped to the superuser), or, when a teacher
    /// imports, not a student's (only the store's owner maps a name to one; `createLogins` creates
    /// a missing one as a student's). Their rows in the store stay as they were, so that the
    /// school's export, mended, imports them the next time.
    func studentsLeftOut(
        _ roster: Roster, createLogins: Bool, engine: ClassroomEngine, changes: inout RosterChanges
    ) throws -> [LeftOutStudent] {
        let people = Dictionary(roster.people.map { ($0.sourcedId, $0) }, uniquingKeysWith: { first, _ in first })
        let importer: SchoolRole?
        if case .login(_, let role, _) = try engine.identity() { importer = role } else { importer = nil }
        var leftOut: [LeftOutStudent] = []
        var seen: Set<String> = []
        for id in roster.classes.flatMap(\.students) where seen.insert(id).inserted {
            let username = people[id]?.username ?? ""
            let reason: String?
            if let why = roster.leftOut[id] {
                reason = why
            } else if let problem = NameRule.problem(with: username) {
                reason = username.isEmpty ? "a student needs a username (it is their name in EduJam)" : "it \(problem)"
            } else if let importer {
                reason = try loginProblem(
                    username, importer: importer, createLogins: createLogins, engine: engine, changes: &changes)
            } else {
                reason = nil
            }
            if let reason { leftOut.append(LeftOutStudent(sourcedId: id, username: username, reason: reason)) }
        }
        return leftOut
    }

    /// Why the student `name` cannot have the login of their name, or nil when they can (their
    /// name is mapped already, or the login is free or a student's); with `createLogins` a
    /// missing login is created.
    private func loginProblem(
        _ name: String, importer: SchoolRole, createLogins: Bool, engine: ClassroomEngine,
        changes: inout RosterChanges
    ) throws -> String? {
        guard try engine.login(ofStudent: name) == nil else { return nil }
        guard LoginName.fits(name) else {
            return
                "their username is \(name.utf8.count) bytes long, and a login is at most 63 bytes: the store's owner adds them with a shorter login (edujam class add CLASS NAME --login LOGIN --create-logins)"
        }
        if let holder = try engine.student(ofLogin: name) {
            return IdentityError.loginTaken(login: name, student: holder.name, mappedBy: holder.mappedBy).description
        }
        switch try engine.schoolRole(ofLogin: name) {
        case .student?: return nil
        case .teacher?, .owner?:
            return
                "the login \(name) is a teacher's, the store owner's or a superuser's, never a student's: the store's owner adds them with --login, naming a student's login"
        case SchoolRole.none? where importer == .owner: return nil
        case nil where createLogins:
            if try engine.createStudentLogin(name) { changes.studentLoginsCreated += 1 }
            return nil
        case nil where importer == .owner: return nil
        case let role:
            return IdentityError.notAStudentsLogin(login: name, student: name, role: role).description
        }
    }
}
