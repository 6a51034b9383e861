import Foundation
import Testing

/// A games folder in which every name and every text is hostile: ESC sequences, an OSC 52
/// clipboard write, CSI as U+009B, BEL, CR, NUL, a right-to-left override, a zero-width space.
struct HostileGames {
    /// The hostile text as Lua escapes, for game sources.
    static let lua = #"\27[31mred \27]52;c;aGk=\7 \u{9B}2J \r \0 \u{202E}evil \u{200B}zw"#
    /// The same text as the game holds it.
    static let raw = "\u{1B}[31mred \u{1B}]52;c;aGk=\u{07} \u{9B}2J \r \u{0} \u{202E}evil \u{200B}zw"
    /// What a terminal shows of it.
    static let cleaned = "?[31mred ?]52;c;aGk=? ?2J ? ? ?evil ?zw"

    /// `games<ESC>[31m`, holding the collection, the hostile game and a game with a syntax error.
    let folder: String
    /// The hostile game's folder, named with an OSC 52 write and U+202E.
    let game: String

    init() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("edujam-hostile-\(UUID())").path
        folder = base + "/games\u{1B}[31m"
        game = folder + "/evil\u{1B}]52;c;aGk=\u{07}\u{202E}"
        let syntax = folder + "/syntax\u{9B}2J"
        for path in [game + "/tests", syntax] {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
        try write(
            #"return { id = "org.hostile", title = "Collection "# + Self.lua + "\" }\n", to: folder + "/collection.lua")
        try write(Self.gameSource, to: game + "/game.lua")
        try write("* hostile case\nlevel: LEVEL-1\nnever said\n> hi\n", to: game + "/tests/hostile.play")
        // An unfinished string: Lua quotes the raw token in its message.
        try write("local s = \"red\u{1B}[31m\u{202E}\u{07}\nreturn {}\n", to: syntax + "/game.lua")
    }

    /// Titles, summary, keywords, level titles, an item id, `say`, `ask` and an error message, all
    /// hostile; line 13, where the error is raised, holds raw ESC, U+202E, BEL and U+009B.
    static let gameSource = """
        local H = "\(lua)"
        return {
          id = "HOSTILE", title = "Title " .. H, summary = "Summary " .. H, keywords = { "kw " .. H },
          contexts = {
            { id = "LEVEL-1", title = "Level " .. H, type = "level" },
            { id = "LEVEL-2", title = "Other " .. H, type = "level" },
          },
          play = function(level)
            activity.start()
            activity.quantity("score\\u{9B}\\u{202E}", 3)
            say("Say " .. H)
            local answer = ask("Ask " .. H)
            error("Boom " .. H) -- \u{1B}[2J \u{202E} \u{07} \u{9B}
          end,
        }

        """

    private func write(_ text: String, to path: String) throws {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: (folder as NSString).deletingLastPathComponent)
    }
}

/// Characters that must never reach a terminal raw, found by a rule of the test's own (not the
/// CLI's): C0 but tab and newline, DEL, C1, bidi controls, zero-width characters, and U+FFFD
/// (what a lone C1 byte would decode to).
func rawControls(_ text: String) -> [String] {
    let forbidden: [ClosedRange<UInt32>] = [
        0x00...0x08, 0x0B...0x1F, 0x7F...0x9F, 0x061C...0x061C, 0x200B...0x200F,
        0x2028...0x202E, 0x2060...0x2069, 0xFEFF...0xFEFF, 0xFFFD...0xFFFD,
    ]
    return text.unicodeScalars.filter { scalar in forbidden.contains { $0.contains(scalar.value) } }
        .map { "U+" + String($0.value, radix: 16, uppercase: true) }
}

/// Expects nothing raw on stdout and stderr.
func expectNoRawControls(_ result: Edujam.Result, _ command: String, sourceLocation: SourceLocation = #_sourceLocation)
{
    #expect(rawControls(result.output) == [], "stdout of \(command)", sourceLocation: sourceLocation)
    #expect(rawControls(result.error) == [], "stderr of \(command)", sourceLocation: sourceLocation)
}

/// Terminal columns of text made of ASCII, `?`, `…` and CJK ideographs (2 each): the test's own count.
func columns(_ line: some StringProtocol) -> Int {
    line.unicodeScalars.reduce(0) { $0 + ((0x4E00...0x9FFF).contains($1.value) ? 2 : 1) }
}
