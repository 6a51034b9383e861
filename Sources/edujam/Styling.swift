import Foundation

/// What edujam may do on a terminal beyond plain text. Decided in one place for every command.
enum Styling {
    /// Whether `descriptor` is a terminal that understands escape sequences (moving the cursor,
    /// clearing a line): not a pipe or file, and not `TERM=dumb` (Emacs shells, some CI logs).
    static func canRedraw(_ descriptor: Int32) -> Bool {
        isatty(descriptor) == 1 && ProcessInfo.processInfo.environment["TERM"] != "dumb"
    }

    /// Whether text on `descriptor` may be bold or coloured: a terminal that can show it, and
    /// no `NO_COLOR` (no-color.org: set and not empty).
    static func canStyle(_ descriptor: Int32) -> Bool {
        canRedraw(descriptor) && (ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
    }
}
