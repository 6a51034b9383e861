import Foundation
import Runtime

/// A student at a terminal, or a script piping answers: one line per answer,
/// end of input ends the run. Bold prompts only where ``Styling`` allows.
final class TerminalChannel: PlayChannel {
    private let colour: Bool
    private let inputIsTerminal: Bool
    private let input = LineReader()

    init() {
        inputIsTerminal = isatty(STDIN_FILENO) == 1
        colour = Styling.canStyle(STDOUT_FILENO)
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
        let line = stopRequested ? nil : input.next { stopRequested }
        guard let line else {
            write("\n")
            return nil
        }
        // Piped answers are not echoed, and an answer ended by Ctrl-D leaves the cursor after
        // it: either way, end the student's line before the game answers.
        if !inputIsTerminal || input.lastLineWasCut { write("\n") }
        return Reply(line.hasSuffix("\r") ? String(line.dropLast()) : line)
    }

    private func styled(_ text: String, _ code: String) -> String {
        colour && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// Writes what the student sees. After a hang-up the terminal is gone and writes fail:
    /// they are dropped, so the attempt is still saved.
    private func write(_ text: String) {
        try? FileHandle.standardOutput.write(contentsOf: Data(text.utf8))
    }
}
