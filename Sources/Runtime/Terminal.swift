/// Text that reaches a terminal: what is cleaned out of it, and how wide it is.
///
/// Everything a terminal shows that came from outside EduJam's own code (games, stores,
/// files, names, error messages) is cleaned here first, so it can neither drive the terminal
/// nor pass itself off as other text:
/// - control characters (C0 but tab and newline, DEL, C1, which holds CSI) could clear the
///   screen, move the cursor, set the clipboard (OSC 52), ring the bell or overwrite a line (CR);
/// - bidirectional formatting characters (`Bidi_Control`: LRM, RLM, ALM, the embeddings,
///   overrides and isolates) could show text in an order other than its bytes ("Trojan Source");
/// - zero-width characters (U+200B-200D, U+2060-2064, U+FEFF) and the line and paragraph
///   separators could make two different names look the same, or hide text.
///
/// Each becomes `?`, visible, rather than disappearing: a teacher can see that a name holds
/// something odd, and two different names never print alike. The cost: the zero-width joiners
/// that Persian text and emoji sequences use show as `?` too. Machine formats (JSON) keep the
/// exact text, escaped.
public enum Terminal {
    /// What every cleaned character becomes.
    public static let replacement: Unicode.Scalar = "?"

    /// Text for the terminal, lines kept: every character `needsCleaning` becomes `?`;
    /// tab and newline stay. For `say`, prompts, messages and excerpts.
    public static func clean(_ text: String) -> String {
        // Printable ASCII, tab and newline (every prompt a game like Math Jam shows) need
        // nothing: found by their bytes, which is what `needsCleaning` says of those scalars,
        // without decoding the scalars first.
        if text.utf8.withContiguousStorageIfAvailable({ isPlainASCII($0) }) == true { return text }
        return replacing(in: text, where: needsCleaning)
    }

    /// Whether every byte is printable ASCII, a tab or a newline: text `clean` leaves as it is.
    private static func isPlainASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in bytes where !(0x20...0x7E).contains(byte) && byte != 0x09 && byte != 0x0A { return false }
        return true
    }

    /// Text for one line of the terminal (a table cell, a name in a heading): like `clean`,
    /// and tab and newline become `?` too, so a name cannot split a row or shift its columns.
    public static func cleanLine(_ text: String) -> String {
        replacing(in: text) { needsCleaning($0) || $0 == "\n" || $0 == "\t" }
    }

    /// Whether `clean` replaces `scalar`: a control (but tab and newline), a bidirectional
    /// formatting character, a zero-width character, or a line or paragraph separator.
    public static func needsCleaning(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x20...0x7E: return false  // printable ASCII first: no property lookup for it
        case 0x00...0x1F, 0x7F...0x9F: return true  // C0, DEL, C1
        case 0x200B...0x200D, 0x2060...0x2064, 0xFEFF: return true  // zero width
        case 0x2028, 0x2029: return true  // line and paragraph separators
        default: return scalar.properties.isBidiControl
        }
    }

    private static func replacing(in text: String, where unsafe: (Unicode.Scalar) -> Bool) -> String {
        guard text.unicodeScalars.contains(where: unsafe) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { unsafe($0) ? replacement : $0 }))
    }
}
