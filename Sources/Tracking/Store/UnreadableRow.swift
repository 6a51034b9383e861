/// A stored row a reader could not read, reported instead of failing the whole read: whose it
/// is, which row, and why. A class report, an export or a student's list never depends on every
/// row of every student: the readers (``TrackingStore/runs(student:)``,
/// ``TrackingStore/attemptHistories(since:students:)`` and what is built on them) skip the row,
/// keep the rest, and add it to ``TrackingStore/unreadableRows``.
///
/// A store's constraints (`RowChecks`) refuse such rows when written; the readers still meet
/// them in rows written before those constraints, and past their bounds (more than
/// ``Limits/itemsPerAttempt`` items in one attempt, more than ``Limits/attemptsReadPerStudent``
/// attempts of one student).
///
/// JSON keys: `table`, `student` (null when unknown), `attempt` (the attempt's row id, null when
/// the row is not one attempt's), `row` (which of the attempt's rows: an item's identifier, an
/// event's number; null for the attempt itself), `reason`. Every text is the store's, so hostile:
/// print it through the CLI's cleaning funnel, escape it in HTML.
public struct UnreadableRow: Codable, Hashable, Sendable, CustomStringConvertible {
    /// The table: `activities`, `activity_items`, `attempt_events`.
    public var table: String
    /// Whose attempt, when known.
    public var student: String?
    /// The attempt's row id, when the row is one attempt's.
    public var attempt: Int64?
    /// Which row of the attempt: an item's identifier, an event's sequence number.
    public var row: String?
    /// Why it was not read, without the stored value: `kind is not one of quantity, binary, score`.
    public var reason: String

    /// Describes one row a reader skipped.
    public init(table: String, student: String?, attempt: Int64?, row: String? = nil, reason: String) {
        self.table = table
        self.student = student
        self.attempt = attempt
        self.row = row
        self.reason = reason
    }

    /// `ana's attempt 12, activity_items row 'q1': kind is not one of quantity, binary, score`.
    public var description: String {
        let whose = student.map { "\($0)'s " } ?? ""
        let which = attempt.map { "\(whose)attempt \($0), " } ?? (student.map { "\($0): " } ?? "")
        return "\(which)\(table)\(row.map { " row '\($0)'" } ?? ""): \(reason)"
    }

    /// At most the first 64 Unicode scalars of a stored text, for naming a row: a row that could
    /// not be read may hold a name or identifier of any size.
    static func excerpt(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard !scalars.dropFirst(64).isEmpty else { return text }  // walks 64 scalars, not the text
        return String(String.UnicodeScalarView(scalars.prefix(64))) + "…"
    }

    /// The reason a decoder's error gives: the rule a value broke, never the stored value.
    static func reason(_ error: any Error) -> String {
        switch error {
        case TrackingError.corruptRow(let what): return what
        case TrackingError.tooLong(let overrun): return overrun.description
        default: return "\(error)"
        }
    }
}
