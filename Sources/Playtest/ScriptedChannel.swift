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
        switch event {
        case .say(let text):
            segments[segments.count - 1] += text.split(separator: "\n", omittingEmptySubsequences: false).map(
                String.init)
        case .ask(let prompt):
            segments[segments.count - 1].append(prompt)
            return next()
        case .choose(let prompt, let options):
            segments[segments.count - 1] += ChannelText.lines(choose: prompt, options: options)
            return next()
        case .item, .progress, .end:
            break
        }
        return nil
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
    /// A menu as a terminal shows it: the prompt, then `  1) option` lines.
    public static func lines(choose prompt: String, options: [String]) -> [String] {
        (prompt.isEmpty ? [] : [prompt]) + options.enumerated().map { "  \($0.offset + 1)) \($0.element)" }
    }
}
