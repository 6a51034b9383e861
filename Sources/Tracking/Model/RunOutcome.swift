/// How an attempt ended: `running` while it is being played, `interrupted` when it never ended
/// and the process that played it is gone.
public enum RunOutcome: String, Codable, Sendable, CaseIterable {
    /// Still being played: the process that plays it is alive (or on another host, which
    /// cannot be checked from here).
    case running
    /// Completed normally.
    case finished
    /// The student left before finishing.
    case quit
    /// The game failed.
    case error
    /// A sandbox limit (time, memory, instructions) stopped the game.
    case limit
    /// Never ended, and the process that played it is gone (killed, crashed, power lost): the
    /// attempt keeps what it had saved. Only ever reported by reading the store
    /// (``TrackingStore/runs(student:)``); an attempt cannot be ended with it.
    case interrupted
}

/// Who marked an attempt done. Done is separate from progress, as in Schoolwork.
public enum DoneMarker: String, Codable, Sendable, CaseIterable {
    /// The student tapped Mark Done.
    case student
    /// The game marked it done, as `completeAllAssignedActivities` does.
    case game
    /// A teacher marked it done.
    case teacher
}
