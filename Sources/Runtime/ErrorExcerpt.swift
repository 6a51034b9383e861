import Foundation
import Sandbox

/// A runtime error as an author should read it: the message, the offending line with a
/// caret, and the traceback cut down to the game's own frames.
///
/// ```
/// games/quiz/game.lua:14: attempt to call a nil value (global 'sya')
///    14 |     sya("Welcome!")
///       |     ^
/// stack traceback:
///   games/quiz/game.lua:30: in function 'play'
/// ```
public enum ErrorExcerpt {
    /// The excerpt for `failure`, a script error of the game in `folder`.
    public static func text(for failure: ScriptFailure, folder: String) -> String {
        var lines = [failure.description]
        if let cause = failure.hostCause, !failure.message.contains(cause) { lines.append("caused by: \(cause)") }
        if let chunk = failure.chunk, let line = failure.line, let file = sourceFile(chunk, folder: folder),
            let source = try? SourceFile.text(file)
        {
            lines += excerpt(source: source, line: line, message: failure.message)
        }
        let frames = gameFrames(failure.traceback, folder: folder)
        if !frames.isEmpty { lines += ["stack traceback:"] + frames.map { "  " + $0 } }
        return lines.joined(separator: "\n")
    }

    /// The source line, numbered, with a caret under the name the message mentions (or the line's start).
    /// The line is shown cleaned for the terminal, and the caret counts display columns, so it
    /// stays under its name after wide characters, combining marks or a cleaned control.
    static func excerpt(source: String, line: Int, message: String) -> [String] {
        // Lua counts "\n", "\r" and "\r\n" as one line end each ("\r\n" is one Character).
        let all = source.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        guard line >= 1, line <= all.count else { return [] }
        let text = Terminal.cleanLine(String(all[line - 1]).replacingOccurrences(of: "\t", with: " "))
        let number = String(line)
        let gutter = String(repeating: " ", count: number.count)
        var start = text.firstIndex { !$0.isWhitespace } ?? text.startIndex
        // The name as a whole word: the 't' of "(local 't')" is not the t in "return".
        if let name = quotedName(in: message).map(Terminal.cleanLine),
            let range = text.range(
                of: "(?<![A-Za-z0-9_])" + NSRegularExpression.escapedPattern(for: name) + "(?![A-Za-z0-9_])",
                options: .regularExpression)
        {
            start = range.lowerBound
        }
        let column = Terminal.width(of: text[..<start])
        return ["  \(number) | \(text)", "  \(gutter) | " + String(repeating: " ", count: column) + "^"]
    }

    /// The first `'name'` in a message, such as `(global 'sya')` or `to 'quantity'`.
    static func quotedName(in message: String) -> String? {
        let parts = message.split(separator: "'", omittingEmptySubsequences: false)
        guard parts.count >= 3 else { return nil }
        let name = String(parts[1])
        return name.isEmpty || name.contains(" ") ? nil : name
    }

    /// Traceback lines from files in the game's folder; `[C]` and host frames are dropped.
    static func gameFrames(_ traceback: String, folder: String) -> [String] {
        traceback.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { frame in
            guard let colon = frame.firstIndex(of: ":") else { return false }
            return sourceFile(String(frame[..<colon]), folder: folder) != nil
        }
    }

    /// The file a chunk name means, if it lies in `folder`: a module's (`./words.lua`) is relative
    /// to it. Lua shortens long chunk names to `...tail`, so a shortened name is matched by its tail.
    public static func sourceFile(_ chunk: String, folder: String) -> String? {
        let root = absolute(folder)
        if chunk.hasPrefix("...") {
            let tail = String(chunk.dropFirst(3))
            let files = (try? GameFolderWalk.files(in: root)) ?? []  // bounded, as every walk of a game's folder
            return files.map(\.path).first { $0.hasSuffix(tail) }
        }
        // A module's chunk is named relative to the game's folder (`./lists/animals.lua`).
        let path = chunk.hasPrefix("./") ? root + chunk.dropFirst(1) : absolute(chunk)
        return path.hasPrefix(root + "/") && FileManager.default.fileExists(atPath: path) ? path : nil
    }

    private static func absolute(_ path: String) -> String { PathText.absolute(path) }
}
