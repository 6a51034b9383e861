import Tracking

extension TrackingStore {
    /// The classroom engine over this store's own engine: the classroom tables live in the same
    /// database, and each classroom change runs in one transaction on it. One case per
    /// ``StoreEngine`` implementation.
    var classroom: any ClassroomEngine {
        switch engine {
        case let file as SQLiteEngine: return SQLiteClassroomEngine(connection: file.connection)
        case let server as PostgreSQLEngine: return PostgreSQLClassroomEngine(connection: server.connection)
        default: preconditionFailure("Classroom has no engine for \(type(of: engine))")
        }
    }
}
