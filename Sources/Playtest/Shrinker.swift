import Foundation
import Runtime

/// Makes a failing input sequence small: delta debugging over the lines, then simpler lines.
///
/// 1. Remove chunks: halves, then quarters, ... (ddmin), keeping any removal that still fails.
/// 2. Remove single lines.
/// 3. Simplify each line: empty, its first half, without non-ASCII and control
///    characters, "0"; and its thinking time back to 1 second.
/// The passes repeat until none helps or the budget of replays is spent.
enum Shrinker {
    /// The smallest sequence found that still fails.
    /// - Parameters:
    ///   - input: a sequence for which `fails` is true.
    ///   - budget: the most times `fails` is called.
    ///   - fails: replays a sequence; true when it still shows the same failure.
    static func shrink(_ input: [Reply], budget: Int = 2_000, fails: ([Reply]) -> Bool) -> [Reply] {
        var tries = 0
        let test = { (candidate: [Reply]) -> Bool in
            guard tries < budget else { return false }
            tries += 1
            return fails(candidate)
        }
        var current = input
        while true {
            let before = current
            current = removeChunks(current, test)
            current = simplifyLines(current, test)
            if current == before || tries >= budget { return current }
        }
    }

    /// ddmin's removal half: the sequence split into n chunks, each tried without one chunk.
    static func removeChunks(_ input: [Reply], _ fails: ([Reply]) -> Bool) -> [Reply] {
        var current = input
        var chunks = 2
        while !current.isEmpty {
            let size = max(1, (current.count + chunks - 1) / chunks)
            var removed = false
            var start = 0
            while start < current.count {
                var candidate = current
                candidate.removeSubrange(start..<min(start + size, current.count))
                if fails(candidate) {
                    current = candidate
                    removed = true
                } else {
                    start += size
                }
            }
            if removed {
                chunks = max(2, chunks - 1)
                continue
            }
            if size == 1 { break }  // single lines were tried: no line can go
            chunks = min(current.count, chunks * 2)
        }
        return current
    }

    static func simplifyLines(_ input: [Reply], _ fails: ([Reply]) -> Bool) -> [Reply] {
        var current = input
        for index in current.indices {
            var progress = true
            while progress {
                progress = false
                for text in simpler(current[index].text) {
                    var candidate = current
                    candidate[index].text = text
                    if fails(candidate) {
                        current = candidate
                        progress = true
                        break
                    }
                }
            }
            if current[index].thinking != 1 {
                var candidate = current
                candidate[index].thinking = 1
                if fails(candidate) { current = candidate }
            }
        }
        return current
    }

    /// Candidate replacements, each strictly shorter in bytes, so shrinking always ends.
    static func simpler(_ text: String) -> [String] {
        let plain = String(
            String.UnicodeScalarView(text.unicodeScalars.filter { $0.isASCII && $0.value >= 32 && $0.value != 127 }))
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        var seen: Set<String> = []
        return [
            "", String(text.prefix(text.count / 2)), String(text.suffix(text.count / 2)), plain, trimmed,
            String(text.dropLast()), "0",
        ]
        .filter { $0.utf8.count < text.utf8.count && seen.insert($0).inserted }
    }
}
