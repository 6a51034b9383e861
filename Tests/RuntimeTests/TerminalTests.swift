import Testing

@testable import Runtime

/// The cleaning funnel's rules and display widths, character by character.
@Suite struct TerminalTests {
    /// ESC, OSC 52 (clipboard), CSI as U+009B, BEL, CR, NUL, DEL; bidi controls; zero-width characters.
    static let hostile = "\u{1B}[31mred \u{1B}]52;c;aGk=\u{07} \u{9B}2J \r \u{0} \u{7F} \u{202E}evil \u{200B}zw"

    @Test func controlsBecomeQuestionMarks() {
        #expect(Terminal.clean(Self.hostile) == "?[31mred ?]52;c;aGk=? ?2J ? ? ? ?evil ?zw")
    }

    @Test(
        arguments: [
            0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069,
            0x200B, 0x200C, 0x200D, 0x2060, 0x2061, 0x2064, 0xFEFF, 0x2028, 0x2029, 0x85, 0x9B, 0x9F, 0x1B, 0x0D,
        ] as [UInt32])
    func bidiZeroWidthAndControlCharactersAreCleaned(value: UInt32) throws {
        let scalar = try #require(Unicode.Scalar(value))
        #expect(Terminal.needsCleaning(scalar))
        #expect(Terminal.clean("a" + String(Character(scalar)) + "b") == "a?b")
    }

    @Test func ordinaryTextIsKept() {
        let text = "Ana Müller, 日本語, Ελληνικά, עברית, العربية, e\u{301}, 👍🏽, 한국어\ttab\nline"
        #expect(Terminal.clean(text) == text)
    }

    @Test func cleanKeepsLinesAndCleanLineDoesNot() {
        #expect(Terminal.clean("a\nb\tc\r") == "a\nb\tc?")
        #expect(Terminal.cleanLine("a\nb\tc\r") == "a?b?c?")
        #expect(Terminal.cleanLine("5C\u{1B}[31m\nred") == "5C?[31m?red")
    }

    @Test(arguments: [
        ("abc", 3), ("", 0), ("日本語", 6), ("ｈｉ", 4), ("한국", 4), ("\u{1112}\u{1161}\u{11AB}", 2),
        ("e\u{301}", 1), ("a\u{20DD}", 1), ("👍", 2), ("👍🏽", 2), ("🇫🇷", 2), ("…", 1), ("Ångström", 8),
    ])
    func displayWidth(text: String, columns: Int) {
        #expect(Terminal.width(of: text) == columns)
    }

    @Test func truncateCutsByColumnsWithAnEllipsis() {
        #expect(Terminal.truncate("abcdef", toWidth: 6) == "abcdef")
        #expect(Terminal.truncate("abcdefg", toWidth: 6) == "abcde…")
        #expect(Terminal.truncate("日本語テキスト", toWidth: 6) == "日本…")  // 5 columns: a wide one would straddle the edge
        // a mark stays with its letter
        #expect(Terminal.truncate("e\u{301}e\u{301}e\u{301}", toWidth: 2) == "e\u{301}…")
        #expect(Terminal.truncate("abc", toWidth: 0) == "")
        #expect(Terminal.truncate("abc", toWidth: 1) == "…")
    }

    @Test func padCountsColumns() {
        #expect(Terminal.pad("日本", toWidth: 6) == "日本  ")
        #expect(Terminal.pad("e\u{301}", toWidth: 3) == "e\u{301}  ")
        #expect(Terminal.pad("toolong", toWidth: 3) == "toolong")
    }

    @Test func excerptCaretCountsColumnsAndTheLineIsCleaned() {
        let source = "local 名前 = nil\n名前 = 名前 .. x\u{1B}[2J -- \u{202E}comment\r\nnext"
        let lines = ErrorExcerpt.excerpt(
            source: source, line: 2, message: "attempt to concatenate a nil value (global 'x')")
        #expect(lines == ["  2 | 名前 = 名前 .. x?[2J -- ?comment", "    |                ^"])
        #expect(
            ErrorExcerpt.excerpt(source: source, line: 3, message: "m").first == "  3 | next", "CRLF is one line end")
    }
}
