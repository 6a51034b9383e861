import Foundation
import Runtime

/// A student at a terminal, or a script piping answers: one line per answer,
/// end of input ends the run. Colour only on a terminal and never with NO_COLOR.
final class TerminalChannel: PlayChannel {
    private let colour: Bool
    private let inputIsTerminal: Bool
    private(set) var interrupted = false
    private let input = LineReader()

    init() {
        inputIsTerminal = isatty(STDIN_FILENO) == 1
        colour = isatty(STDOUT_FILENO) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
        catchInterrupt()
    }

    func handle(_ event: RunEvent) -> Reply? {
        switch event {
        case .say(let text):
            write(text + "\n")
        case .ask(let prompt):
            write(styled(prompt, "1") + (prompt.isEmpty || prompt.hasSuffix(" ") ? "" : " "))
            return readAnswer()
        case .choose(let prompt, let options):
            if !prompt.isEmpty { write(styled(prompt, "1") + "\n") }
            for (index, option) in options.enumerated() { write("  \(index + 1)) \(option)\n") }
            write(styled("Your choice:", "1") + " ")
            return readAnswer()
        case .item, .progress:
            break
        case .end:
            if colour { write("\u{1B}[0m") }  // leave the terminal as we found it
        }
        return nil
    }

    private func readAnswer() -> Reply? {
        let line = interruptRequested.load(ordering: .relaxed) ? nil
            : input.next { interruptRequested.load(ordering: .relaxed) }
        guard let line else {
            interrupted = interruptRequested.load(ordering: .relaxed)
            write("\n")
            return nil
        }
        if !inputIsTerminal { write("\n") }  // piped answers are not echoed: keep lines apart
        return Reply(line.hasSuffix("\r") ? String(line.dropLast()) : line)
    }

    private func styled(_ text: String, _ code: String) -> String {
        colour && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    private func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}
