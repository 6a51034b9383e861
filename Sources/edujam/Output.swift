import Classroom
import Foundation
import ReportText
import Runtime
import Tracking

/// The one way the CLI writes to stdout and stderr, and the funnel every piece of outside text
/// passes on its way to the terminal (docs/sandbox.md, "What is cleaned before a terminal sees it").
///
/// Text given to `line`, `error` and `write` is cleaned with `Terminal.clean`, whoever made it;
/// the only escape codes that reach a terminal are the CLI's own (`Piece.bold`, `Piece.clearLine`),
/// added here after cleaning. JSON keeps the exact text, with what the cleaner would replace escaped.
enum Output {
    enum Stream {
        case standardOutput, standardError
    }

    /// One piece of what is written.
    enum Piece {
        /// Text from anywhere, cleaned.
        case text(String)
        /// Cleaned text, bold when the stream shows style (a terminal, and no `NO_COLOR`).
        case bold(String)
        /// Back to the line's start and clear it, for the CLI's own progress line; only on a terminal.
        case clearLine
    }

    /// `text` and a newline on stdout, cleaned.
    static func line(_ text: String) {
        write([.text(text + "\n")])
    }

    /// `text` and a newline on stderr, cleaned.
    static func error(_ text: String) {
        write([.text(text + "\n")], to: .standardError)
    }

    /// Names on stderr the stored rows a command left out because they cannot be read (at most
    /// 20, then how many more), so output built without them never passes for complete.
    static func unreadable(_ rows: [UnreadableRow]) {
        guard !rows.isEmpty else { return }
        error("warning: left out \(rows.count) stored row(s) that cannot be read:")
        for row in rows.prefix(20) { error("  \(row)") }
        if rows.count > 20 { error("  ... and \(rows.count - 20) more") }
    }

    /// Writes the pieces in one go: each cleaned, then styled if the stream shows style.
    static func write(_ pieces: [Piece], to stream: Stream = .standardOutput) {
        let text = pieces.map { render($0, on: stream) }.joined()
        send(text, to: stream)
    }

    /// Pretty, key-sorted JSON on stdout, so output is stable for tools and tests.
    static func json(_ value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        writeJSON(try encoder.encode(value))
    }

    /// An encoded JSON document and a newline on stdout. The encoder escapes C0 controls;
    /// every other character `Terminal.clean` would replace (DEL, C1, bidi and zero-width
    /// characters) is written as a `\uXXXX` escape too: the same document, nothing lost,
    /// and nothing in it can drive a terminal.
    static func writeJSON(_ data: Data) {
        var text = String(decoding: data, as: UTF8.self)
        if text.unicodeScalars.contains(where: Terminal.needsCleaning) {
            var escaped = ""
            for scalar in text.unicodeScalars {
                // Outside strings JSON holds only ASCII punctuation, digits, letters and layout
                // whitespace, none of which needs cleaning: every match is inside a string.
                if Terminal.needsCleaning(scalar) {
                    escaped += "\\u" + hex4(scalar.value)
                } else {
                    escaped.unicodeScalars.append(scalar)
                }
            }
            text = escaped
        }
        send(text + "\n", to: .standardOutput)
    }

    private static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)  // every character cleaned lies in the BMP
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    private static func render(_ piece: Piece, on stream: Stream) -> String {
        switch piece {
        case .text(let text):
            return Terminal.clean(text)
        case .bold(let text):
            let clean = Terminal.clean(text)
            return showsStyle(stream) && !clean.isEmpty ? "\u{1B}[1m" + clean + "\u{1B}[0m" : clean
        case .clearLine:
            return isTerminal(stream) ? "\r\u{1B}[K" : ""
        }
    }

    /// A failed write is dropped: after a hang-up the terminal is gone (EIO), and edujam must
    /// still save the attempt and exit 129 rather than trap in `FileHandle.write(_:)`.
    private static func send(_ text: String, to stream: Stream) {
        let handle: FileHandle = stream == .standardOutput ? .standardOutput : .standardError
        try? handle.write(contentsOf: Data(text.utf8))
    }

    /// A terminal that understands escape codes (for the progress line): not a pipe or a file,
    /// and not `TERM=dumb` (Emacs shells, some CI logs).
    static func isTerminal(_ stream: Stream) -> Bool {
        isatty(stream == .standardOutput ? STDOUT_FILENO : STDERR_FILENO) == 1
            && ProcessInfo.processInfo.environment["TERM"] != "dumb"
    }

    /// Styling (bold, block-character bars) only on such a terminal and never with NO_COLOR set and not empty (https://no-color.org).
    static func showsStyle(_ stream: Stream) -> Bool {
        isTerminal(stream) && (ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
    }
}

extension Format {
    /// The width tables fit: `COLUMNS` when it is a number, else the width of the terminal stdout
    /// writes to, else (a pipe, a file) ``Format/defaultColumns``; never under ``Format/fewestColumns``.
    static var columns: Int {
        if let text = ProcessInfo.processInfo.environment["COLUMNS"], let typed = Int(text), typed > 0 {
            return min(max(typed, fewestColumns), 1000)
        }
        var size = winsize()
        if isatty(STDOUT_FILENO) == 1, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
            return max(Int(size.ws_col), fewestColumns)
        }
        return defaultColumns
    }
}

extension Grid {
    /// The class report as wide as the terminal, with block-character bars when stdout shows style.
    static var forTerminal: Grid { Grid(width: Format.columns, blocks: Output.showsStyle(.standardOutput)) }
}
