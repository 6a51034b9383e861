import Foundation

/// Whether a game could declare an id, read from its sources without running them.
///
/// Finding the game that declares `MATH-JAM` (`play MATH-JAM`) or a game beside the played one
/// with the same id used to run every game's `game.lua`: one hostile game then cost every other
/// game its time limit, or the whole command its last resort. A game's id is what its code
/// returns, so only running it is exact; but an author writes the id as a string in the source,
/// so a game whose Lua files (`game.lua` and its modules) hold the id's text in no string, in
/// any case, is not run to ask: a comment that mentions it does not count. A game that builds
/// its id at run time is still found by `catalog` and `check`, which run every game, each in a
/// process of its own.
public enum DeclaredIDScan {
    /// Whether the game in `folder` may declare `id`: the id's text (ASCII letters compared
    /// ignoring case) is in a string of one of its package's files (``GameFolderWalk``: bounded,
    /// each file read once), or they cannot all be read.
    public static func mayDeclare(_ id: String, gameIn folder: String) -> Bool {
        guard !id.isEmpty else { return true }
        let needle = Array(id.utf8).map(lowercase)
        guard let files = try? GameFolderWalk.files(in: folder) else { return true }
        var scanned: Set<GameFolderWalk.Identity> = []
        for file in files where scanned.insert(file.identity).inserted {
            guard let source = try? SourceFile.read(file.path, confinedTo: folder) else { return true }
            if stringsMention(source, needle) { return true }
        }
        return false
    }

    /// Whether a string literal of the Lua `source` (short or long, not in a comment) holds
    /// `needle` (already lowercased), ignoring ASCII case.
    static func stringsMention(_ source: [UInt8], _ needle: [UInt8]) -> Bool {
        var index = 0
        while index < source.count {
            let byte = source[index]
            if byte == dash, index + 1 < source.count, source[index + 1] == dash {
                if let body = longBracket(in: source, at: index + 2) {
                    index = body.upperBound
                } else {
                    index = source[(index + 2)...].firstIndex(of: UInt8(ascii: "\n")) ?? source.count
                }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                let end = shortStringEnd(in: source, from: index + 1, quote: byte)
                if contains(source[(index + 1)..<end], needle) { return true }
                index = end + 1
            } else if byte == UInt8(ascii: "["), let body = longBracket(in: source, at: index) {
                if contains(source[body.content], needle) { return true }
                index = body.upperBound
            } else {
                index += 1
            }
        }
        return false
    }

    private static let dash = UInt8(ascii: "-")

    /// Where the short string whose body starts at `start` ends: its closing quote, a line
    /// break, or the end of the source; an escaped byte does not end it.
    private static func shortStringEnd(in source: [UInt8], from start: Int, quote: UInt8) -> Int {
        var index = start
        while index < source.count, source[index] != quote, source[index] != UInt8(ascii: "\n") {
            index += source[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        return min(index, source.count)
    }

    /// The long bracket (`[[...]]`, `[==[...]==]`) opening at `start`: its content and the index
    /// after its close (the end of the source when it is not closed); nil when none opens there.
    private static func longBracket(in source: [UInt8], at start: Int) -> (content: Range<Int>, upperBound: Int)? {
        guard start < source.count, source[start] == UInt8(ascii: "[") else { return nil }
        var index = start + 1
        while index < source.count, source[index] == UInt8(ascii: "=") { index += 1 }
        guard index < source.count, source[index] == UInt8(ascii: "[") else { return nil }
        let close =
            [UInt8(ascii: "]")] + Array(repeating: UInt8(ascii: "="), count: index - start - 1) + [UInt8(ascii: "]")]
        let body = index + 1
        var end = body
        while end + close.count <= source.count {
            if source[end] == close[0], source[end..<(end + close.count)].elementsEqual(close) {
                return (body..<end, end + close.count)
            }
            end += 1
        }
        return (body..<source.count, source.count)
    }

    /// Whether `needle` (already lowercased) occurs in `haystack` ignoring ASCII case. Linear
    /// in practice for ids (short, and a mismatch moves on by one byte).
    static func contains(_ haystack: ArraySlice<UInt8>, _ needle: [UInt8]) -> Bool {
        guard needle.count <= haystack.count else { return false }
        return haystack.withUnsafeBufferPointer { bytes in
            let first = needle[0]
            var start = 0
            while start <= bytes.count - needle.count {
                if lowercase(bytes[start]) == first {
                    var matched = 1
                    while matched < needle.count && lowercase(bytes[start + matched]) == needle[matched] {
                        matched += 1
                    }
                    if matched == needle.count { return true }
                }
                start += 1
            }
            return false
        }
    }

    private static func lowercase(_ byte: UInt8) -> UInt8 {
        (byte >= 65 && byte <= 90) ? byte + 32 : byte
    }
}
