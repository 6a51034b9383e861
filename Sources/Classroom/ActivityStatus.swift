/// Where a student stands on one assigned activity, as Schoolwork shows it.
public enum ActivityStatus: String, Codable, Sendable, CaseIterable {
    /// No attempt counts for the assignment yet.
    case notStarted
    /// Attempts count, but nobody marked the activity done.
    case inProgress
    /// The student marked it done, the game marked the latest attempt done, or the teacher marked
    /// the assignment complete.
    case done
}
