extension TrackingError {
    /// Whether a school's store refused the write because the student already holds all it keeps
    /// of one student: ``Limits/attemptsPerStudent`` attempts or ``Limits/bytesPerStudent`` of
    /// records, ranges and events (PostgreSQL migrations `028-attempts-per-student` and
    /// `032-bytes-per-student`). Nothing the student can mend: the store's owner makes room
    /// (`edujam store prune --attempts-before`), and the refused attempt waits in the outbox.
    public var isStudentBoundReached: Bool {
        guard case .postgresql(_, let message, _) = self else { return false }
        return message == PGMigrations.attemptsPerStudentMessage || message == PGMigrations.bytesPerStudentMessage
    }
}
