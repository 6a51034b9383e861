import Foundation
import Playtest
import Runtime

/// `edujam play --driver jsonl`: each event as ``JSONLinesDriver`` says it, one object a line on
/// stdout; each answer read from a line of stdin.
final class JSONLinesChannel: PlayChannel {
    private var linesRead = 0

    func handle(_ event: RunEvent) -> Reply? {
        emit(JSONLinesDriver.object(for: event))
        return event.isQuestion ? readAnswer() : nil
    }

    private func readAnswer() -> Reply? {
        guard let line = readLine(strippingNewline: true) else { return nil }
        linesRead += 1
        switch JSONLinesDriver.reply(to: line, number: linesRead) {
        case .success(let reply): return reply
        case .failure(let refusal):
            Output.error(refusal.description)
            return nil
        }
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
