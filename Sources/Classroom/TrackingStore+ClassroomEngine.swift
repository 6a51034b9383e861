import Tracking

extension TrackingStore {
    /// The classroom engine over this store's own database: the classroom tables live in the same
    /// database, and each classroom change runs in one transaction on it. The store's
    /// ``SQLDialect`` picks its logins; an engine that holds no database (a store opened while
    /// its school server could not be reached) has no classroom, and every call says the store
    /// cannot be opened.
    var classroom: ClassroomEngine {
        guard let sql = engine.sql else { return ClassroomEngine(sql: NoDatabase(), logins: NoLogins()) }
        switch sql.dialect {
        case .sqlite: return ClassroomEngine(sql: sql, logins: NoLogins())
        case .postgresql: return ClassroomEngine(sql: sql, logins: ServerLogins(sql: sql))
        }
    }
}

/// The database of an engine that holds none: every call fails with
/// ``TrackingError/cannotOpen``.
private final class NoDatabase: StoreSQL {
    var dialect: SQLDialect { .sqlite }
    func rows(_ sql: String, _ values: [SQLValue]) throws -> [[SQLValue]] { throw TrackingError.cannotOpen }
    func run(_ sql: String, _ values: [SQLValue]) throws { throw TrackingError.cannotOpen }
    func inTransaction<T>(_ body: () throws -> T) throws -> T { throw TrackingError.cannotOpen }
    func inTransaction<T>(readOnly: Bool, _ body: () throws -> T) throws -> T { throw TrackingError.cannotOpen }
    func runAll(_ statements: [(sql: String, values: [SQLValue])]) throws { throw TrackingError.cannotOpen }
    func query<T>(_ sql: String, _ values: [SQLValue], row: (any SQLRow) throws -> T) throws -> [T] {
        throw TrackingError.cannotOpen
    }
}
