import Runtime
import Tracking

/// A run's record read the way `report:` lines write it.
enum ReportValues {
    /// The value of `key` in `record` as a `report:` line writes it, or nil when there is no such item.
    ///
    /// Quantities read `70`, scores `7/10`, binaries `true`/`false`, progress `0.5`,
    /// outcome `finished`, primary the item identifier (`none` when there is none).
    static func value(of key: String, in record: RunRecord) -> String? {
        switch key {
        case "outcome": return record.outcome.rawValue
        case "progress": return TeacherNumber.exact(record.progress)
        case "primary": return record.primaryItem ?? "none"
        case "done": return String(record.done)
        default:
            guard let item = record.items.first(where: { $0.identifier == key }) else { return nil }
            return item.item.value.transcriptText
        }
    }

    /// Whether `actual` is what `expected` says, comparing numbers as numbers
    /// (`0.50` is `0.5`) and reading `yes`/`no` as `true`/`false`.
    static func matches(_ actual: String, _ expected: String) -> Bool {
        let a = actual.split(separator: "/", omittingEmptySubsequences: false)
        let e = expected.split(separator: "/", omittingEmptySubsequences: false)
        if a.count == e.count, a.count <= 2 {
            let pairs = zip(a, e).map {
                (
                    Double($0.0.trimmingCharacters(in: .whitespaces)),
                    Double($0.1.trimmingCharacters(in: .whitespaces))
                )
            }
            if pairs.allSatisfy({ $0.0 != nil && $0.1 != nil }) {
                return pairs.allSatisfy { abs($0.0! - $0.1!) <= 1e-9 * max(1, abs($0.1!)) }
            }
        }
        let aliases = ["yes": "true", "no": "false"]
        return (aliases[actual] ?? actual) == (aliases[expected.lowercased()] ?? expected)
    }

    /// The report lines that describe a run: outcome, progress, primary, then every item.
    static func lines(for record: RunRecord) -> [String] {
        var lines = ["outcome", "progress", "primary"].compactMap { key in
            value(of: key, in: record).map { "report: \(key) = \($0)" }
        }
        lines += record.items.filter { !ReportCheck.fields.contains($0.identifier) }
            .map { "report: \($0.identifier) = \($0.item.value.transcriptText)" }
        return lines
    }
}
