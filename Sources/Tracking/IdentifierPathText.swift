/// The one way an identifier path is written as text and read back: identifiers joined by `/`,
/// each with `%`, `/`, control characters and every whitespace but the plain space written as
/// `%XX` (the UTF-8 bytes in hexadecimal, as in a URL).
///
/// Identifiers are opaque (``IdentifierRule``): `unit/1` is one identifier, so the path text of
/// game `MATH` and level `unit/1` is `MATH/unit%2F1`, and `Level 1` stays `Level 1`. An identifier
/// without `%`, `/`, controls or unusual spaces (every identifier stored before identifiers were
/// opaque but those holding a `%` or a C1 control) reads as it did. Every command, catalog line, report and the
/// `level` a game is given use these two functions, so what one prints another reads.
public enum IdentifierPathText {
    /// Why a text is not an identifier path, and where.
    public struct Malformed: Error, Equatable, CustomStringConvertible {
        /// The text as given.
        public let text: String
        /// Why, in words: `'%' must start an escape like %2F or %25`.
        public let reason: String

        public var description: String { "'\(text)' is not an identifier path: \(reason)" }
    }

    /// `path` as text: `MATH/unit%2F1` for `["MATH", "unit/1"]`.
    /// - Parameter path: Identifiers, in path order; any of them, even an empty one.
    /// - Returns: The text ``identifiers(in:)`` reads back as `path`.
    public static func text<Path: Sequence<String>>(_ path: Path) -> String {
        path.map(escaped).joined(separator: "/")
    }

    /// The identifiers in `text`, in path order.
    /// - Parameter text: A path as ``text(_:)`` writes it or a person types it.
    /// - Returns: At least one identifier, none of them empty.
    /// - Throws: ``Malformed`` for an empty identifier (`MATH//x`, a trailing `/`), a `%` not
    ///   followed by two hexadecimal digits, or escapes that are not UTF-8.
    public static func identifiers(in text: String) throws(Malformed) -> [String] {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard !parts.contains(where: \.isEmpty) else {
            throw Malformed(text: text, reason: "an identifier in it is empty (identifiers are joined by '/')")
        }
        return try parts.map { part throws(Malformed) in
            guard let identifier = unescaped(part) else {
                throw Malformed(
                    text: text, reason: "'%' must start an escape like %2F ('/'), %25 ('%') or %20 (a space)")
            }
            return identifier
        }
    }

    /// One identifier with `%`, `/`, controls and every whitespace but U+0020 escaped.
    static func escaped(_ identifier: String) -> String {
        // Printable ASCII but `%` and `/` needs no escape: every identifier a game declares, read
        // by its bytes. The Unicode properties below were looked up per character, 7 times a run.
        let plain = identifier.utf8.allSatisfy {
            $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "%") && $0 != UInt8(ascii: "/")
        }
        if plain { return identifier }
        guard identifier.unicodeScalars.contains(where: mustEscape) else { return identifier }
        var text = ""
        for scalar in identifier.unicodeScalars {
            guard mustEscape(scalar) else {
                text.unicodeScalars.append(scalar)
                continue
            }
            for byte in String(scalar).utf8 { text += "%" + hex(byte) }
        }
        return text
    }

    private static func mustEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "%" || scalar == "/" || scalar.properties.generalCategory == .control
            || (scalar != " " && scalar.properties.isWhitespace)
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }

    /// `part` with each `%XX` turned back into its byte, or nil for a bad escape or bytes that
    /// are not UTF-8.
    private static func unescaped(_ part: Substring) -> String? {
        guard part.utf8.contains(UInt8(ascii: "%")) else { return String(part) }
        var bytes: [UInt8] = []
        var iterator = part.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                return nil
            }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
