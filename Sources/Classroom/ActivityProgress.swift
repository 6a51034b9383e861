import Tracking

/// One student's standing on one assigned activity; the inbox and the class report share it.
///
/// JSON keys: `identifierPath`, `title`, `status`, `late`, `attempts`, `progress`,
/// `durationSeconds`, `primaryItem` (an element of ``RunRecord/items``, or null), `score`,
/// `passed`, `latestPath`, `latestOutcome` and `gameVersion` (each null when no attempt has one),
/// `finished`, `localCopies`, `retiredAttempts`.
///
/// Results come only from attempts that reached `activity.finish()` (``RunRecord/reachedFinish``):
/// a round the student left shows its progress and "not finished", never its score so far.
public struct ActivityProgress: Codable, Equatable, Sendable {
    /// The context's path, root first.
    public var identifierPath: [String]
    /// The context's title.
    public var title: String
    /// notStarted, inProgress or done.
    public var status: ActivityStatus
    /// The due date has passed and the status is not done.
    public var late: Bool
    /// How many attempts count for the assignment.
    public var attempts: Int
    /// The highest progress among those attempts (0 without any). Progress never goes down within
    /// an attempt, so the best attempt is the truest "how far did they get"; a fresh retry at 0.1
    /// must not hide a finished first try.
    public var progress: Double
    /// Time spent over all those attempts, as of their last save.
    public var durationSeconds: Double
    /// The latest attempt's primary item when that attempt reached `finish`; nil when there is no
    /// attempt, it has none, or the latest attempt did not finish (``latestOutcome``).
    @ExplicitNull public var primaryItem: ItemRecord?
    /// The best score among those attempts that reached `finish`, 0...1 (each one's
    /// ``RunRecord/finishedScore``); nil when none did with a score item. The gradebook grades by
    /// it, and the heatmap shades by it.
    @ExplicitNull public var score: Double? = nil
    /// The latest verdict: the ``RunRecord/verdict`` of the newest attempt that finished with a
    /// pass/fail item; nil when none did. A run the student left reports no verdict, as in xAPI.
    @ExplicitNull public var passed: Bool? = nil
    /// Where the latest attempt was played: ``identifierPath`` itself, or the path of one of its
    /// levels when a whole game is assigned; nil without an attempt.
    @ExplicitNull public var latestPath: [String]? = nil
    /// How the latest attempt ended (`quit`, `finished`, …); nil without an attempt. Anything but
    /// `finished` reads "not finished" in every view.
    @ExplicitNull public var latestOutcome: RunOutcome? = nil
    /// Whether any of those attempts reached `finish`: the activity has a result.
    public var finished = false
    /// The version of the game the latest attempt ran (``RunRecord/gameVersion``); nil without an
    /// attempt, or when it recorded none.
    @ExplicitNull public var gameVersion: String? = nil
    /// How many of the student's attempts at the activity would count but ran a local copy of a
    /// game the school published (``localCopyNote``): practice, not in the numbers above.
    public var localCopies = 0
    /// How many of the student's attempts at the activity would count but ran a version of the
    /// game its teacher retired (``retiredNote``): not in the numbers above.
    public var retiredAttempts = 0

    /// What the report says of an activity the student played from a local copy rather than the
    /// published game, or nil when they did not.
    public var localCopyNote: String? { localCopies > 0 ? Self.localCopyText : nil }

    /// What the report says of an activity with attempts that ran a retired version, or nil.
    public var retiredNote: String? {
        retiredAttempts == 0
            ? nil
            : "\(retiredAttempts) \(retiredAttempts == 1 ? "attempt" : "attempts") ran a retired version: not counted"
    }

    /// The notes the report shows under an activity's row (``localCopyNote``, ``retiredNote``).
    public var notes: [String] { [localCopyNote, retiredNote].compactMap { $0 } }

    /// The words for an attempt that ran a local copy (`play --games`, a game folder) of a game the
    /// school published: it is practice.
    public static let localCopyText = "played a local copy, not the published game"

    /// The level the latest attempt was played at, as a path below ``identifierPath`` (`["EASY"]`);
    /// nil when it was played at the assigned context itself, or not at all.
    public var latestLevel: [String]? {
        guard let latestPath, latestPath.count > identifierPath.count, latestPath.starts(with: identifierPath) else {
            return nil
        }
        return Array(latestPath.dropFirst(identifierPath.count))
    }

    /// Whether there is a latest attempt and it did not reach `finish` (quit, interrupted, an error
    /// or a limit, or still being played).
    public var latestUnfinished: Bool { latestOutcome.map { $0 != .finished } ?? false }

    /// The words every view shows for an attempt that did not reach `finish`.
    public static let notFinishedText = "not finished"

    /// `failed, EASY: correct 2/5`: the latest verdict, the level of a whole game the latest
    /// attempt was played at, and its primary item (`not finished` when that attempt did not reach
    /// `finish`), the verdict first so that a cut keeps it; nil when there is none of them. The review grid and the HTML page both show it.
    /// - Parameter itemText: How the front-end writes an item's value (``ActivityItem/Value/terminalText``
    ///   or ``ActivityItem/Value/pageText``).
    public func latestResult(_ itemText: (ActivityItem.Value) -> String) -> String? {
        let level = latestLevel.map { IdentifierPathText.text($0) }
        let item =
            latestUnfinished ? Self.notFinishedText : primaryItem.map { "\($0.identifier) \(itemText($0.item.value))" }
        let result = [level, item].compactMap { $0 }.joined(separator: ": ")
        let parts = [passed.map { $0 ? "passed" : "failed" }, result.isEmpty ? nil : result].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }
}
