import Tracking

/// The one part of the classroom the engines do not share: logins. A school server
/// (PostgreSQL) has logins, two group roles and row-level security (``ServerLogins``); a store
/// file (SQLite) has none, and whoever can open it is trusted (``NoLogins``, `docs/classroom.md`).
/// ``TrackingStore/classroom`` picks one by the store's ``SQLDialect``.
protocol SchoolLogins {
    // MARK: Identity (`StoreIdentity.swift`)

    /// Who runs this connection: ``StoreIdentity/anyone`` on a store that has no logins.
    func identity() throws -> StoreIdentity
    /// The login the student's name maps to, or nil when none is recorded.
    func login(ofStudent student: String) throws -> String?
    /// The student name the login maps to and the login that mapped it (nil when not recorded:
    /// a mapping made before `038-login-mappings`), or nil when the login maps to no name.
    func student(ofLogin login: String) throws -> (name: String, mappedBy: String?)?
    /// Records that `student` signs in as `login`.
    func mapLogin(_ login: String, toStudent student: String) throws
    /// Creates `login` as a student's login unless a role of that name exists; returns whether it did.
    func createStudentLogin(_ login: String) throws -> Bool

    // MARK: Class owners (`TrackingStore+ClassOwners.swift`)

    /// What `login` is to this store, or nil when the server has no login of that name.
    func schoolRole(ofLogin login: String) throws -> SchoolRole?
    /// Creates `login` as a teacher's login unless a role of that name exists; returns whether it did.
    func createTeacherLogin(_ login: String) throws -> Bool
    /// The login the class `id` belongs to, or nil on a store that has no logins.
    func owner(ofClass id: Int64) throws -> String?
    /// Gives the class `id` (with its roster, assignments and Done marks) to `login`.
    func setOwner(_ login: String, ofClass id: Int64) throws
    /// Maps `student`, who has a login, to `login` instead.
    func remapLogin(_ login: String, ofStudent student: String) throws
}

/// A store with no logins (SQLite): whoever can open the file is trusted (`docs/classroom.md`).
/// It reads as nobody's, and refuses to record a login.
struct NoLogins: SchoolLogins {
    func identity() throws -> StoreIdentity { .anyone }
    func login(ofStudent student: String) throws -> String? { nil }
    func student(ofLogin login: String) throws -> (name: String, mappedBy: String?)? { nil }
    func mapLogin(_ login: String, toStudent student: String) throws { throw IdentityError.noLogins }
    func createStudentLogin(_ login: String) throws -> Bool { throw IdentityError.noLogins }
    func schoolRole(ofLogin login: String) throws -> SchoolRole? { throw IdentityError.noLogins }
    func createTeacherLogin(_ login: String) throws -> Bool { throw IdentityError.noLogins }
    func owner(ofClass id: Int64) throws -> String? { nil }
    func setOwner(_ login: String, ofClass id: Int64) throws { throw IdentityError.noLogins }
    func remapLogin(_ login: String, ofStudent student: String) throws { throw IdentityError.noLogins }
}

extension ClassroomEngine {
    func identity() throws -> StoreIdentity { try logins.identity() }
    func login(ofStudent student: String) throws -> String? { try logins.login(ofStudent: student) }
    func student(ofLogin login: String) throws -> (name: String, mappedBy: String?)? {
        try logins.student(ofLogin: login)
    }
    func mapLogin(_ login: String, toStudent student: String) throws { try logins.mapLogin(login, toStudent: student) }
    func createStudentLogin(_ login: String) throws -> Bool { try logins.createStudentLogin(login) }
    func schoolRole(ofLogin login: String) throws -> SchoolRole? { try logins.schoolRole(ofLogin: login) }
    func createTeacherLogin(_ login: String) throws -> Bool { try logins.createTeacherLogin(login) }
    func owner(ofClass id: Int64) throws -> String? { try logins.owner(ofClass: id) }
    func setOwner(_ login: String, ofClass id: Int64) throws { try logins.setOwner(login, ofClass: id) }
    func remapLogin(_ login: String, ofStudent student: String) throws {
        try logins.remapLogin(login, ofStudent: student)
    }
}
