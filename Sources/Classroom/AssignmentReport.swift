import Tracking

/// One assignment in a ``ClassReport``: a grid of students by activities, plus class aggregates.
///
/// JSON keys: `id`, `title`, `due` (ISO 8601 UTC or null), `complete`, `students`
/// (``StudentProgress``, in class order), `summary` (``ActivitySummary``, one per activity) and
/// `gameVersions` (``GameVersionCount``), `checks` (``AttemptCheck``, only when `verify`
/// checked some of its counted attempts) and `attemptsRemovedBefore` (only for an assignment made
/// before the day the store's owner removed attempts before).
public struct AssignmentReport: Codable, Equatable, Sendable {
    /// The assignment id.
    public var id: Int64
    /// The title.
    public var title: String
    /// When it is due, if ever.
    @ExplicitNull public var due: String?
    /// Whether the teacher marked it complete.
    public var complete: Bool
    /// One row per assignee.
    public var students: [StudentProgress]
    /// One column aggregate per activity, in assignment order.
    public var summary: [ActivitySummary]
    /// The game versions its counted attempts ran, the most played first: more than one says the
    /// students did not all play the same game (``versionsNote``).
    public var gameVersions: [GameVersionCount] = []
    /// What `edujam verify` found for each counted attempt it checked (``AttemptCheck``), or nil
    /// (the key left out) when it checked none of them.
    public var checks: [AttemptCheck]? = nil
    /// `2026-09-01`: the day (UTC) before which the store's owner removed attempts (`edujam store
    /// prune --attempts-before`), when this assignment was made before it, so that attempts which
    /// counted for it may be gone (``removedAttemptsNote``); nil (the key left out) otherwise.
    public var attemptsRemovedBefore: String? = nil

    /// `attempts started before 2026-09-01 (UTC) were removed (store prune)`: why work a student did
    /// may read as not started; nil when none can be missing. Fits a terminal's 80 columns whole.
    public var removedAttemptsNote: String? { attemptsRemovedBefore.map(AssignmentRow.removedAttemptsNote(day:)) }

    /// `verify: 28 verified, 1 mismatch`: how many of its checked attempts are in each state; nil
    /// when `verify` checked none. The terminal and the page both print it.
    public var checksLine: String? {
        guard let checks, let counts = CheckState.counts(checks.map(\.state)) else { return nil }
        return "verify: " + counts
    }
}
