/// What `edujam verify` found when it played an ended attempt again from its replay record and
/// compared what the replay reported with what was saved (``AttemptCheck``).
///
/// Stored in `attempt_checks` as its raw value (the first four); ``changed`` is never stored: a
/// reader gives it to a check whose attempt's saved results are no longer the ones it checked.
public enum CheckState: String, Codable, Sendable, CaseIterable {
    /// The replay reported exactly what was saved.
    case verified
    /// The replay reported something else, or left its record: the difference says what, first.
    case mismatch
    /// The attempt cannot be replayed: no record, a truncated one, no game version recorded, a
    /// version the store does not have, or a replay the sandbox's limits stopped.
    case notVerifiable
    /// The attempt ran a version of its game that is none of its published versions, while the
    /// game has published ones: a local copy, which counts as practice, not for an assignment.
    case localCopy
    /// Checked once, but the saved results changed since: the check no longer says anything.
    case changed

    /// The states a check is stored with.
    static let stored: [CheckState] = [.verified, .mismatch, .notVerifiable, .localCopy]

    /// The state in a teacher's words: `verified`, `mismatch`, `not verifiable`, `local copy`,
    /// `changed since checked`.
    public var words: String {
        switch self {
        case .verified: return "verified"
        case .mismatch: return "mismatch"
        case .notVerifiable: return "not verifiable"
        case .localCopy: return "local copy"
        case .changed: return "changed since checked"
        }
    }

    /// `28 verified, 1 mismatch, 3 not verifiable`: how many of `states` are in each state, in
    /// declaration order (`allCases`), leaving out the states none is in; nil when `states` is empty.
    public static func counts(_ states: [CheckState]) -> String? {
        let parts = allCases.compactMap { state -> String? in
            let count = states.filter { $0 == state }.count
            return count == 0 ? nil : "\(count) \(state.words)"
        }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }
}

/// What checking one attempt found: its state and, for any state but `verified`, why in words.
public struct CheckResult: Equatable, Sendable {
    /// The state (never ``CheckState/changed``).
    public var state: CheckState
    /// The first difference (`saved score 5/5, replay 2/5`) or the reason; nil when verified.
    public var difference: String?

    public init(_ state: CheckState, _ difference: String? = nil) {
        self.state = state
        self.difference = difference
    }
}
