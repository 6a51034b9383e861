import Foundation
import Runtime
import Tracking

/// The jsonl driver's protocol (`play --driver jsonl`, `docs/playtesting.md`): one JSON object per
/// event out, one answer per line in. For harnesses in any language. An answer line is typed as
/// is, unless it is a JSON object with a "text" field (and optionally "thinking", virtual seconds).
public enum JSONLinesDriver {
    /// The object that says `event`.
    public static func object(for event: RunEvent) -> [String: Any] {
        switch event {
        case .say(let text):
            return ["event": "say", "text": text]
        case .ask(let prompt):
            return ["event": "ask", "prompt": prompt]
        case .choose(let prompt, let options):
            return ["event": "choose", "prompt": prompt, "options": options]
        case .item(let item):
            var object = Self.object(item)
            object["event"] = "item"
            return object
        case .progress(let value):
            return ["event": "progress", "value": value]
        case .end(let report):
            var object: [String: Any] = [
                "event": "end", "outcome": report.outcome.rawValue,
                "report": Self.object(report.record), "seed": report.seed,
            ]
            if let failure = report.failure { object["failure"] = "\(failure)" }
            return object
        }
    }

    /// The answer an input line gives.
    /// - Parameter number: The line's number on the input, for the refusal.
    /// - Returns: The reply, or why the input ends at this line (a "thinking" out of range).
    public static func reply(to line: String, number: Int) -> Result<Reply, InputEnds> {
        if line.hasPrefix("{"), let data = line.data(using: .utf8),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let text = object["text"] as? String
        {
            guard let thinking = object["thinking"] else { return .success(Reply(text)) }
            guard let seconds = thinking as? Double, Reply.thinkingRange.contains(seconds) else {
                return .failure(
                    InputEnds(
                        description:
                            "stdin line \(number): \"thinking\": \(Reply.thinkingRangeText), got \(thinking); input ends here"
                    ))
            }
            return .success(Reply(text, thinking: seconds))
        }
        return .success(Reply(line.hasSuffix("\r") ? String(line.dropLast()) : line))
    }

    /// An input line the protocol refuses: the input ends there.
    public struct InputEnds: Error, CustomStringConvertible {
        public let description: String
    }

    private static func object(_ value: some Encodable) -> [String: Any] {
        guard let data = try? JSONEncoder().encode(value),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return [:] }
        return object
    }
}
