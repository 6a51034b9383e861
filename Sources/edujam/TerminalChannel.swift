import Foundation
import Runtime

/// A student at a terminal, or a script piping answers: one line per answer,
/// end of input ends the run. Everything goes out through `Output`, which cleans the game's
/// text and adds the only styling (bold prompts, where `Output.showsStyle` allows).
/// A stop signal (``catchStopSignals()``, set up by `play`) ends the wait for an answer.
final class TerminalChannel: PlayChannel {
    private let inputIsTerminal: Bool
    private let input = LineReader()

    init() {
        inputIsTerminal = isatty(STDIN_FILENO) == 1
    }

    func handle(_ event: RunEvent) -> Reply? {
        Self.show(event)
        return event.isQuestion ? readAnswer() : nil
    }

    /// Draws `event` as the student sees it: a question up to where the answer is typed.
    /// `edujam replay` draws a recorded run the same way.
    static func show(_ event: RunEvent) {
        switch event {
        case .say(let text):
            Output.line(text)
        case .ask(let prompt):
            Output.write([.bold(prompt), .text(prompt.isEmpty || prompt.hasSuffix(" ") ? "" : " ")])
        case .choose(let prompt, let options):
            if !prompt.isEmpty { Output.write([.bold(prompt), .text("\n")]) }
            for (index, option) in options.enumerated() { Output.line("  \(index + 1)) \(Terminal.cleanLine(option))") }
            Output.write([.bold("Your choice:"), .text(" ")])
        case .item, .progress, .end:
            break  // bold is closed where it opens: the terminal is left as it was found
        }
    }

    private func readAnswer() -> Reply? {
        let line = stopRequested ? nil : input.next { stopRequested }
        guard let line else {
            Output.line("")
            return nil
        }
        // Piped answers are not echoed, and an answer ended by Ctrl-D leaves the cursor after
        // it: either way, end the student's line before the game answers.
        if !inputIsTerminal || input.lastLineWasCut { Output.line("") }
        return Reply(line.hasSuffix("\r") ? String(line.dropLast()) : line)
    }
}
