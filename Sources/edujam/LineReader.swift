import Foundation

/// Reads standard input a line at a time with read(2), so that Ctrl-C (a
/// signal without SA_RESTART) ends a wait for input instead of being retried.
final class LineReader {
    private var buffer: [UInt8] = []
    private var atEnd = false
    /// Whether the last line returned ended at end of input rather than with a newline: on a
    /// terminal, text then Ctrl-D, which leaves the cursor on the student's line.
    private(set) var lastLineWasCut = false

    /// The next line without its newline; nil at end of input or when `interrupted()` says so.
    func next(interrupted: () -> Bool) -> String? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = buffer[..<newline]
                buffer.removeSubrange(...newline)
                lastLineWasCut = false
                return String(decoding: line, as: UTF8.self)
            }
            if atEnd {
                guard !buffer.isEmpty else { return nil }
                defer { buffer.removeAll() }
                lastLineWasCut = true
                return String(decoding: buffer, as: UTF8.self)  // a last line without a newline
            }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = read(STDIN_FILENO, &chunk, chunk.count)
            if count > 0 {
                buffer.append(contentsOf: chunk[..<count])
            } else if count == 0 || errno != EINTR {
                atEnd = true
            } else if interrupted() {
                return nil
            }
        }
    }
}
