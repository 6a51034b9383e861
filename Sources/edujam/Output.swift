import Foundation
import Tracking

/// Writing to stdout and stderr, and shared formats.
enum Output {
    static func line(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// Pretty, key-sorted JSON on stdout, so output is stable for tools and tests.
    static func json(_ value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        FileHandle.standardOutput.write(try encoder.encode(value) + Data("\n".utf8))
    }
}

enum Format {
    /// 75 -> "1:15".
    static func duration(_ seconds: Double) -> String {
        let whole = Int(SafeNumbers.duration(seconds).rounded())  // bounded: Int(.infinity) would trap
        return whole >= 3600 ? String(format: "%d:%02d:%02d", whole / 3600, whole / 60 % 60, whole % 60)
            : String(format: "%d:%02d", whole / 60, whole % 60)
    }

    /// The primary item's value: "score 150", "correct 8/10", "passed yes".
    static func primary(of run: RunRecord) -> String {
        guard let id = run.primaryItem, let item = run.items.first(where: { $0.identifier == id }) else { return "" }
        return "\(item.identifier) \(value(of: item))"
    }

    static func value(of item: ItemRecord) -> String {
        switch (item.value, item.score, item.maxScore) {
        case (.number(let n)?, _, _): return number(n)
        case (.bool(let b)?, _, _): return b ? "yes" : "no"
        case (nil, let s?, let m?): return "\(number(s))/\(number(m))"
        default: return ""
        }
    }

    static func number(_ n: Double) -> String {
        n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : String(n)
    }

    /// Left-aligned columns separated by two spaces.
    static func table(header: [String], rows: [[String]]) -> String {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { row in
            row.enumerated().map { $1.padding(toLength: widths[$0], withPad: " ", startingAt: 0) }
                .joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }.joined(separator: "\n")
    }
}
