import Classroom
import Foundation
import Runtime
import Tracking

/// Text laid out for a fixed width: tables whose named columns give way with an ellipsis, one
/// line of outside text cut to fit, durations and results as a teacher reads them. Every cell
/// passes `Terminal.cleanLine`, so nothing a student or a game wrote can break a line or drive a
/// terminal. The width is given: measuring a terminal is the caller's job.
public enum Format {
    /// The width of output that goes to no terminal: what a terminal has unless resized.
    public static let defaultColumns = 80
    /// Narrower than this, a table cannot keep its fixed columns and the names readable.
    public static let fewestColumns = 60

    /// 75 -> "1:15".
    public static func duration(_ seconds: Double) -> String {
        let whole = Int(SafeNumbers.duration(seconds).rounded())  // bounded: Int(.infinity) would trap
        return whole >= 3600
            ? String(format: "%d:%02d:%02d", whole / 3600, whole / 60 % 60, whole % 60)
            : String(format: "%d:%02d", whole / 60, whole % 60)
    }

    /// The primary item's value: "score 150", "correct 8/10", "passed yes".
    /// An attempt's result: its primary item when it reached `finish`, `not finished` when it did
    /// not (a score set before the student left is no result, docs/teaching.md "How grades are
    /// made"), empty when a finished attempt has no primary item.
    static func primary(of run: RunRecord) -> String {
        guard run.reachedFinish else { return ActivityProgress.notFinishedText }
        guard let id = run.primaryItem, let item = run.items.first(where: { $0.identifier == id }) else { return "" }
        return "\(item.identifier) \(item.item.value.terminalText)"
    }

    /// One line of outside text (a name, a title) cut to `columns` with an ellipsis.
    public static func fit(_ text: String, _ columns: Int) -> String {
        Terminal.truncate(Terminal.cleanLine(text), toWidth: columns)
    }

    /// Left-aligned columns two spaces apart, aligned by display width, each cell cleaned to one
    /// line; the `shrinking` columns are cut with an ellipsis until lines fit in `width`, then the
    /// `lastToShrink` ones too, one more at a time in their order (a name a reader looks rows up
    /// by, then a result that holds a score or a verdict), each only when the columns cut so far
    /// would otherwise keep fewer than 8 columns or still not fit.
    public static func table(
        header: [String], rows: [[String]], width: Int, shrinking: Set<Int>, lastToShrink: [Int] = []
    ) -> String {
        let all = ([header] + rows).map { $0.map(Terminal.cleanLine) }
        let natural = naturalWidths(all)
        let budget = width - 2 * (natural.count - 1)
        var cut = shrinking
        var widths = fitted(natural, into: budget, shrinking: cut)
        for next in lastToShrink {
            let readable = cut.allSatisfy { widths[$0] >= min(natural[$0], 8) }
            guard widths.reduce(0, +) > budget || !readable else { break }
            cut.insert(next)
            widths = fitted(natural, into: budget, shrinking: cut)
        }
        return all.map { row in
            let cells = row.enumerated().map {
                Terminal.pad(Terminal.truncate($1, toWidth: widths[$0]), toWidth: widths[$0])
            }
            var line = cells.joined(separator: "  ")
            while line.last == " " { line.removeLast() }  // padding after the last cell
            return line
        }.joined(separator: "\n")
    }

    /// The width ``table(header:rows:width:shrinking:lastToShrink:)`` takes when nothing is cut.
    public static func naturalWidth(header: [String], rows: [[String]]) -> Int {
        let natural = naturalWidths(([header] + rows).map { $0.map(Terminal.cleanLine) })
        return natural.reduce(0, +) + 2 * (natural.count - 1)
    }

    private static func naturalWidths(_ lines: [[String]]) -> [Int] {
        (lines.first ?? []).indices.map { column in lines.map { Terminal.width(of: $0[column]) }.max() ?? 0 }
    }

    /// Column widths whose sum is at most `budget` if it can be: the shrinking columns are cut to
    /// one shared limit, the largest that fits, so the widest give way first; what the limit leaves
    /// of the budget goes to the cut columns, one column each.
    static func fitted(_ widths: [Int], into budget: Int, shrinking: Set<Int>) -> [Int] {
        let cut = widths.indices.filter(shrinking.contains)
        let fixed = widths.indices.filter { !shrinking.contains($0) }.reduce(0) { $0 + widths[$1] }
        func total(_ limit: Int) -> Int { fixed + cut.reduce(0) { $0 + min(widths[$1], limit) } }
        var limit = cut.map { widths[$0] }.max() ?? 0
        guard total(limit) > budget else { return widths }
        while limit > 1 && total(limit) > budget { limit -= 1 }
        var spare = budget - total(limit)
        return widths.indices.map { column in
            guard shrinking.contains(column) else { return widths[column] }
            guard widths[column] > limit, spare > 0 else { return min(widths[column], limit) }
            spare -= 1
            return limit + 1
        }
    }
}
