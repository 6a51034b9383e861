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
        let refused = ["a\u{7F}", "a\tb", "\u{0}", "line\n", "\u{1B}[2J"]
        for identifier in refused {
            #expect(
                IdentifierRule.violation(identifier, of: .item)?.reason == "must not contain control characters",
                "\(identifier.debugDescription)")
        }
        // C1 controls were never refused: identifiers stored with one stay readable.
        let fine = [
            "score", "café", "level-1.question_2", "点数", "a/b", "a b", "caf\u{00A0}e", "x\u{3000}", "csi\u{9B}",
        ]
        for fine in fine {
            #expect(IdentifierRule.violation(fine, of: .item) == nil, "\(fine)")
        }
    }
}
