import Tracking

/// Text that goes into the page. Everything from a store or a game passes through
/// ``HTML/text(_:)`` or ``HTML/attribute(_:)``; the page never contains markup it did not write.
enum HTML {
    /// Escapes text for element content: `<`, `>`, `&`, quotes, and characters HTML forbids
    /// (C0 controls but tab and newline, DEL, C1, noncharacters) become visible and inert.
    static func text(_ raw: String) -> String {
        var out = ""
        out.reserveCapacity(raw.utf8.count)
        for scalar in raw.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(isForbidden(scalar) ? "\u{FFFD}" : scalar)
            }
        }
        return out
    }

    /// Escapes text for a double-quoted attribute value (the same escaping; newlines too,
    /// so a value stays on its line).
    static func attribute(_ raw: String) -> String {
        text(raw).replacingOccurrences(of: "\n", with: "&#10;")
    }

    /// A name or title from outside, escaped and isolated: `<bdi>` keeps a right-to-left
    /// override in a student's name from reordering the text around it.
    static func name(_ raw: String) -> String {
        "<bdi>\(text(raw))</bdi>"
    }

    private static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return (v < 0x20 && v != 0x09 && v != 0x0A) || (0x7F...0x9F).contains(v)
            || (0xFDD0...0xFDEF).contains(v) || v & 0xFFFE == 0xFFFE
    }
}

/// Numbers as the page prints them: the same rounding everywhere, never "nan" or "inf".
enum Figures {
    /// 0.604 -> "60%".
    static func percent(_ fraction: Double) -> String {
        guard fraction.isFinite else { return "-" }
        return "\(Int((min(max(fraction, 0), 1) * 100).rounded()))%"
    }

    /// 75 -> "1:15", 3725 -> "1:02:05".
    static func duration(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds >= 0 else { return "-" }
        let whole = Int(min(seconds, 359_999_999).rounded())
        let (h, m, s) = (whole / 3600, whole / 60 % 60, whole % 60)
        return h > 0 ? "\(h):\(pad(m)):\(pad(s))" : "\(m):\(pad(s))"
    }

    /// 3 -> "3", 2.5 -> "2.5", 1e20 -> "1e+20"; at most three decimals (``TeacherNumber/rounded(_:)``).
    static func number(_ value: Double) -> String { TeacherNumber.rounded(value) }

    /// A number for a `data-` attribute: Swift's shortest round-trip form, as JSON prints it; empty
    /// when not finite.
    static func exact(_ value: Double) -> String { value.isFinite ? TeacherNumber.exact(value) : "" }

    private static func pad(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
