import Testing

@testable import Tracking

/// The rules' byte fast paths (a playthrough checks every item's identifier and title, so they are hot)
/// must answer exactly as the Character and Unicode-property rules they shortcut.
@Suite struct ByteFastPathTests {
    /// A printable ASCII byte ends the blank check; text without one is still judged by its characters.
    @Test func blankTitlesAsByCharacters() {
        let texts = [
            "", " ", "\t\n", "\u{3000}", "\u{00A0}\u{2028}", " \u{3000} ", "Score", " a", "\u{3000}x",
            "\u{0600}1", "e\u{301}", "\u{301}", "\u{200B}", "\r\n",
        ]
        for text in texts {
            #expect(
                Validate.isBlank(text) == text.allSatisfy { $0.isWhitespace || $0.isNewline },
                "\(text.debugDescription)")
        }
    }

    /// Within the character cap in bytes, a title is within it in characters without counting them.
    @Test func characterCapWithoutCounting() {
        let limit = TextLimit(field: "title", characters: 4, bytes: 16)
        #expect(limit.overrun("abcd") == nil)
        #expect(limit.overrun("abcde")?.unit == .characters)
        #expect(limit.overrun("e\u{301}e\u{301}") == nil)  // 6 bytes, 2 characters
        #expect(limit.overrun("ééééé")?.count == 5)  // 10 bytes, 5 characters
        #expect(limit.overrun(String(repeating: "é", count: 9))?.unit == .bytes)
    }

    @Test func identifiersInOnePass() {
        let refused = [
            "a/b": "must not contain '/' (it separates identifiers in a path)",
            "a b/c": "must not contain '/' (it separates identifiers in a path)",  // the slash is named first
            "a b": "must not contain spaces or control characters",
            "a\u{7F}": "must not contain spaces or control characters",
            "caf\u{00A0}e": "must not contain spaces or control characters",
            "x\u{3000}": "must not contain spaces or control characters",
        ]
        for (identifier, reason) in refused {
            #expect(IdentifierRule.violation(identifier, of: .item)?.reason == reason, "\(identifier.debugDescription)")
        }
        for fine in ["score", "café", "level-1.question_2", "点数"] {
            #expect(IdentifierRule.violation(fine, of: .item) == nil, "\(fine)")
        }
    }
}
