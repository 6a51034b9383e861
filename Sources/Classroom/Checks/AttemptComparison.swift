import GameContent
import Tracking

/// What `verify` compares: the results a replay reports against those saved with the attempt,
/// and the fingerprint of saved results a stored check keeps.
///
/// Compared, in this order, and only these (what the game reports; not times, titles or who
/// played): each item by identifier (its kind, then its value, a score's maximum included), then
/// progress, outcome and primary item.
public enum AttemptComparison {
    /// The first way `replayed` differs from `saved`, in words (`saved score 5/5, replay 2/5`),
    /// or nil when they agree.
    public static func firstDifference(saved: RunRecord, replayed: RunRecord) -> String? {
        let replayedItems = Dictionary(replayed.items.map { ($0.identifier, $0.item) }, uniquingKeysWith: { a, _ in a })
        for savedItem in saved.items.map(\.item) {
            guard let item = replayedItems[savedItem.identifier] else {
                return "saved \(savedItem.identifier) \(savedItem.value.terminalText), replay has no such item"
            }
            if item.kind != savedItem.kind {
                return "saved \(savedItem.identifier) is a \(savedItem.kind.rawValue), replay a \(item.kind.rawValue)"
            }
            if item.value != savedItem.value {
                return
                    "saved \(savedItem.identifier) \(savedItem.value.terminalText), replay \(item.value.terminalText)"
            }
        }
        let savedIDs = Set(saved.items.map(\.identifier))
        if let extra = replayed.items.first(where: { !savedIDs.contains($0.identifier) }) {
            return "replay reports \(extra.identifier) \(extra.item.value.terminalText), saved has no such item"
        }
        if replayed.progress != saved.progress {
            return "saved progress \(percent(saved.progress)), replay \(percent(replayed.progress))"
        }
        if replayed.outcome != saved.outcome {
            return "saved outcome \(saved.outcome.rawValue), replay \(replayed.outcome.rawValue)"
        }
        if replayed.primaryItem != saved.primaryItem {
            return "saved primary item \(saved.primaryItem ?? "none"), replay \(replayed.primaryItem ?? "none")"
        }
        return nil
    }

    /// What a replay of `saved` found: a mismatch when the version replayed declares another game
    /// than the attempt's (a version counts only for the game it declares: a record that answers
    /// another game's questions proves nothing of this one), when it left its record
    /// (`divergence`, in words) or reported other results; not verifiable when the sandbox's
    /// limits stopped the replay but not the saved run (a limit may be the checking computer's,
    /// not the attempt's: a time limit on a busy machine); else verified. The one rule `verify`
    /// and its bench row use.
    public static func result(saved: RunRecord, replayed: RunRecord, divergence: String?) -> CheckResult {
        let (game, declared) = (saved.identifierPath.dropFirst().first, replayed.identifierPath.dropFirst().first)
        if game != declared {
            return CheckResult(.mismatch, "saved at game \(game ?? "none"), its version declares \(declared ?? "none")")
        }
        if let divergence { return CheckResult(.mismatch, divergence) }
        if replayed.outcome == .limit, saved.outcome != .limit {
            return CheckResult(.notVerifiable, "the replay was stopped by a sandbox limit the saved run did not hit")
        }
        return firstDifference(saved: saved, replayed: replayed).map { CheckResult(.mismatch, $0) }
            ?? CheckResult(.verified)
    }

    /// SHA-256 (64 hexadecimal digits) of what ``firstDifference(saved:replayed:)`` compares of
    /// `run`: a stored check keeps it, and a reader that finds the attempt's saved results with
    /// another one shows the check as ``CheckState/changed``.
    public static func fingerprint(_ run: RunRecord) -> String {
        var fields = [run.outcome.rawValue, TeacherNumber.exact(run.progress), run.primaryItem ?? ""]
        for item in run.items.map(\.item) {
            fields += [item.identifier, item.kind.rawValue, item.value.transcriptText]
        }
        // Each field with its length first, so no two lists of fields have the same text.
        let text = fields.map { "\($0.utf8.count):\($0)" }.joined()
        return hexDigits(SHA256.hash(Array(text.utf8)))
    }

    /// Progress as a teacher reads it, exact when whole percents would hide the difference.
    private static func percent(_ progress: Double) -> String {
        let whole = (progress * 100).rounded()
        return whole / 100 == progress ? "\(TeacherNumber.exact(whole))%" : TeacherNumber.exact(progress)
    }
}
