/// How an attempt ended. `running` means it never ended (still going, abandoned, or the process died).
public enum RunOutcome: String, Codable, Sendable, CaseIterable {
    /// Never ended: still going, abandoned, or the process died.
    case running
    /// Completed normally.
    case finished
    /// The student left before finishing.
    case quit
    /// The game failed.
    case error
    /// A sandbox limit (time, memory, instructions) stopped the game.
    case limit
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
