/// A set of progress ranges kept as their union: sorted, with overlapping or touching ranges merged.
///
/// ClassKit's progress is the total length of the union of every range added, so it never goes
/// down within an attempt.
struct ProgressRanges: Equatable, Sendable {
    private(set) var ranges: [ClosedRange<Double>] = []

    /// Creates the union of `ranges`.
    init(_ ranges: [ClosedRange<Double>] = []) {
        for range in ranges { insert(range) }
    }

    /// Adds `range` to the union.
    /// - Parameter range: A range within 0...1 (checked by the caller).
    mutating func insert(_ range: ClosedRange<Double>) {
        var merged = range
        var kept: [ClosedRange<Double>] = []
        for existing in ranges {
            if existing.upperBound < merged.lowerBound || existing.lowerBound > merged.upperBound {
                kept.append(existing)  // disjoint: touching ranges fall through and merge
            } else {
                merged = min(existing.lowerBound, merged.lowerBound)...max(existing.upperBound, merged.upperBound)
            }
        }
        kept.append(merged)
        ranges = kept.sorted { $0.lowerBound < $1.lowerBound }
    }

    /// The total length of the union, between 0 and 1.
    var total: Double { ranges.reduce(0) { $0 + ($1.upperBound - $1.lowerBound) } }

    /// The union as `[[start, end], ...]` JSON, as stored in the `ranges` column.
    var json: String {
        "[" + ranges.map { "[\($0.lowerBound),\($0.upperBound)]" }.joined(separator: ",") + "]"
    }
}
