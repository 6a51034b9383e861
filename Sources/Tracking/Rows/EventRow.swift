/// The `attempt_events` table: its columns, the values of an event's row, and the decoding of one.
/// A recorded event never changes: every writer leaves a stored one as it is.
enum EventRow {
    /// The columns, in the order ``values(attempt:sequence:kind:at:progress:outcome:)`` gives and
    /// ``decode(_:)`` reads.
    static let columns = TableColumns(
        "attempt_events",
        [
            "activity_id": "bigint", "sequence": "integer", "kind": "text", "at": "float8", "progress": "float8",
            "outcome": "text",
        ])

    /// An event's row: `attempt` (the attempt's row id, or what an engine looks it up by), then the event.
    static func values(
        attempt: SQLValue, sequence: Int64, kind: AttemptEvent.Kind, at: Double, progress: Double?,
        outcome: RunOutcome?
    ) -> [SQLValue] {
        [attempt, .integer(sequence), .text(kind.rawValue), .real(at), .real(progress), .text(outcome?.rawValue)]
    }

    /// The events an attempt has not saved yet, numbered from the count already saved.
    static func pending(_ activity: Activity, attempt: SQLValue) -> [[SQLValue]] {
        activity.pendingEvents.enumerated().map { offset, event in
            values(
                attempt: attempt, sequence: Int64(activity.eventCount + offset), kind: event.kind,
                at: event.at.timeIntervalSince1970, progress: event.progress, outcome: event.outcome)
        }
    }

    /// A snapshot's events.
    static func snapshot(_ snapshot: RunSnapshot, attempt: SQLValue) -> [[SQLValue]] {
        snapshot.events.map { event in
            values(
                attempt: attempt, sequence: Int64(event.sequence), kind: event.kind, at: event.at,
                progress: event.progress, outcome: event.outcome)
        }
    }

    /// One event (``columns``).
    static func decode(_ row: some SQLRow) throws -> AttemptEvent {
        guard let kind = row.text(2).flatMap(AttemptEvent.Kind.init(rawValue:)) else {
            throw TrackingError.corruptRow("kind is not one of \(RowDecoder.names(AttemptEvent.Kind.allCases))")
        }
        let outcome = try row.text(5).map { text in
            guard let outcome = RunOutcome(rawValue: text) else {
                throw TrackingError.corruptRow("outcome is not one of \(RowDecoder.names(RunOutcome.allCases))")
            }
            return outcome
        }
        return AttemptEvent(
            sequence: Int(row.int(1)), kind: kind, at: ISO8601.string(fromEpoch: row.double(3)),
            progress: row.isNull(4) ? nil : try row.finite(4, "progress", in: 0...1), outcome: outcome)
    }
}
