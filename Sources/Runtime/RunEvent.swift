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
    case end(RunReport)
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
}

/// Where a run's events go and its answers come from: a terminal, a transcript,
/// a bot or a JSON-lines driver.
public protocol PlayChannel: AnyObject {
    /// Shows an event. For `.ask` and `.choose` returns the student's reply, or
    /// nil when input has ended (the student left); for the rest the result is ignored.
    func handle(_ event: RunEvent) -> Reply?
}
