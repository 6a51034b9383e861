import Tracking

extension TrackingStore {
    /// The classroom engine over this store's own database: the classroom tables live in the same
    /// database, and each classroom change runs in one transaction on it. The store's
    /// ``SQLDialect`` picks its logins; an engine that holds no database (a store opened while
    /// its school server could not be reached) has no classroom, and every call says the store
    /// cannot be opened.
    ///
    /// The first use on a store applies the classroom's schema where an open by Tracking alone
    /// skipped it (``ClassroomSchema/part``); should that fail (a student's login on a school
    /// server, which may not migrate), every call says why.
    var classroom: ClassroomEngine {
        guard let sql = engine.sql else { return ClassroomEngine(sql: NoDatabase(.cannotOpen), logins: NoLogins()) }
        do {
            try adopt(ClassroomSchema.part)
        } catch {
            return ClassroomEngine(sql: NoDatabase(error as? TrackingError ?? .cannotOpen), logins: NoLogins())
        }
        switch sql.dialect {
        case .sqlite: return ClassroomEngine(sql: sql, logins: NoLogins())
        case .postgresql: return ClassroomEngine(sql: sql, logins: ServerLogins(sql: sql))
        }
    }
}

/// The database of an engine that holds none, or whose classroom schema could not be applied:
/// every call fails with `reason` (``TrackingError/cannotOpen`` for none).
private final class NoDatabase: StoreSQL {
    let reason: TrackingError
    init(_ reason: TrackingError) { self.reason = reason }
    var dialect: SQLDialect { .sqlite }
    func rows(_ sql: String, _ values: [SQLValue]) throws -> [[SQLValue]] { throw reason }
    func run(_ sql: String, _ values: [SQLValue]) throws { throw reason }
    func inTransaction<T>(_ body: () throws -> T) throws -> T { throw reason }
    func inTransaction<T>(readOnly: Bool, _ body: () throws -> T) throws -> T { throw reason }
    func runAll(_ statements: [(sql: String, values: [SQLValue])]) throws { throw reason }
    func query<T>(_ sql: String, _ values: [SQLValue], row: (any SQLRow) throws -> T) throws -> [T] {
        throw reason
    }
}
