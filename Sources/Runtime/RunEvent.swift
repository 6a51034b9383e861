import Tracking

/// Everything a run shows or asks, in order: what terminals draw, what transcripts
/// check, what bots answer and what `--driver jsonl` prints.
public enum RunEvent: Equatable {
    /// A line (or lines) for the student.
    case say(String)
    /// A question; the channel answers with a line of text.
    case ask(prompt: String)
    /// A numbered choice; the channel answers with the number typed.
    case choose(prompt: String, options: [String])
    /// An item was set.
    case item(ItemRecord)
    /// Progress changed.
    case progress(Double)
    /// The run ended; the record is final.
    ///
    /// Indirect: since a report carries its replay record, destroying this case inline crashed
    /// (`swift_release` in the compiler's outlined destroy of `RunEvent`, `JobsTests`); boxed,
    /// it does not. The cause is not known.
    indirect case end(RunReport)

    /// Whether the event waits for the student's reply (`ask`, `choose`).
    public var isQuestion: Bool {
        switch self {
        case .ask, .choose: return true
        case .say, .item, .progress, .end: return false
        }
    }
}

/// What a channel answers to an `ask` or `choose`.
public struct Reply: Equatable, Sendable {
    /// The line typed, without its newline.
    public var text: String
    /// Virtual seconds the student thought first (ignored by a real clock).
    public var thinking: Double

    public init(_ text: String, thinking: Double = 1) {
        self.text = text
        self.thinking = thinking
    }

    /// The think times a transcript, a bot or a driver may give: 0 s to one day.
    ///
    /// A day is far beyond any timer a game sets, and it keeps every sum of think
    /// times (a run's duration, a class's time spent) finite. Each place a think
    /// time enters checks it against this range and names the file and line when
    /// it is out; ``RunClock/advance(by:)`` clamps to it as a last guard.
    public static let thinkingRange: ClosedRange<Double> = 0...86_400
    /// ``thinkingRange`` in words, for the errors that refuse a think time.
    public static let thinkingRangeText = "a think time is a number of seconds from 0 to 86400 (one day)"
}

/// Where a run's events go and its answers come from: a terminal, a transcript,
/// a bot or a JSON-lines driver.
public protocol PlayChannel: AnyObject {
    /// Shows an event. For `.ask` and `.choose` returns the student's reply, or
    /// nil when input has ended (the student left); for the rest the result is ignored.
    func handle(_ event: RunEvent) -> Reply?
}
