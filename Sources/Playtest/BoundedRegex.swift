import Foundation

/// A `/regex/` check's matching, bounded in time.
///
/// NSRegularExpression (ICU) backtracks: `/(.*a){25}x/` against a line of 100 a's runs
/// for minutes. ICU calls back now and then during a long match (`.reportProgress`),
/// and the callback stops the match once the check's time is up.
enum BoundedRegex {
    /// What a search found.
    enum Outcome: Equatable {
        case found, notFound
        /// The time limit passed before the search could tell.
        case timedOut
    }

    /// How long one check may spend matching over all the lines it looks at.
    static let timeLimit: Duration = .seconds(1)

    /// Whether some line of `lines` matches `pattern`, giving up after `limit`.
    static func search(_ pattern: String, in lines: [String], limit: Duration = timeLimit) -> Outcome {
        // the parser compiled it
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return .notFound }
        let deadline = ContinuousClock.now + limit
        for line in lines {
            var outcome = Outcome.notFound
            regex.enumerateMatches(in: line, options: .reportProgress, range: NSRange(line.startIndex..., in: line)) {
                match, _, stop in
                if match != nil {
                    outcome = .found
                } else if ContinuousClock.now >= deadline {
                    outcome = .timedOut
                } else {
                    return
                }
                stop.pointee = true
            }
            if outcome != .notFound { return outcome }
        }
        return .notFound
    }
}
