import Tracking

/// One attempt's check as a report shows it (`report --class --json`, an assignment's `checks`).
///
/// JSON keys: `id` (the attempt's row id), `uuid`, `student`, `identifierPath`, `state`
/// (``CheckState``'s raw value), `difference` (null when verified), `checkedAt` (ISO 8601, UTC),
/// `checkedBy` (the login, or the user on a store file, that stored the check).
public struct AttemptCheck: Codable, Equatable, Sendable {
    /// The attempt's row id.
    public var id: Int64
    /// The attempt's UUID, lowercase.
    @ExplicitNull public var uuid: String?
    /// Who played it.
    public var student: String
    /// The context played, root first.
    public var identifierPath: [String]
    /// What the check found, or ``CheckState/changed`` when the saved results changed since.
    public var state: CheckState
    /// The first difference or the reason (bounded: ``CheckTables/maxDifferenceBytes``).
    @ExplicitNull public var difference: String?
    /// When it was checked.
    public var checkedAt: String
    /// Who stored the check (null for a check just made and not read back).
    @ExplicitNull public var checkedBy: String?

    /// The attempt as a line names it: its UUID's first 8 characters (its row id without one).
    public var shortAttempt: String { String((uuid ?? String(id)).prefix(8)) }

    /// Whether the teacher must look at it, so the report names it: a mismatch, or changed since checked.
    public var isNamed: Bool { state == .mismatch || state == .changed }

    public init(
        id: Int64, uuid: String?, student: String, identifierPath: [String], state: CheckState, difference: String?,
        checkedAt: String, checkedBy: String? = nil
    ) {
        self.id = id
        self.uuid = uuid
        self.student = student
        self.identifierPath = identifierPath
        self.state = state
        self.difference = difference
        self.checkedAt = checkedAt
        self.checkedBy = checkedBy
    }

    /// ` (checked by maria)`, or nothing when who checked is not known.
    public var checkedByNote: String { checkedBy.map { " (checked by \($0))" } ?? "" }
}
