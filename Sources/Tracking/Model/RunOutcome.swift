/// How an attempt ended. `running` means it never ended (still going, abandoned, or the process died).
public enum RunOutcome: String, Codable, Sendable, CaseIterable {
    case running, finished, quit, error, limit
}

/// Who marked an attempt done. Done is separate from progress, as in Schoolwork.
public enum DoneMarker: String, Codable, Sendable, CaseIterable {
    case student, game, teacher
}
