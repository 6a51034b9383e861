import Testing

@testable import Tracking

/// The one path text: `/` separates, `%XX` escapes `%`, `/`, controls and unusual spaces, and
/// what it writes it reads back.
@Suite struct IdentifierPathTextTests {
    @Test func writesOnlyWhatMustBeEscaped() {
        #expect(IdentifierPathText.text(["MATH-JAM", "LEVEL-1"]) == "MATH-JAM/LEVEL-1", "old paths read as ever")
        #expect(IdentifierPathText.text(["PORT", "unit/1"]) == "PORT/unit%2F1")
        #expect(IdentifierPathText.text(["Level 1", "Ünïcødé", "100%"]) == "Level 1/Ünïcødé/100%25")
        #expect(IdentifierPathText.text(["a\u{1B}b", "x\u{3000}", "c\u{9B}"]) == "a%1Bb/x%E3%80%80/c%C2%9B")
        #expect(IdentifierPathText.text([String]()) == "")
    }

    @Test func everyASCIIByteIsEscapedAsByItsUnicodeProperties() {
        // The bytes' fast path must agree with the rule it stands for: controls, whitespace
        // but the space, `%` and `/`.
        for value in UInt8(0)..<0x80 {
            let scalar = Unicode.Scalar(value)
            let escapes =
                scalar == "%" || scalar == "/" || scalar.properties.generalCategory == .control
                || (scalar != " " && scalar.properties.isWhitespace)
            let identifier = "a" + String(scalar) + "b"
            let expected = escapes ? "a%" + String(value, radix: 16, uppercase: true).leftPadded + "b" : identifier
            #expect(IdentifierPathText.escaped(identifier) == expected, "byte \(value)")
        }
    }

    @Test func readsBackWhatItWrites() throws {
        let paths = [
            ["MATH-JAM", "LEVEL-1"], ["unit/1", "Level 1", "Ünïcødé"], ["100%", "%2F", "a\u{1B}b", " x "],
            ["e\u{301}", "点数/分", "\u{202E}rtl"],
        ]
        for path in paths {
            #expect(try IdentifierPathText.identifiers(in: IdentifierPathText.text(path)) == path)
        }
        #expect(try IdentifierPathText.identifiers(in: "unit%2f1") == ["unit/1"], "either case of hex digit")
    }

    @Test(arguments: ["", "a//b", "a/", "/a", "100%", "a%2", "a%zz", "a%FF", "%C3"])
    func refusesNamingTheText(_ text: String) {
        #expect(throws: IdentifierPathText.Malformed.self) { try IdentifierPathText.identifiers(in: text) }
        do {
            _ = try IdentifierPathText.identifiers(in: text)
        } catch { #expect(error.description.hasPrefix("'\(text)' is not an identifier path: ")) }
    }
}

extension String {
    /// Two hexadecimal digits for one that has one.
    fileprivate var leftPadded: String { count == 1 ? "0" + self : self }
}
