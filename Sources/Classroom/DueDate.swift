import Foundation
import Tracking

/// Parses due dates as a teacher types them.
///
/// ```swift
/// let due = try DueDate.parse("2026-12-01")            // 23:59:59 that day, local time
/// let exact = try DueDate.parse("2026-12-01T15:00:00Z")
/// ```
public enum DueDate {
    /// Parses `YYYY-MM-DD` or a full ISO 8601 timestamp with a zone (`Z` or `+02:00`, optional
    /// fractional seconds).
    ///
    /// A bare date means the last second of that day in `timeZone`: Schoolwork's due dates default
    /// to the end of the day, local time, so work handed in that evening is not late.
    /// - Parameters:
    ///   - text: The text; surrounding whitespace is ignored.
    ///   - timeZone: The zone a bare date is read in; defaults to the machine's.
    /// - Returns: The instant the work is due.
    /// - Throws: ``ClassroomError/invalidDate(_:)`` carrying `text`.
    public static func parse(_ text: String, timeZone: TimeZone = .current) throws -> Date {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if let date = endOfDay(trimmed, timeZone: timeZone) ?? timestamp(trimmed) { return date }
        throw ClassroomError.invalidDate(text)
    }

    /// `YYYY-MM-DD` at 00:00:00 in `timeZone`, or nil if `text` is not a real calendar date: the
    /// first instant of a day a command takes as a bound (`store prune --inputs-before`).
    public static func startOfDay(_ text: String, timeZone: TimeZone) -> Date? {
        day(text, timeZone: timeZone, hour: 0, minute: 0, second: 0)
    }

    /// `YYYY-MM-DD` at 23:59:59 in `timeZone`, or nil if `text` is not a real calendar date.
    private static func endOfDay(_ text: String, timeZone: TimeZone) -> Date? {
        day(text, timeZone: timeZone, hour: 23, minute: 59, second: 59)
    }

    /// `YYYY-MM-DD` at the given time in `timeZone`, or nil if `text` is not a real calendar date.
    private static func day(_ text: String, timeZone: TimeZone, hour: Int, minute: Int, second: Int) -> Date? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, zip(parts, [4, 2, 2]).allSatisfy({ $0.count == $1 && $0.allSatisfy(\.isASCII) }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let wanted = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        guard let date = calendar.date(from: wanted) else { return nil }
        let found = calendar.dateComponents([.year, .month, .day], from: date)
        // The calendar rolls 2026-02-30 over to March; a round trip rejects such dates.
        return (found.year, found.month, found.day) == (year, month, day) ? date : nil
    }

    /// A full ISO 8601 timestamp, with or without fractional seconds, or nil.
    private static func timestamp(_ text: String) -> Date? {
        guard text.contains("T") else { return nil }
        let formatter = ISO8601DateFormatter()  // per call: parsing is rare and the type is not Sendable
        for options: ISO8601DateFormatter.Options in [
            [.withInternetDateTime, .withFractionalSeconds], [.withInternetDateTime],
        ] {
            formatter.formatOptions = options
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }
}
