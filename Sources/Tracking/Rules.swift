/// Why a rule refused a value: which value (`field`) and the reason, in words a game's author
/// reads. Tracking owns the rules for identifiers, scores and progress; a front end that takes
/// these values from somewhere else (the runtime, from a Lua script) asks the rule and words the
/// reason its own way ("bad argument #2 to 'score' (score 12 is above maxScore 10)").
public struct RuleViolation: Sendable, Equatable, CustomStringConvertible {
    /// The value refused: `identifier`, `score`, `maxScore`, `progress start`, `progress end`.
    public let field: String
    /// Why, without the field's name: `12 is above maxScore 10`.
    public let reason: String

    /// The field, then the reason.
    public var description: String { "\(field) \(reason)" }

    /// A number as a teacher writes it: 12, 0.5, nan.
    /// - Parameter value: Any number, even NaN or infinite.
    /// - Returns: Its shortest text, without a trailing `.0` for whole numbers.
    @available(*, deprecated, renamed: "TeacherNumber.exact(_:)")
    public static func text(_ value: Double) -> String { TeacherNumber.exact(value) }
}

/// The rule for context and item identifiers: 1 to ``Kind/maxBytes`` UTF-8 bytes (ClassKit's
/// limits, one for a context and one for an item), no `/` (it separates identifiers in a path),
/// no spaces and no control characters.
public enum IdentifierRule {
    /// What an identifier names; the kinds differ only in their length limit.
    public enum Kind: Sendable, Equatable {
        /// A context's identifier (and the root's): at most ``Limits/contextIdentifierBytes``.
        case context
        /// An activity item's identifier: at most ``Limits/itemIdentifierBytes``.
        case item

        /// The most UTF-8 bytes an identifier of this kind may have.
        public var maxBytes: Int {
            switch self {
            case .context: return Limits.contextIdentifierBytes
            case .item: return Limits.itemIdentifierBytes
            }
        }
    }

    /// Why `identifier` is refused as an identifier of `kind`, or nil when it is fine.
    /// - Parameters:
    ///   - identifier: The candidate.
    ///   - kind: What it identifies.
    /// - Returns: The violation, its field `identifier`.
    public static func violation(_ identifier: String, of kind: Kind) -> RuleViolation? {
        reason(identifier, maxBytes: kind.maxBytes).map { RuleViolation(field: "identifier", reason: $0) }
    }

    private static func reason(_ id: String, maxBytes: Int) -> String? {
        let bytes = id.utf8
        if bytes.isEmpty { return "must not be empty" }
        if bytes.count > maxBytes { return "is \(bytes.count) bytes; the most is \(maxBytes)" }
        // Bytes first, in one pass, in place where the string is contiguous (a native one always
        // is): items are set many times a run, and Character properties, a pass per question and
        // iterating the UTF8View each cost more than the checks themselves.
        let found = bytes.withContiguousStorageIfAvailable(scan) ?? scan(bytes)
        if found.slash { return "must not contain '/' (it separates identifiers in a path)" }
        let hasSpace = found.asciiSpace || (found.nonASCII && id.unicodeScalars.contains { $0.properties.isWhitespace })
        return hasSpace ? "must not contain spaces or control characters" : nil
    }

    /// Whether the bytes hold a '/', an ASCII space or control, a non-ASCII byte: one pass.
    private static func scan<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> (slash: Bool, asciiSpace: Bool, nonASCII: Bool)
    {
        var found = (slash: false, asciiSpace: false, nonASCII: false)
        for byte in bytes {
            found.slash = found.slash || byte == UInt8(ascii: "/")
            found.asciiSpace = found.asciiSpace || byte <= 0x20 || byte == 0x7F
            found.nonASCII = found.nonASCII || byte >= 0x80
        }
        return found
    }
}

/// The rule for a score item: `maxScore > 0` and `0 <= score <= maxScore`.
public enum ScoreRule {
    /// Why `score` out of `maxScore` is refused, or nil when both are fine (finiteness is checked apart).
    /// - Returns: The violation, its field `maxScore` or `score`.
    public static func violation(score: Double, maxScore: Double) -> RuleViolation? {
        let text = TeacherNumber.exact
        if !(maxScore > 0) { return RuleViolation(field: "maxScore", reason: "must be above 0, got \(text(maxScore))") }
        if !(score >= 0) { return RuleViolation(field: "score", reason: "must not be negative, got \(text(score))") }
        if !(score <= maxScore) {
            return RuleViolation(field: "score", reason: "\(text(score)) is above maxScore \(text(maxScore))")
        }
        return nil
    }
}

/// The rule for progress: values within 0...1, and a range that does not end before it starts.
public enum ProgressRule {
    /// Why a progress value is refused, or nil when it is fine.
    /// - Returns: The violation, its field `progress`.
    public static func violation(_ value: Double) -> RuleViolation? {
        (0...1).contains(value)
            ? nil : RuleViolation(field: "progress", reason: "must be within 0..1, got \(TeacherNumber.exact(value))")
    }

    /// Why the range `start...end` is refused: either end as ``violation(_:)``, then the order.
    /// - Returns: The violation, its field `progress` or `range`.
    public static func violation(start: Double, end: Double) -> RuleViolation? {
        if let violation = violation(start) ?? violation(end) { return violation }
        return start > end ? RuleViolation(field: "range", reason: "must not end before it starts") : nil
    }
}
