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

    /// Edit distance counting a swap of two neighbours as one edit (`plya` -> `play`),
    /// the commonest typo.
    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }
}
