/// How many terminal columns text takes, and cutting it to fit.
///
/// Columns are counted per character (grapheme cluster) as terminals draw them: East Asian
/// wide and fullwidth characters and emoji take 2, combining marks and other zero-width
/// characters 0, everything else 1; a cluster never takes more than 2 (an emoji with a
/// skin tone is one picture). The data is Swift's own Unicode properties plus the East Asian
/// Width blocks below, which the standard library does not expose.
extension Terminal {
    /// The number of columns `text` takes. Meant for cleaned text: controls count as 0.
    public static func width(of text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + width(of: $1) }
    }

    /// The columns one character takes: 0, 1 or 2.
    public static func width(of character: Character) -> Int {
        min(2, character.unicodeScalars.reduce(0) { $0 + width(of: $1) })
    }

    /// `text` if it fits in `columns`, else its longest start that fits with `…` after it.
    /// Characters are never split, so a wide one that would straddle the edge goes too.
    public static func truncate(_ text: String, toWidth columns: Int) -> String {
        guard width(of: text) > columns else { return text }
        guard columns > 0 else { return "" }
        var kept = ""
        var used = 0
        for character in text {
            let next = width(of: character)
            if used + next > columns - 1 { break }  // room for the ellipsis
            kept.append(character)
            used += next
        }
        return kept + "…"
    }

    /// `text` padded with spaces on the right to `columns` (never cut).
    public static func pad(_ text: String, toWidth columns: Int) -> String {
        text + String(repeating: " ", count: max(0, columns - width(of: text)))
    }

    static func width(of scalar: Unicode.Scalar) -> Int {
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: break
        }
        if properties.isDefaultIgnorableCodePoint || conjoiningJamo.contains(where: { $0.contains(scalar.value) }) {
            return 0
        }
        if properties.isEmojiPresentation || wide.contains(where: { $0.contains(scalar.value) }) { return 2 }
        return 1
    }

    /// Hangul vowels and final consonants: drawn inside the syllable their leading consonant starts.
    private static let conjoiningJamo: [ClosedRange<UInt32>] = [0x1160...0x11FF, 0xD7B0...0xD7FF]

    /// East Asian Wide (W) and Fullwidth (F) blocks (Unicode's EastAsianWidth.txt), emoji aside.
    private static let wide: [ClosedRange<UInt32>] = [
        0x1100...0x115F,  // Hangul leading consonants
        0x2E80...0x303E,  // CJK radicals, Kangxi, ideographic description, CJK symbols and punctuation
        0x3041...0x33FF,  // kana, Bopomofo, Hangul compatibility jamo, Kanbun, enclosed CJK, CJK compatibility
        0x3400...0x4DBF,  // CJK extension A
        0x4E00...0x9FFF,  // CJK unified ideographs
        0xA000...0xA4CF,  // Yi
        0xA960...0xA97F,  // Hangul jamo extended A
        0xAC00...0xD7A3,  // Hangul syllables
        0xF900...0xFAFF,  // CJK compatibility ideographs
        0xFE10...0xFE19,  // vertical forms
        0xFE30...0xFE6F,  // CJK compatibility forms, small form variants
        0xFF00...0xFF60,  // fullwidth forms
        0xFFE0...0xFFE6,  // fullwidth signs
        0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF,  // Tangut, Khitan, kana supplements
        0x1F200...0x1F2FF,  // enclosed ideographic supplement
        0x20000...0x2FFFD, 0x30000...0x3FFFD,  // CJK extensions B and later
    ]
}
