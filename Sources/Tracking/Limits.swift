/// ClassKit's limits, enforced by this module.
public enum Limits {
    /// Maximum characters in a context or item identifier. (Student and class names: ``NameRule``.)
    public static let identifierLength = 256
    /// Maximum characters in a context or item title.
    public static let titleLength = 256
    /// Maximum characters in a context summary.
    public static let summaryLength = 4000
    /// Maximum depth of the context tree, counting the main context as 1.
    public static let depth = 8
}

/// Shared validation rules, so contexts and items reject the same inputs the same way.
enum Validate {
    /// Checks an identifier: not blank, at most ``Limits/identifierLength`` characters.
    /// - Parameters:
    ///   - identifier: The candidate.
    ///   - what: Names the identifier in the error message.
    /// - Throws: ``TrackingError/invalidIdentifier(_:)`` or ``TrackingError/identifierTooLong(length:)``.
    static func identifier(_ identifier: String, what: String) throws {
        guard !isBlank(identifier) else { throw TrackingError.invalidIdentifier(what) }
        guard identifier.count <= Limits.identifierLength else {
            throw TrackingError.identifierTooLong(length: identifier.count)
        }
    }

    /// Checks a title: not blank, at most ``Limits/titleLength`` characters.
    /// - Parameter title: The candidate.
    /// - Throws: ``TrackingError/blankTitle`` or ``TrackingError/titleTooLong(length:)``.
    static func title(_ title: String) throws {
        guard !isBlank(title) else { throw TrackingError.blankTitle }
        guard title.count <= Limits.titleLength else { throw TrackingError.titleTooLong(length: title.count) }
    }

    /// Checks that `value` is neither NaN nor infinite.
    /// - Parameters:
    ///   - value: The number.
    ///   - field: Names the number in the error message.
    /// - Throws: ``TrackingError/nonFinite(field:)``.
    static func finite(_ value: Double, field: String) throws {
        guard value.isFinite else { throw TrackingError.nonFinite(field: field) }
    }

    /// Whether `text` has no non-whitespace character.
    static func isBlank(_ text: String) -> Bool {
        text.allSatisfy { $0.isWhitespace || $0.isNewline }
    }
}
