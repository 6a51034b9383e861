/// Text that reaches a student's terminal.
public enum Terminal {
    /// Replaces control characters (C0 but tab and newline, DEL, C1) with `?`, so a
    /// game cannot clear the screen, move the cursor or set the clipboard.
    /// `print` and `say` already get this from the sandbox; prompts and options get it here.
    public static func clean(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { isControl($0) ? "?" : $0 }))
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return (v < 0x20 && v != 0x09 && v != 0x0A) || (0x7F...0x9F).contains(v)
    }
}
