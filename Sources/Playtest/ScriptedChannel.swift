import Runtime
import Tracking

/// A student who types a fixed list of lines, then leaves (end of input).
///
/// The output is cut into segments at each input: segment 0 is everything shown
/// before the first input is read, including the prompt that reads it; segment
/// N is everything after input N up to and including the prompt that reads
/// input N+1 (or up to the end of the run). Transcript checks look at one segment.
final class ScriptedChannel: PlayChannel {
    /// The lines to type, in order.
    let replies: [Reply]
    /// Output lines per segment; there is always at least one segment.
    private(set) var segments: [[String]] = [[]]
    /// Every event, in order, for showing what happened.
    private(set) var events: [RunEvent] = []
    /// How many replies the game read.
    private(set) var consumed = 0
    /// How many times the game asked after input had ended.
    private(set) var asksAfterEnd = 0

    /// Creates a channel that types `replies`.
    init(replies: [Reply]) {
        self.replies = replies
    }

    func handle(_ event: RunEvent) -> Reply? {
        events.append(event)
        segments[segments.count - 1] += ChannelText.lines(showing: event)
        return event.isQuestion ? next() : nil
    }

    private func next() -> Reply? {
        guard consumed < replies.count else {
            asksAfterEnd += 1
            return nil
        }
        consumed += 1
        segments.append([])
        return replies[consumed - 1]
    }
}

/// How prompts and menus read as lines of output, shared by every channel that keeps text.
public enum ChannelText {
    /// The lines `event` shows the student, as transcripts keep them: what the game says, line by
    /// line; a prompt; a menu. Other events show nothing.
    public static func lines(showing event: RunEvent) -> [String] {
        switch event {
        case .say(let text): return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        case .ask(let prompt): return [prompt]
        case .choose(let prompt, let options): return lines(choose: prompt, options: options)
        case .item, .progress, .end: return []
        }
    }

    /// A menu as a terminal shows it: the prompt, then `  1) option` lines.
    public static func lines(choose prompt: String, options: [String]) -> [String] {
        (prompt.isEmpty ? [] : [prompt]) + options.enumerated().map { "  \($0.offset + 1)) \($0.element)" }
    }
}
