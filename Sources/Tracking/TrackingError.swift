import Foundation

/// Every error the tracking model throws.
///
/// Where ClassKit silently drops a bad call (mutating an activity that is not started, an unknown
/// topic), this module throws instead. Messages name identifiers and limits but never student
/// names or other bound values. ``category`` sorts the cases the way ClassKit's `CLSError.Code`
/// does, for an app to switch on; ``object`` names the context an error is about when the case
/// carries it; a save that refused some changes throws ``partialFailure(refused:)``, which names
/// each object refused and why.
public enum TrackingError: Error, Equatable, Sendable {
    /// An identifier was empty or only whitespace. The associated value says which one.
    case invalidIdentifier(String)
    /// An identifier broke ``IdentifierRule`` (too long, a `/`, a space); `reason` says how.
    case identifierRefused(what: String, reason: String)
    /// A title was empty or only whitespace.
    case blankTitle
    /// A title, summary or keyword went past its ``TextLimit`` (``Limits/title``, ...), in characters or in bytes.
    case tooLong(TextOverrun)
    /// A context had more than ``Limits/keywordCount`` keywords.
    case tooManyKeywords(count: Int)
    /// A context would sit deeper than ``Limits/depth`` levels, counting the root.
    case depthExceeded(depth: Int)
    /// A sibling already uses this identifier.
    case duplicateIdentifier(String)
    /// `.app` is reserved for the main context.
    case reservedType
    /// A topic name outside the eight ClassKit topics.
    case unknownTopic(String)
    /// A range (suggested age or completion time) had a negative bound.
    case invalidRange(field: String)
    /// A student or class name breaks ``NameRule``. `what` names it (`student name`, `class name`,
    /// `student name 2 of 3`); `reason` says why, without repeating the name.
    case invalidName(what: String, reason: String)
    /// The activity must be started before progress or items change.
    case notStarted
    /// The activity has ended (``Activity/end(outcome:)``); it can no longer change.
    case activityEnded
    /// A newer attempt replaced this activity (``Context/createNewActivity(student:gameVersion:)``).
    case activitySuperseded
    /// ``RunOutcome/running`` and ``RunOutcome/interrupted`` are not ways to end an activity.
    case invalidOutcome
    /// The primary item's kind is locked once an item was chosen primary: a later choice must keep it.
    case primaryKindLocked(existing: ItemKind, attempted: ItemKind)
    /// No item has this identifier to name primary, and the chosen primary's kind is locked:
    /// the new item's kind could only be checked later, at another call.
    case primaryItemMissing(String, lockedKind: ItemKind)
    /// Another item of the activity already uses this identifier, with a different role or kind.
    case duplicateItemIdentifier(String)
    /// A score item needs `maxScore > 0` and `0 <= score <= maxScore`.
    case invalidScore(score: Double, maxScore: Double)
    /// A number was NaN or infinite. The associated value names the field.
    case nonFinite(field: String)
    /// A progress range must satisfy `0 <= start <= end <= 1`.
    case progressOutOfRange(start: Double, end: Double)
    /// The context was removed from the store.
    case contextRemoved
    /// The main context cannot be removed.
    case cannotRemoveRoot
    /// The store file belongs to a different main context.
    case rootMismatch(expected: String, found: String)
    /// The store records a migration this version does not know: it was written by a newer one.
    case unknownMigration(String)
    /// A stored row could not be decoded. The associated value names the column.
    case corruptRow(String)
    /// SQLite failed. `sql` is the statement text; bound values are never included.
    case sqlite(code: Int32, message: String, sql: String?)
    /// Another connection held the store's lock for longer than the busy timeout.
    case busy(sql: String?)
    /// No connection to the PostgreSQL server (`server` names its host or socket folder and port,
    /// never the password), or the connection was lost; `reason` is libpq's, on one line.
    case serverUnreachable(server: String, reason: String)
    /// A PostgreSQL connection string that libpq cannot parse; the associated value says why.
    case invalidConnectionString(String)
    /// The PostgreSQL server at `server` is a hot standby (streaming replication), which reads but
    /// refused a write (SQLSTATE 25006): writing needs the primary, the read-write server.
    case standbyServer(server: String)
    /// The PostgreSQL database (`place`: its name and server) holds no EduJam store yet, and this
    /// login may not create one: its owner runs `edujam store init`.
    case storeNotInitialized(place: String)
    /// The PostgreSQL store's schema is older than this EduJam, and this login may not migrate it:
    /// its owner runs `edujam store migrate`.
    case storeNeedsMigration(place: String)
    /// The PostgreSQL server (`server`: its host or socket folder and port) has no role named
    /// `login`: the server was reached, and refused a login nobody created there.
    case unknownLogin(login: String, server: String)
    /// The login is granted neither `edujam_teacher` nor `edujam_student` on the PostgreSQL store
    /// (`place`), so it may read nothing of it.
    case loginWithoutRole(login: String, place: String)
    /// The database's owner (`login`, quoted for SQL as needed) ran `edujam store init` but may
    /// not create roles, and the two group roles the store needs do not exist yet: the server's
    /// administrator gives the owner CREATEROLE or creates them.
    case ownerCannotCreateRoles(login: String, place: String)
    /// PostgreSQL refused a statement: its SQLSTATE, its message and the statement's text (bound
    /// values are never included).
    case postgresql(state: String, message: String, sql: String?)
    /// The file is not an EduJam store: not an SQLite database, or another program's.
    case notAStore
    /// The store may be read but not written (the file's or its folder's permissions, a read-only disk).
    case readOnly
    /// The store's file cannot be opened or created (no such folder, no permission to read).
    case cannotOpen
    /// The context at this path was refused by the save and was never saved before, so what
    /// hangs from it (a child context, an attempt) cannot be written yet. It stays pending and is
    /// written by the first save after the context is fixed.
    case contextNotSaved([String])
    /// A save wrote every valid change and refused these (ClassKit's `partialFailure`). The
    /// refused objects stay pending: fix them and save again.
    case partialFailure(refused: [RefusedChange])
}

extension TrackingError: CustomStringConvertible {
    /// A human-readable explanation of the error.
    public var description: String {
        switch self {
        case .invalidIdentifier(let what): return "invalid identifier: \(what) must not be blank"
        case .identifierRefused(let what, let reason): return "invalid \(what): \(reason)"
        case .blankTitle: return "invalid title: must contain a non-whitespace character"
        case .tooLong(let o): return "\(o.field) too long: \(o.count) \(o.unit.rawValue) (limit \(o.limit))"
        case .tooManyKeywords(let n): return "too many keywords: \(n) (limit \(Limits.keywordCount))"
        case .depthExceeded(let d): return "context too deep: depth \(d) (limit \(Limits.depth) including the root)"
        case .duplicateIdentifier(let id): return "duplicate identifier: a sibling already uses '\(id)'"
        case .reservedType: return "reserved type: only the main context has type 'app'"
        case .unknownTopic(let t):
            return "unknown topic '\(t)' (expected one of \(Topic.allCases.map(\.rawValue).joined(separator: ", ")))"
        case .invalidRange(let field): return "invalid range: \(field) must not be negative"
        case .invalidName(let what, let reason): return "invalid \(what): \(reason)"
        case .notStarted: return "activity not started: call start() before recording progress or items"
        case .activityEnded: return "activity ended: it can no longer change"
        case .activitySuperseded: return "activity superseded: a newer attempt was created for this context"
        case .invalidOutcome: return "invalid outcome: 'running' and 'interrupted' cannot end an activity"
        case .primaryKindLocked(let old, let new):
            return "primary item kind locked: is \(old.rawValue), cannot become \(new.rawValue)"
        case .primaryItemMissing(let id, let kind):
            return
                "no item '\(id)' to make primary: the primary item's kind is locked as \(kind.rawValue), so set '\(id)' first"
        case .duplicateItemIdentifier(let id): return "duplicate item identifier '\(id)' in this activity"
        case .invalidScore(let s, let m):
            return "invalid score \(s) / \(m): need maxScore > 0 and 0 <= score <= maxScore"
        case .nonFinite(let field): return "\(field) must be a finite number"
        case .progressOutOfRange(let a, let b): return "progress range \(a)...\(b) outside 0...1 or reversed"
        case .contextRemoved: return "context removed from the store"
        case .cannotRemoveRoot: return "the main context cannot be removed"
        case .rootMismatch(let e, let f): return "store belongs to main context '\(f)', not '\(e)'"
        case .unknownMigration(let name): return "store written by a newer version (unknown migration '\(name)')"
        case .corruptRow(let column): return "corrupt stored row: cannot decode \(column)"
        case .sqlite(let code, let message, let sql):
            return "SQLite error \(code): \(message)" + (sql.map { " - while executing `\($0)`" } ?? "")
        case .busy(let sql):
            return "store busy: another process held the lock too long"
                + (sql.map { " - while executing `\($0)`" } ?? "")
        case .serverUnreachable(let server, let reason):
            return "cannot reach the PostgreSQL server at \(server): \(reason)"
        case .invalidConnectionString(let reason): return "invalid PostgreSQL connection string: \(reason)"
        case .standbyServer(let server):
            return
                "the PostgreSQL server at \(server) is a standby, which only reads: writing needs the primary server; "
                + "list it in the store's address, with target_session_attrs=read-write"
        case .storeNotInitialized(let place):
            return "\(place) holds no EduJam store yet: the database's owner runs: edujam store init"
        case .storeNeedsMigration(let place):
            return
                "the EduJam store in \(place) is older than this edujam: the database's owner runs: edujam store migrate"
        case .unknownLogin(let login, let server):
            return
                "the login \(login) has no role on the PostgreSQL server at \(server): the owner creates it, or run as the owner's account"
        case .loginWithoutRole(let login, let place):
            return
                "the login \(login) is neither an EduJam teacher nor a student in \(place): the database's owner runs: GRANT edujam_student TO \(login); (or edujam_teacher, for a teacher)"
        case .ownerCannotCreateRoles(let login, let place):
            return
                "the login \(login) owns \(place) but may not create roles, which edujam store init needs for the group roles edujam_teacher and edujam_student: the server's administrator runs: ALTER ROLE \(login) CREATEROLE; (or creates the two: CREATE ROLE edujam_teacher NOLOGIN; CREATE ROLE edujam_student NOLOGIN;)"
        case .postgresql(let state, let message, let sql):
            return "PostgreSQL error \(state): \(message)" + (sql.map { " - while executing `\($0)`" } ?? "")
        case .notAStore: return "not an EduJam store"
        case .readOnly: return "the store is read-only"
        case .cannotOpen: return "the store cannot be opened"
        case .contextNotSaved(let path):
            return "context '\(IdentifierPathText.text(path))' was refused and never saved: fix it and save again"
        case .partialFailure(let refused):
            let count = refused.count == 1 ? "1 change" : "\(refused.count) changes"
            return "save refused \(count) (every other change was saved): "
                + refused.map(\.description).joined(separator: "; ")
        }
    }
}

extension TrackingError: LocalizedError {
    /// The same message as ``description``, so `localizedDescription` reads as the CLI prints it.
    public var errorDescription: String? { description }
}
