import Tracking

extension TrackingStore {
    /// The classroom engine over this store's own engine: the classroom tables live in the same
    /// database, and each classroom change runs in one transaction on it. One case per
    /// ``StoreEngine`` implementation.
    var classroom: any ClassroomEngine {
        switch engine {
        case let sqlite as SQLiteEngine: return SQLiteClassroomEngine(connection: sqlite.connection)
        case let postgres as PostgreSQLEngine: return PostgreSQLClassroomEngine(connection: postgres.connection)
        default: preconditionFailure("Classroom has no engine for \(type(of: engine))")
        }
    }
}

extension TrackingStore {
    /// The SQLite connection itself, for the two parts that still speak SQL from the rules' side:
    /// the OneRoster sync (`TrackingStore+Roster.swift`) and the gradebook
    /// (`TrackingStore+Gradebook.swift`), which landed while the rest moved behind
    /// ``ClassroomEngine``. Their statements are the next to move into `SQLite/`; until then a
    /// second engine would have to answer them here.
    var sqlite: Connection {
        guard let sqlite = engine as? SQLiteEngine else { preconditionFailure("OneRoster needs the SQLite engine") }
        return sqlite.connection
    }
}
