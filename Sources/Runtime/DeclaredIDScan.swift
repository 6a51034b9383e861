import Foundation

/// Whether a game could declare an id, read from its sources without running them.
///
/// Finding the game that declares `MATH-JAM` (`play MATH-JAM`) or a game beside the played one
/// with the same id used to run every game's `game.lua`: one hostile game then cost every other
/// game its time limit, or the whole command its last resort. A game's id is what its code
/// returns, so only running it is exact; but an author writes the id in the source, so a game
/// whose Lua files (`game.lua` and its modules) do not hold the id's text, in any case, is not
/// run to ask. A game that builds its id at run time is still found by `catalog` and `check`,
/// which run every game, each in a process of its own.
public enum DeclaredIDScan {
    /// The most Lua files read per game, and bytes per file (``SourceFile/maxBytes``): a game
    /// folder of a million files is read no further, and then counts as a candidate.
    static let maxFiles = 200

    /// Whether the game in `folder` may declare `id`: the id's text (ASCII letters compared
    /// ignoring case) is in one of its `.lua` files, or they cannot all be read.
    public static func mayDeclare(_ id: String, gameIn folder: String) -> Bool {
        guard !id.isEmpty else { return true }
        let needle = Array(id.utf8).map(lowercase)
        guard let files = luaFiles(in: folder) else { return true }
        for file in files {
            guard let source = try? SourceFile.read(file, confinedTo: folder) else { return true }
            if contains(source, needle) { return true }
        }
        return false
    }

    /// The `.lua` files under `folder` outside hidden folders (which no game can load), `game.lua`
    /// first; nil when there are more than ``maxFiles`` or the folder cannot be listed.
    private static func luaFiles(in folder: String) -> [String]? {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return nil }
        var files = [(folder as NSString).appendingPathComponent("game.lua")]
        while let name = walker.nextObject() as? String {
            if (name as NSString).lastPathComponent.hasPrefix(".") {  // `.edujam/`'s editor definitions, `.git/`
                walker.skipDescendants()
                continue
            }
            guard name.hasSuffix(".lua"), name != "game.lua" else { continue }
            guard files.count < maxFiles else { return nil }
            files.append((folder as NSString).appendingPathComponent(name))
        }
        return files
    }

    /// Whether `needle` (already lowercased) occurs in `haystack` ignoring ASCII case. Linear
    /// in practice for ids (short, and a mismatch moves on by one byte).
    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
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
