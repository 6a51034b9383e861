import Tracking

/// The rule for names people type: student names and class names, checked at the door.
///
/// A name ends up in every report row, inbox and terminal, so it must be one short line that looks
/// like what it is. Refused: blank names, names longer than ``maxLength`` Unicode scalars, leading
/// or trailing spaces, control characters (escapes, newlines, tabs), line and paragraph separators,
/// and invisible formatting characters (general category Cf: bidirectional overrides and isolates,
/// zero-width spaces and joiners, soft hyphens). Two roster names that print alike must be alike,
/// which is why even the zero-width joiners some scripts and emoji sequences use are refused.
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
        return nil
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
        default: return nil
        }
    }

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
