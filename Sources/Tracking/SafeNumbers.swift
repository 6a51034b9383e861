import Foundation

/// Saved numbers kept finite: durations within bounds, and sums and means that can neither
/// overflow to infinity nor become NaN. JSON holds neither, and a report that printed one
/// would fail on every later run, since the numbers stay in the store.
public enum SafeNumbers {
    /// The longest time one attempt counts: 100 years, far beyond any real attempt, so that
    /// any sum of attempts stays finite. Longer durations (an old store's infinite one, say)
    /// are clamped to it when written and when read.
    public static let maximumDurationSeconds: Double = 3_155_760_000

    /// `seconds` within `0...maximumDurationSeconds`; NaN counts as 0.
    public static func duration(_ seconds: Double) -> Double {
        guard seconds > 0 else { return 0 }  // also NaN
        return min(seconds, maximumDurationSeconds)
    }

    /// `date` within the years 0000 to 9999 (``ISO8601``'s), NaN as 1970: the store reads its
    /// clock through it, so no time it saves is infinite (``RowChecks/activityTimes(_:)`` refuses
    /// one on PostgreSQL) or past what a report can write.
    package static func date(_ date: Date) -> Date {
        let seconds = date.timeIntervalSince1970
        let bounded = time(seconds)
        return bounded == seconds ? date : Date(timeIntervalSince1970: bounded)
    }

    /// `seconds` since 1970 as ``date(_:)`` reads them: within the years 0000 to 9999, NaN as 0.
    package static func time(_ seconds: Double) -> Double {
        seconds.isNaN ? 0 : min(max(seconds, ISO8601.writable.lowerBound), ISO8601.writable.upperBound)
    }

    /// The sum of the finite values, held at the largest finite magnitude rather than overflowing.
    public static func sum(_ values: [Double]) -> Double {
        finite(values.reduce(0) { $1.isFinite ? $0 + $1 : $0 })
    }

    /// The mean of the finite values, nil when there are none. Each value is divided by the
    /// count before adding, so the running sum stays within the largest value's magnitude
    /// (two quantities of 1.7e308 average 1.7e308, not infinity).
    public static func mean(_ values: [Double]) -> Double? {
        let usable = values.filter(\.isFinite)
        guard !usable.isEmpty else { return nil }
        let count = Double(usable.count)
        return finite(usable.reduce(0) { $0 + $1 / count })
    }

    /// An overflowed result held at the largest finite magnitude of its sign. Only finite
    /// values were added, so it is never NaN.
    private static func finite(_ value: Double) -> Double {
        min(max(value, -.greatestFiniteMagnitude), .greatestFiniteMagnitude)
    }
}
