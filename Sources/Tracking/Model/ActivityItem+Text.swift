/// A number as a teacher writes it: the one place that decides how a number of a game's reads.
public enum TeacherNumber {
    /// The number exactly: `12` (not `12.0`), `0.5`, `1e+20`, `nan`; the shortest text that reads
    /// back as the same number, so a test's expected value and a JSON export agree with it.
    /// - Parameter value: Any number, even NaN or infinite.
    public static func exact(_ value: Double) -> String {
        value.isFinite && value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }

    /// The number rounded for a page a teacher skims: at most three decimals (`0.333`), whole
    /// numbers without `.0`, a number too large or too small for three decimals ``exact(_:)``, and
    /// `-` when it is not finite.
    /// - Parameter value: Any number, even NaN or infinite.
    public static func rounded(_ value: Double) -> String {
        guard value.isFinite else { return "-" }
        if value == value.rounded() && abs(value) < 1e15 || abs(value) >= 1e15 || abs(value) < 1e-3 {
            return exact(value)
        }
        return exact((value * 1000).rounded() / 1000)
    }
}

/// An item's value in text, one function per place it is shown. Each is an exhaustive `switch`
/// with no `default:`, so a new kind of item does not compile until every place says how it reads.
extension ActivityItem.Value {
    /// As a transcript's `report:` line writes it and a test expects it: `70`, `0.25`, `true`,
    /// `7/10`. Numbers exact (``TeacherNumber/exact(_:)``).
    public var transcriptText: String {
        switch self {
        case .quantity(let number): return TeacherNumber.exact(number)
        case .binary(let flag, _): return String(flag)
        case .score(let score, let maxScore): return TeacherNumber.exact(score) + "/" + TeacherNumber.exact(maxScore)
        }
    }

    /// As the terminal shows it to a teacher (`edujam report`, `runs`, the gradebook): `70`,
    /// `yes`, `7/10`. Numbers exact (``TeacherNumber/exact(_:)``).
    public var terminalText: String {
        switch self {
        case .quantity(let number): return TeacherNumber.exact(number)
        case .binary(let flag, _): return flag ? "yes" : "no"
        case .score(let score, let maxScore): return TeacherNumber.exact(score) + "/" + TeacherNumber.exact(maxScore)
        }
    }

    /// As the class report page shows it: `0.333`, `yes`, `7/10`. Numbers rounded to three
    /// decimals (``TeacherNumber/rounded(_:)``), as the page's averages and charts are.
    public var pageText: String {
        switch self {
        case .quantity(let number): return TeacherNumber.rounded(number)
        case .binary(let flag, _): return flag ? "yes" : "no"
        case .score(let score, let maxScore):
            return TeacherNumber.rounded(score) + "/" + TeacherNumber.rounded(maxScore)
        }
    }
}
