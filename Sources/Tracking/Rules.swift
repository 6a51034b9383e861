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
/// limits, one for a context and one for an item) and no control characters (C0 and DEL).
/// Otherwise an identifier is opaque, as in ClassKit: `unit/1`, `Level 1` and `Ünïcødé` are
/// identifiers, and a front end that writes identifiers as text escapes what it must
/// (``IdentifierPathText``).
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
        // By bytes, in one pass, in place where the string is contiguous (a native one always
        // is): items are set many times a run. A control is one byte in UTF-8.
        let hasControl = bytes.withContiguousStorageIfAvailable(containsControl) ?? containsControl(bytes)
        return hasControl ? "must not contain control characters" : nil
    }

    /// Whether the bytes hold a C0 control or DEL: the controls the rule refuses. C1 controls
    /// (U+0080 to U+009F) were never refused, so identifiers stored with one stay readable; the
    /// cleaning funnel shows them as `?` and ``IdentifierPathText`` escapes them.
    private static func containsControl<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> Bool {
        bytes.contains { $0 < 0x20 || $0 == 0x7F }
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

/// The rule for the game version an attempt records (``Activity/gameVersion``): the content hash
/// of the game that ran, a SHA-256 written as ``length`` lowercase hexadecimal digits.
public enum GameVersionRule {
    /// The digits of a version: a SHA-256's 32 bytes, two each.
    public static let length = 64

    /// The digits a person is shown of a version (as `git` shows a commit): enough to tell the
    /// versions of one game apart.
    public static let shortLength = 12

    /// `version`'s first ``shortLength`` characters.
    public static func short(_ version: String) -> String { String(version.prefix(shortLength)) }

    /// Why `version` is refused as a game version, or nil when it is fine.
    /// - Returns: The violation, its field `gameVersion`.
    public static func violation(_ version: String) -> RuleViolation? {
        let digits = version.utf8
        guard digits.count == length, digits.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
        else {
            return RuleViolation(field: "gameVersion", reason: "must be \(length) lowercase hexadecimal digits")
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
