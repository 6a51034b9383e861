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
        // Sorted and apart, the ranges `range` overlaps or touches are consecutive: they are
        // replaced by their union with it in place (a game sets progress on every answer; a new
        // array sorted each time was most of the cost).
        let first = ranges.firstIndex { $0.upperBound >= range.lowerBound } ?? ranges.endIndex
        var end = first
        var merged = range
        while end < ranges.endIndex, ranges[end].lowerBound <= range.upperBound {
            merged = min(ranges[end].lowerBound, merged.lowerBound)...max(ranges[end].upperBound, merged.upperBound)
            end += 1
        }
        if end == first + 1, ranges[first] == merged { return }  // within a range already
        ranges.replaceSubrange(first..<end, with: CollectionOfOne(merged))
        if ranges.count > Limits.progressRanges { joinClosestPair() }
    }

    /// Joins the two neighbours with the smallest gap between them (the first such pair), the one
    /// change that keeps the count within ``Limits/progressRanges`` and adds the least progress.
    private mutating func joinClosestPair() {
        var closest = 0
        for index in 1..<(ranges.count - 1)
        where ranges[index + 1].lowerBound - ranges[index].upperBound
            < ranges[closest + 1].lowerBound - ranges[closest].upperBound
        {
            closest = index
        }
        ranges.replaceSubrange(
            closest...(closest + 1), with: CollectionOfOne(ranges[closest].lowerBound...ranges[closest + 1].upperBound))
    }

    /// The total length of the union, between 0 and 1.
    var total: Double { ranges.reduce(0) { $0 + ($1.upperBound - $1.lowerBound) } }

    /// The union as `[[start, end], ...]` JSON, as stored in the `ranges` column.
    var json: String {
        "[" + ranges.map { "[\($0.lowerBound),\($0.upperBound)]" }.joined(separator: ",") + "]"
    }
}
