import Foundation

/// Formats dates as ISO 8601 UTC with milliseconds, e.g. `2026-01-31T09:05:00.250Z`.
///
/// Hand-written because reports format up to hundreds of thousands of dates: filling a fixed
/// byte buffer costs far less than a formatter object or string concatenation per call.
package enum ISO8601 {
    /// The dates it can write, years 0000 to 9999, in seconds since 1970.
    static let writable: ClosedRange<Double> = -62_167_219_200...253_402_300_799

    /// Formats `seconds` since 1970, clamped to ``writable`` (NaN as 1970): a stored date is
    /// a number a file controls, and converting an infinite one would trap.
    package static func string(fromEpoch seconds: Double) -> String {
        let clamped = SafeNumbers.time(seconds)
        let millis = Int64((clamped * 1000).rounded(.down))
        let wholeSeconds = millis >= 0 ? millis / 1000 : (millis - 999) / 1000  // floor for pre-1970 dates
        var whole = time_t(wholeSeconds)
        var parts = tm()
        gmtime_r(&whole, &parts)
        let fields: [(value: Int, width: Int, separator: UInt8)] = [
            (Int(parts.tm_year) + 1900, 4, UInt8(ascii: "-")), (Int(parts.tm_mon) + 1, 2, UInt8(ascii: "-")),
            (Int(parts.tm_mday), 2, UInt8(ascii: "T")), (Int(parts.tm_hour), 2, UInt8(ascii: ":")),
            (Int(parts.tm_min), 2, UInt8(ascii: ":")), (Int(parts.tm_sec), 2, UInt8(ascii: ".")),
            (Int(millis - wholeSeconds * 1000), 3, UInt8(ascii: "Z")),
        ]
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        for field in fields {
            appendDigits(field.value, width: field.width, to: &bytes)
            bytes.append(field.separator)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func appendDigits(_ value: Int, width: Int, to bytes: inout [UInt8]) {
        var divisor = 1
        for _ in 1..<width { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8((rest / divisor) % 10))
            rest %= divisor
            divisor /= 10
        }
    }
}
