import Tracking

extension TrackingStore {
    /// The SQLite connection under this store: the classroom tables live in the same file, and
    /// each classroom change runs in one transaction on it.
    var sqlite: Connection {
        guard let sqlite = engine as? SQLiteEngine else {
            preconditionFailure("Classroom has no implementation for \(type(of: engine))")
        }
        return sqlite.connection
    }
}
