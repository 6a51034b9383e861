import Runtime

/// How a `.play` file writes text a terminal would act on: every such character as `\u{HEX}`,
/// so the file is plain text that `cat` shows as it is, and reads back to the same text.
///
/// A student's reply (`replay --transcript`), a monkey's input (`fuzz`) or a game's output can
/// hold ESC sequences, an OSC 52 clipboard write, a carriage return or a line break: written raw,
/// a teacher who shows the file sends them to her terminal, and a line break would cut the line.
/// The characters escaped are those a terminal is never shown raw (`Terminal.needsCleaning`),
/// and the line break; a `\` that would read as the start of an escape is escaped too
/// (`\u{5C}`), so any text survives the round trip.
///
/// ```swift
/// TranscriptText.visible("\u{1B}[2J hi")    // "\\u{1B}[2J hi"
/// TranscriptText.reading("\\u{1B}[2J hi")   // "\u{1B}[2J hi"
/// ```
enum TranscriptText {
    /// `text` with every character a terminal acts on written as `\u{HEX}` (uppercase hex).
    static func visible(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        guard scalars.contains(where: needsEscape) || text.contains("\\u{") else { return text }
        var written = ""
        for (index, scalar) in scalars.enumerated() {
            let opensEscape =
                scalar == "\\" && index + 2 < scalars.count && scalars[index + 1] == "u" && scalars[index + 2] == "{"
            if needsEscape(scalar) || opensEscape {
                written += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                written.unicodeScalars.append(scalar)
            }
        }
        return written
    }

    /// `text` with every `\u{HEX}` (1 to 6 hex digits naming a Unicode scalar) read as that
    /// character; anything else, a `\` alone included, stays as written.
    static func reading(_ text: String) -> String {
        guard text.contains("\\u{") else { return text }
        let scalars = Array(text.unicodeScalars)
        var read = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            if let (scalar, next) = escape(in: scalars, at: index) {
                read.append(scalar)
                index = next
            } else {
                read.append(scalars[index])
                index += 1
            }
        }
        return String(read)
    }

    /// Whether `scalar` is written escaped: what a terminal never shows raw, and a line break.
    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\n" || Terminal.needsCleaning(scalar)
    }

    /// The scalar a `\u{HEX}` at `index` names and the index after it, or nil when none is there.
    private static func escape(in scalars: [Unicode.Scalar], at index: Int) -> (Unicode.Scalar, Int)? {
        guard index + 3 < scalars.count, scalars[index] == "\\", scalars[index + 1] == "u", scalars[index + 2] == "{"
        else { return nil }
        var digits = ""
        var end = index + 3
        while end < scalars.count, scalars[end] != "}", digits.unicodeScalars.count < 6 {
            digits.unicodeScalars.append(scalars[end])
            end += 1
        }
        guard end < scalars.count, scalars[end] == "}", !digits.isEmpty,
            digits.unicodeScalars.allSatisfy({ $0.properties.isASCIIHexDigit }),
            let value = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(value)
        else { return nil }
        return (scalar, end + 1)
    }
}
