import Classroom
import Foundation
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

enum Format {
    /// 75 -> "1:15".
    static func duration(_ seconds: Double) -> String {
        let whole = Int(SafeNumbers.duration(seconds).rounded())  // bounded: Int(.infinity) would trap
        return whole >= 3600
            ? String(format: "%d:%02d:%02d", whole / 3600, whole / 60 % 60, whole % 60)
            : String(format: "%d:%02d", whole / 60, whole % 60)
    }

    /// The primary item's value: "score 150", "correct 8/10", "passed yes".
    /// An attempt's result: its primary item when it reached `finish`, `not finished` when it did
    /// not (a score set before the student left is no result, docs/teaching.md "How grades are
    /// made"), empty when a finished attempt has no primary item.
    static func primary(of run: RunRecord) -> String {
        guard run.reachedFinish else { return ActivityProgress.notFinishedText }
        guard let id = run.primaryItem, let item = run.items.first(where: { $0.identifier == id }) else { return "" }
        return "\(item.identifier) \(item.item.value.terminalText)"
    }

    /// The width tables fit: `COLUMNS` when it is a number, else the width of the terminal stdout
    /// writes to, else (a pipe, a file) ``defaultColumns``; never under ``fewestColumns``.
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

    /// The width of output that goes to no terminal: what a terminal has unless resized.
    static let defaultColumns = 80
    /// Narrower than this, a table cannot keep its fixed columns and the names readable.
    static let fewestColumns = 60

    /// One line of outside text (a name, a title) cut to `columns` with an ellipsis.
    static func fit(_ text: String, _ columns: Int) -> String {
        Terminal.truncate(Terminal.cleanLine(text), toWidth: columns)
    }

    /// Left-aligned columns two spaces apart, aligned by display width, each cell cleaned to one
    /// line; the `shrinking` columns are cut with an ellipsis until lines fit in `width`, then the
    /// `lastToShrink` ones too, one more at a time in their order (a name a reader looks rows up
    /// by, then a result that holds a score or a verdict), each only when the columns cut so far
    /// would otherwise keep fewer than 8 columns or still not fit.
    static func table(
        header: [String], rows: [[String]], width: Int, shrinking: Set<Int>, lastToShrink: [Int] = []
    ) -> String {
        let all = ([header] + rows).map { $0.map(Terminal.cleanLine) }
        let natural = header.indices.map { column in all.map { Terminal.width(of: $0[column]) }.max() ?? 0 }
        let budget = width - 2 * (natural.count - 1)
        var cut = shrinking
        var widths = fitted(natural, into: budget, shrinking: cut)
        for next in lastToShrink {
            let readable = cut.allSatisfy { widths[$0] >= min(natural[$0], 8) }
            guard widths.reduce(0, +) > budget || !readable else { break }
            cut.insert(next)
            widths = fitted(natural, into: budget, shrinking: cut)
        }
        return all.map { row in
            let cells = row.enumerated().map {
                Terminal.pad(Terminal.truncate($1, toWidth: widths[$0]), toWidth: widths[$0])
            }
            var line = cells.joined(separator: "  ")
            while line.last == " " { line.removeLast() }  // padding after the last cell
            return line
        }.joined(separator: "\n")
    }

    /// The width ``table(header:rows:width:shrinking:lastToShrink:)`` takes when nothing is cut.
    static func naturalWidth(header: [String], rows: [[String]]) -> Int {
        let all = ([header] + rows).map { $0.map(Terminal.cleanLine) }
        let natural = header.indices.map { column in all.map { Terminal.width(of: $0[column]) }.max() ?? 0 }
        return natural.reduce(0, +) + 2 * (natural.count - 1)
    }

    /// Column widths whose sum is at most `budget` if it can be: the shrinking columns are cut to
    /// one shared limit, the largest that fits, so the widest give way first; what the limit leaves
    /// of the budget goes to the cut columns, one column each.
    static func fitted(_ widths: [Int], into budget: Int, shrinking: Set<Int>) -> [Int] {
        let cut = widths.indices.filter(shrinking.contains)
        let fixed = widths.indices.filter { !shrinking.contains($0) }.reduce(0) { $0 + widths[$1] }
        func total(_ limit: Int) -> Int { fixed + cut.reduce(0) { $0 + min(widths[$1], limit) } }
        var limit = cut.map { widths[$0] }.max() ?? 0
        guard total(limit) > budget else { return widths }
        while limit > 1 && total(limit) > budget { limit -= 1 }
        var spare = budget - total(limit)
        return widths.indices.map { column in
            guard shrinking.contains(column) else { return widths[column] }
            guard widths[column] > limit, spare > 0 else { return min(widths[column], limit) }
            spare -= 1
            return limit + 1
        }
    }
}
