extension TrackingError {
    /// Whether a school's store refused the write because the student already holds all it keeps
    /// of one student: ``Limits/attemptsPerStudent`` attempts or ``Limits/bytesPerStudent`` of
    /// records, ranges and events (PostgreSQL migrations `028-attempts-per-student` and
    /// `032-bytes-per-student`). Nothing the student can mend: the store's owner makes room
    /// (`edujam store prune --attempts-before`), and the refused attempt waits in the outbox.
    ///
    /// Known by the rule's name the message starts with, not by its whole text: a store keeps the
    /// words of the migration that set its bound, whatever the bound is today.
    public var isStudentBoundReached: Bool {
        guard case .postgresql(_, let message, _) = self else { return false }
        return message.hasPrefix("attempts_per_student: ") || message.hasPrefix("bytes_per_student: ")
    }
}
