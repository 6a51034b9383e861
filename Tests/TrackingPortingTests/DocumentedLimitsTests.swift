import Classroom
import Foundation
import Testing
import Tracking

/// The one table of the limits' numbers in the docs (`docs/tracking-model.md`, "Limits and
/// validation") says what the code says. Every other doc and doc comment names the symbol, so a
/// limit changes in one line of code; this test then names the table row to change with it.
@Suite struct DocumentedLimitsTests {
    /// The table as the code has it: each row's first two cells, in the docs' order.
    static let expected: [(limit: String, value: String)] = [
        ("`Limits.contextIdentifierBytes`", "\(number(Limits.contextIdentifierBytes)) bytes"),
        ("`Limits.itemIdentifierBytes`", "\(number(Limits.itemIdentifierBytes)) bytes"),
        ("`Limits.studentNameCharacters`", "\(number(Limits.studentNameCharacters)) characters"),
        ("`Limits.title`", text(Limits.title)),
        ("`Limits.summary`", text(Limits.summary)),
        ("`Limits.keyword`", text(Limits.keyword)),
        ("`Limits.keywordCount`", number(Limits.keywordCount)),
        ("`Limits.depth`", number(Limits.depth)),
        ("`Limits.itemsPerAttempt`", itemsPerAttempt),
        ("`Limits.attemptsReadPerStudent`", number(Limits.attemptsReadPerStudent)),
        ("`Limits.attemptsPerStudent`", number(Limits.attemptsPerStudent)),
        ("`Limits.bytesPerStudent`", "\(number(Limits.bytesPerStudent >> 20)) MiB"),
        ("`Limits.bytesPerEvent`", "\(number(Limits.bytesPerEvent)) bytes"),
        ("`Limits.catalogAdditionsPerStudent`", number(Limits.catalogAdditionsPerStudent)),
        ("`Limits.eventsPerAttempt`", number(Limits.eventsPerAttempt)),
        ("`Limits.progressRanges`", number(Limits.progressRanges)),
        ("`NameRule.maxLength`", "\(number(NameRule.maxLength)) Unicode scalars"),
    ]

    /// The per-attempt item bound is a formula of the kinds, so the docs state the formula.
    static var itemsPerAttempt: String {
        Limits.itemsPerAttempt == 1 + ItemKind.allCases.count
            ? "1 + `ItemKind.allCases.count`" : "\(Limits.itemsPerAttempt)"
    }

    @Test func theDocsTableOfLimitsMatchesTheCode() throws {
        let rows = try Self.documentedRows(in: Self.trackingModelDoc())
        let found = rows.map { "\($0.limit) | \($0.value)" }
        let wanted = Self.expected.map { "\($0.limit) | \($0.value)" }
        #expect(
            found == wanted,
            """
            docs/tracking-model.md's limits table disagrees with the code; its first two columns should read:
            \(wanted.map { "| \($0) |" }.joined(separator: "\n"))
            """)
    }

    /// The rows between the table's two marker comments: first cell and second cell.
    static func documentedRows(in doc: String) throws -> [(limit: String, value: String)] {
        let lines = doc.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex { $0.hasPrefix("<!-- limits:") }, "the table's opening marker")
        let end = try #require(lines.firstIndex { $0 == "<!-- end of limits -->" }, "the table's closing marker")
        return lines[(start + 1)..<end].dropFirst(2).map { line in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            return (cells.count > 2 ? cells[1] : line, cells.count > 2 ? cells[2] : "")
        }
    }

    static func trackingModelDoc() throws -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return try String(contentsOf: root.appendingPathComponent("docs/tracking-model.md"), encoding: .utf8)
    }

    /// A number as the docs write it: 1,024.
    static func number(_ value: Int) -> String {
        let digits = Array(String(value))
        return digits.enumerated().map { index, digit in
            index > 0 && (digits.count - index) % 3 == 0 ? ",\(digit)" : "\(digit)"
        }.joined()
    }

    /// A text limit as the docs write it: `256 characters, 1,024 bytes`.
    static func text(_ limit: TextLimit) -> String {
        "\(number(limit.characters)) characters, \(number(limit.bytes)) bytes"
    }
}
