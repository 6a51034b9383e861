/// "Did you mean" hints for names an author misspelled.
public enum Suggest {
    /// `; did you mean 'x'?` for the closest name within a small edit distance, else "".
    public static func hint(for word: String, among names: [String]) -> String {
        guard let best = closest(to: word, among: names) else { return "" }
        return "; did you mean '\(best)'?"
    }

    /// The name nearest `word` by edit distance, if it is near enough to be a typo.
    public static func closest(to word: String, among names: [String]) -> String? {
        let scored = names.map { (name: $0, distance: distance(word.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.distance < $1.distance }) else { return nil }
        return best.distance <= max(1, min(3, best.name.count / 3)) ? best.name : nil
    }

    /// Levenshtein distance, one row at a time.
    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var row = Array(0...b.count)
        for i in 1...max(1, a.count) where !a.isEmpty {
            var previous = row[0]
            row[0] = i
            for j in 1...max(1, b.count) where !b.isEmpty {
                let saved = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = saved
            }
        }
        return a.isEmpty ? b.count : row[b.count]
    }
}
