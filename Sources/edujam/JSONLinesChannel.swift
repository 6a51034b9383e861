import Foundation
import Runtime
import Tracking

/// `edujam play --driver jsonl`: one JSON object per event on stdout, one answer per line on stdin.
///
/// For harnesses in any language. An answer line is typed as is, unless it is a
/// JSON object with a "text" field (and optionally "thinking", virtual seconds).
final class JSONLinesChannel: PlayChannel {
    func handle(_ event: RunEvent) -> Reply? {
        switch event {
        case .say(let text):
            emit(["event": "say", "text": text])
        case .ask(let prompt):
            emit(["event": "ask", "prompt": prompt])
            return readAnswer()
        case .choose(let prompt, let options):
            emit(["event": "choose", "prompt": prompt, "options": options])
            return readAnswer()
        case .item(let item):
            var object = Self.object(item)
            object["event"] = "item"
            emit(object)
        case .progress(let value):
            emit(["event": "progress", "value": value])
        case .end(let report):
            var object: [String: Any] = [
                "event": "end", "outcome": report.outcome.rawValue,
                "report": Self.object(report.record), "seed": report.seed,
            ]
            if let failure = report.failure { object["failure"] = "\(failure)" }
            emit(object)
        }
        return nil
    }

    /// Lines read from stdin so far, to name the line of a bad answer.
    private var linesRead = 0

    /// The next answer; nil at the end of input, or after an answer with a bad think time
    /// (said on stderr with its line number: the run then ends as if the student left).
    private func readAnswer() -> Reply? {
        guard let line = readLine(strippingNewline: true) else { return nil }
        linesRead += 1
        if line.hasPrefix("{"), let data = line.data(using: .utf8),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let text = object["text"] as? String
        {
            guard let thinking = object["thinking"] else { return Reply(text) }
            guard let seconds = thinking as? Double, Reply.thinkingRange.contains(seconds) else {
                Output.error(
                    "stdin line \(linesRead): \"thinking\": \(Reply.thinkingRangeText), got \(thinking); input ends here"
                )
                return nil
            }
            return Reply(text, thinking: seconds)
        }
        return Reply(line.hasSuffix("\r") ? String(line.dropLast()) : line)
    }

    /// An Encodable value as a JSON object, so it can gain the "event" key.
    private static func object(_ value: some Encodable) -> [String: Any] {
        guard let data = try? JSONEncoder().encode(value),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return [:] }
        return object
    }

    private func emit(_ object: [String: Any]) {
        guard
            let data = try? JSONSerialization.data(
                withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        else {
            return
        }
        Output.writeJSON(data)
    }
}
