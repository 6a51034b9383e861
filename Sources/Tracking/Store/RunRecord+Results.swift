extension RunRecord {
    /// The attempt's score item: its primary item when that is a score, else its first score item.
    ///
    /// A game whose primary item is a count (Math Jam's points) usually also reports how many
    /// answers were right as a score; that score is what the gradebook, the review's heatmap and
    /// its averages read, so they all agree on one number per attempt.
    public var scoreItem: ItemRecord? {
        if let primary = items.first(where: { $0.identifier == primaryItem }), primary.kind == .score {
            return primary
        }
        return items.first { $0.kind == .score }
    }

    /// ``scoreItem`` as a fraction of its maximum, kept within 0...1; nil without a score item or
    /// when its numbers cannot make one (a maximum of 0, a value that is not finite).
    public var scoreFraction: Double? {
        guard case .score(let score, let max)? = scoreItem?.item.value, score.isFinite, max.isFinite, max > 0 else {
            return nil
        }
        return Swift.min(Swift.max(score / max, 0), 1)
    }

    /// Whether the attempt reached the game's `activity.finish()`. Only such an attempt has a
    /// result: a score or verdict set before a student quit, or before an error or a limit stopped
    /// the game, is where the round stood, not how it ended (docs/classroom.md, "How grades are
    /// made"; xAPI's mapping says the same).
    public var reachedFinish: Bool { outcome == .finished }

    /// ``scoreFraction`` of an attempt that ``reachedFinish``, else nil: the score that grades.
    public var finishedScore: Double? { reachedFinish ? scoreFraction : nil }

    /// The game's pass/fail verdict: its primary item when that is a `passFail` binary item, else
    /// its first `passFail` binary item; nil when it reports none. Other binary items (true/false,
    /// yes/no, correct/incorrect) are answers to one question, not a verdict on the attempt.
    public var verdict: Bool? {
        let verdicts = items.filter { if case .binary(_, .passFail) = $0.item.value { true } else { false } }
        let item = verdicts.first { $0.identifier == primaryItem } ?? verdicts.first
        guard case .binary(let passed, _)? = item?.item.value else { return nil }
        return passed
    }
}
