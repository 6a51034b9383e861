import Tracking

/// Serves a replay record's events, in order, to a run playing the attempt again: each reply to
/// the question the game asks, each clock reading to the reading it takes. The first time the
/// game asks for something the record does not have next, the cursor keeps where and why
/// (``divergence``) and the run is stopped there (`GameRun`).
final class ReplayCursor {
    let inputs: AttemptInputs
    /// The next event's index in `inputs.events`.
    private(set) var position = 0
    /// Why the replay stopped, once it has.
    private(set) var divergence: ReplayDivergence?
    /// The clock reading of the last reply (or input end) served.
    private(set) var lastReplyAt: Double?
    /// The reading the game had before that reply: the clock reading or reply just before it (0
    /// at the start): how long the student took, as the game could see it.
    private(set) var readingBeforeReply: Double = 0

    init(_ inputs: AttemptInputs) { self.inputs = inputs }

    /// The recorded reply (or input end) the game's question gets, or nil when the record has
    /// something else next (``divergence`` says what).
    func nextReply() -> AttemptInputs.Event? {
        guard let event = next(wanting: .input) else { return nil }
        switch event {
        case .reply(_, let at), .inputEnded(let at):
            lastReplyAt = at
            readingBeforeReply = position >= 2 ? reading(of: inputs.events[position - 2]) : 0
        case .clock: return diverge(wanting: .input, found: .clockReading)
        }
        return event
    }

    /// The recorded clock reading the game's reading gets, or nil when the record has something
    /// else next (``divergence`` says what).
    func nextClock() -> Double? {
        guard let event = next(wanting: .clockReading) else { return nil }
        guard case .clock(let reading) = event else { return diverge(wanting: .clockReading, found: .input) }
        return reading
    }

    /// Notes the run's end: a record with events left over diverged there.
    func runEnded() {
        guard divergence == nil, position < inputs.events.count else { return }
        divergence = ReplayDivergence(event: position + 1, wanted: .end, found: kind(of: inputs.events[position]))
    }

    private func next(wanting wanted: ReplayDivergence.Kind) -> AttemptInputs.Event? {
        guard divergence == nil else { return nil }
        guard position < inputs.events.count else {
            return diverge(wanting: wanted, found: inputs.isTruncated ? .truncation : .end)
        }
        position += 1
        return inputs.events[position - 1]
    }

    private func diverge<T>(wanting wanted: ReplayDivergence.Kind, found: ReplayDivergence.Kind) -> T? {
        let event = found == .end || found == .truncation ? position + 1 : position
        divergence = ReplayDivergence(event: event, wanted: wanted, found: found)
        return nil
    }

    private func reading(of event: AttemptInputs.Event) -> Double {
        switch event {
        case .reply(_, let at), .inputEnded(let at): return at
        case .clock(let reading): return reading
        }
    }

    private func kind(of event: AttemptInputs.Event) -> ReplayDivergence.Kind {
        switch event {
        case .reply, .inputEnded: return .input
        case .clock: return .clockReading
        }
    }
}

/// Where a replay stopped following its record: the game asked for one thing, the record had
/// another (what `verify` counts as a mismatch).
public struct ReplayDivergence: Error, Equatable, Sendable, CustomStringConvertible {
    /// What the game asked for or the record held.
    public enum Kind: String, Sendable {
        case input = "input"
        case clockReading = "a clock reading"
        case end = "the run's end"
        case truncation = "the end of a truncated record"
    }

    /// The event's number in the record, from 1.
    public var event: Int
    /// What the game did there.
    public var wanted: Kind
    /// What the record has there.
    public var found: Kind

    public var description: String {
        let game: String
        switch wanted {
        case .input: game = "the game asked for input"
        case .clockReading: game = "the game read the clock"
        case .end, .truncation: game = "the game ended"
        }
        let record: String
        switch found {
        case .input: record = "the record has input"
        case .clockReading: record = "the record has a clock reading"
        case .end: record = "the record has ended"
        case .truncation: record = "the record was cut there for its size (not replayable further)"
        }
        return "the replay diverged at event \(event): \(game), \(record)"
    }
}
