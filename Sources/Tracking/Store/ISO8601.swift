import Foundation

/// Formats dates as ISO 8601 UTC with milliseconds, e.g. `2026-01-31T09:05:00.250Z`.
///
/// Hand-written because reports format up to hundreds of thousands of dates and a formatter
/// object per call (or a shared non-Sendable one) would cost more than the rest of the query.
enum ISO8601 {
    /// Formats `seconds` since 1970.
    static func string(fromEpoch seconds: Double) -> String {
        let millis = Int64((seconds * 1000).rounded(.down))
        var whole = time_t(millis >= 0 ? millis / 1000 : (millis - 999) / 1000)
        let fraction = Int(millis - Int64(whole) * 1000)
        var parts = tm()
        gmtime_r(&whole, &parts)
        return pad(Int(parts.tm_year) + 1900, 4) + "-" + pad(Int(parts.tm_mon) + 1, 2) + "-" + pad(Int(parts.tm_mday), 2)
            + "T" + pad(Int(parts.tm_hour), 2) + ":" + pad(Int(parts.tm_min), 2) + ":" + pad(Int(parts.tm_sec), 2)
            + "." + pad(fraction, 3) + "Z"
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
