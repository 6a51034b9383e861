import Foundation
import Tracking

/// Who a command runs for (`docs/classroom.md`, "Who can see what").
///
/// On a SQLite store whoever runs EduJam is trusted: `--student` names the student. On a
/// PostgreSQL store the login is the identity: a student is their login's name on the rosters and
/// may not name another; a teacher may name a student to read or mark their work, but plays only
/// under their own login (a student's attempts are the student's alone). The database enforces
/// the same with row-level security; these checks only say it in words, before anything runs.
public enum Identity {
    /// The student a command acts for.
    /// - Parameters:
    ///   - typed: The student named (`--student`), if any.
    ///   - identity: Who runs the command (``TrackingStore/identity()``).
    ///   - fallback: The name to use on SQLite when none is named; nil makes naming one required
    ///     (also of a teacher on PostgreSQL, whose login is otherwise the name they play as).
    /// - Returns: The student, or nil when one must be named and none was.
    /// - Throws: ``IdentityError`` when the login may not name a student or has none.
    public static func student(typed: String?, identity: StoreIdentity, fallback: String? = nil) throws -> String? {
        switch identity {
        case .anyone:
            return typed ?? fallback
        case .login(let login, .student, let name):
            guard typed == nil else { throw IdentityError.studentChoosesName(login: login) }
            guard let name else { throw IdentityError.notOnARoster(login: login) }
            return name
        case .login(let login, .none, _):
            throw IdentityError.noRole(login: login)
        case .login(let login, .teacher, let name), .login(let login, .owner, let name):
            if let chosen = typed ?? name { return chosen }
            // A teacher plays as their login; a command on a student's work (done, inbox) names one.
            return fallback == nil ? nil : login
        }
    }

    /// The student whose attempt a `play` saves: as ``student(typed:identity:fallback:)``,
    /// except that a teacher plays only under their own login, as the database lets them write
    /// only those attempts; the owner, not bound by the policies, may name anyone.
    /// - Throws: As ``student(typed:identity:fallback:)``, and
    ///   ``IdentityError/teacherPlaysAsThemselves(login:)`` for a teacher naming someone else.
    public static func player(typed: String?, identity: StoreIdentity, fallback: String) throws -> String {
        if case .login(let login, .teacher, _) = identity {
            guard typed == nil || typed == login else { throw IdentityError.teacherPlaysAsThemselves(login: login) }
            return login
        }
        return try student(typed: typed, identity: identity, fallback: fallback) ?? fallback
    }

    /// The name a published game version records as its publisher: the login on PostgreSQL (the
    /// server lets a teacher publish only under their own), the user running EduJam on SQLite.
    public static func publisher(identity: StoreIdentity) -> String {
        switch identity {
        case .login(let login, _, _): return login
        case .anyone:
            let user = ProcessInfo.processInfo.userName
            return user.isEmpty ? "uid \(getuid())" : user
        }
    }

    /// Refuses a command of the store's owner to any other login (a file has no logins: whoever
    /// may write it runs them).
    /// - Parameters:
    ///   - command: The command as the person typed it, for the message (`store prune`).
    ///   - identity: Who runs the command (``TrackingStore/identity()``).
    /// - Throws: ``IdentityError/ownersOnly(login:command:)``.
    public static func requireOwner(_ command: String, identity: StoreIdentity) throws {
        switch identity {
        case .anyone, .login(_, .owner, _): return
        case .login(let login, _, _): throw IdentityError.ownersOnly(login: login, command: command)
        }
    }

    /// Refuses a teacher's command to a student login, and any command to a login with no role.
    /// - Parameters:
    ///   - command: The command as the person typed it, for the message (`class add`).
    ///   - identity: Who runs the command (``TrackingStore/identity()``).
    /// - Throws: ``IdentityError/teachersOnly(login:command:)`` or ``IdentityError/noRole(login:)``.
    public static func requireTeacher(_ command: String, identity: StoreIdentity) throws {
        switch identity {
        case .anyone, .login(_, .teacher, _), .login(_, .owner, _): return
        case .login(let login, .student, _): throw IdentityError.teachersOnly(login: login, command: command)
        case .login(let login, .none, _): throw IdentityError.noRole(login: login)
        }
    }
}
