import Foundation
import Tracking

/// The rule for names people type: student names and class names, checked at the door.
///
/// A name ends up in every report row, inbox and terminal, so it must be one short line that looks
/// like what it is. Refused: blank names, names longer than ``maxLength`` Unicode scalars, leading
/// or trailing spaces, control characters (escapes, newlines, tabs), line and paragraph separators,
/// invisible formatting characters (general category Cf: bidirectional overrides and isolates,
/// zero-width spaces and joiners, soft hyphens), every other character Unicode says a renderer may
/// show as nothing (Default_Ignorable_Code_Point: the combining grapheme joiner U+034F, variation
/// selectors, the Hangul fillers U+115F, U+1160, U+3164 and U+FFA0 that print blank), the blank
/// Braille pattern U+2800, spaces other than the plain one (U+0020), and names not in Unicode's
/// composed form NFC (`Jose` + U+0301 beside `José`). Two roster names that print alike must be
/// alike, which is why even the zero-width joiners some scripts and emoji sequences use are
/// refused: a name that passes is in NFC, so names compare in one normal form, in Swift and in SQL.
public enum NameRule {
    /// At most this many Unicode scalars. 64 fits any real name or class label and keeps the class
    /// report at 80 columns; counting scalars (not characters) also bounds the bytes (256 in UTF-8)
    /// and stops a single character that stacks hundreds of combining marks.
    public static let maxLength = 64

    /// Why `name` is refused, or nil when it is fine. The reason never repeats the name: a refused
    /// name may hold exactly the characters that must not reach a terminal.
    /// - Parameter name: A student or class name as typed.
    /// - Returns: A reason such as `contains a control character (U+001B)`.
    public static func problem(with name: String) -> String? {
        if Validate.isBlank(name) { return "must not be blank" }
        let length = name.unicodeScalars.count
        if length > maxLength { return "is \(length) characters long (limit \(maxLength))" }
        for scalar in name.unicodeScalars {
            if let kind = forbiddenKind(scalar) { return "contains \(kind) (\(codePoint(scalar)))" }
        }
        if name.first?.isWhitespace == true || name.last?.isWhitespace == true { return "starts or ends with a space" }
        // Swift's == already equates canonically equivalent strings: compare the scalars.
        if !name.unicodeScalars.elementsEqual(composed(name).unicodeScalars) {
            return
                "is not in Unicode's composed form NFC (a letter followed by a separate accent: type the accented letter)"
        }
        return nil
    }

    /// `name` in Unicode's composed form (NFC), the one form names are stored and compared in:
    /// what an import from a file does to the names it reads, so an export made on a system that
    /// writes decomposed accents still names the students as they type themselves.
    public static func composed(_ name: String) -> String {
        // ASCII is already NFC: most names of a district's export skip Foundation's normalizer.
        name.utf8.allSatisfy { $0 < 0x80 } ? name : name.precomposedStringWithCanonicalMapping
    }

    /// Throws unless `name` follows the rule: how a command checks a `--student` it was given.
    /// - Parameters:
    ///   - name: The candidate.
    ///   - what: Names it in the error message: `student name`, `class name`.
    /// - Throws: ``TrackingError/invalidName(what:reason:)`` with the reason.
    public static func check(_ name: String, what: String) throws {
        if let reason = problem(with: name) { throw TrackingError.invalidName(what: what, reason: reason) }
    }

    /// What makes `scalar` unfit for a name, or nil when it is fine.
    private static func forbiddenKind(_ scalar: Unicode.Scalar) -> String? {
        switch scalar.properties.generalCategory {
        case .control: return "a control character"
        case .format: return "an invisible formatting character"
        case .lineSeparator, .paragraphSeparator: return "a line separator"
        case .spaceSeparator where scalar != " ": return "a space other than the plain space"
        default: break
        }
        if scalar.properties.isDefaultIgnorableCodePoint || blankLetters.contains(scalar) {
            return "a character that prints as nothing"
        }
        return nil
    }

    /// Characters that print blank and are not Default_Ignorable_Code_Point (the Hangul fillers
    /// are, and are caught by that property): the blank Braille pattern.
    private static let blankLetters: Set<Unicode.Scalar> = ["\u{2800}"]

    /// `U+001B`.
    private static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}

extension Validate {
    /// Checks a student name against ``NameRule``.
    /// - Parameters:
    ///   - student: The candidate.
    ///   - what: Names it in the error message, e.g. `student name 2 of 3`.
    /// - Throws: ``TrackingError/invalidName(what:reason:)``.
    static func student(_ student: String, what: String = "student name") throws {
        try NameRule.check(student, what: what)
    }

    /// Checks a class name against ``NameRule``.
    /// - Parameter className: The candidate.
    /// - Throws: ``TrackingError/invalidName(what:reason:)``.
    static func className(_ className: String) throws {
        try NameRule.check(className, what: "class name")
    }

    /// Checks each of several student names, numbering them in the error when there are several.
    /// - Parameter students: The candidates, in the order typed.
    /// - Throws: ``TrackingError/invalidName(what:reason:)`` for the first bad one.
    static func students(_ students: [String]) throws {
        for (index, student) in students.enumerated() {
            try Validate.student(
                student, what: students.count == 1 ? "student name" : "student name \(index + 1) of \(students.count)")
        }
    }
}
