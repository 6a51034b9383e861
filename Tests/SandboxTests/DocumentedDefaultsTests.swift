import Foundation
import Sandbox
import Testing

/// The one table of the sandbox's default limits in the docs (`docs/sandbox.md`, "Limits") says
/// what ``SandboxLimits`` says. Every other place names the limit, so a default changes in one
/// line of code; this test then names the row to change with it.
@Suite struct DocumentedDefaultsTests {
    /// Each row's first two cells as the code has them, in the docs' order.
    static var expected: [String] {
        let limits = SandboxLimits()
        return [
            "memory | \(mebibytes(limits.memory))",
            "time | \(seconds(limits.time)) per call",
            "grace | \(seconds(limits.grace))",
            "output | \(mebibytes(limits.output)) per sandbox",
            "conversion | \(mebibytes(limits.conversion)) per crossing",
            "instructions | \(limits.instructions.map { "\($0)" } ?? "off")",
        ]
    }

    @Test func theDocsTableOfDefaultsMatchesTheCode() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let doc = try String(contentsOf: root.appendingPathComponent("docs/sandbox.md"), encoding: .utf8)
        let lines = doc.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex { $0.hasPrefix("<!-- sandbox limits:") }, "the opening marker")
        let end = try #require(lines.firstIndex { $0 == "<!-- end of sandbox limits -->" }, "the closing marker")
        let rows = lines[(start + 1)..<end].dropFirst(2).map { line in
            line.split(separator: "|").prefix(2).map { $0.trimmingCharacters(in: .whitespaces) }.joined(
                separator: " | ")
        }
        #expect(
            rows == Self.expected,
            """
            docs/sandbox.md's limits table disagrees with SandboxLimits(); its first two columns should read:
            \(Self.expected.map { "| \($0) |" }.joined(separator: "\n"))
            """)
    }

    static func mebibytes(_ bytes: Int) -> String {
        bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
    }

    static func seconds(_ duration: Duration) -> String {
        duration.components.attoseconds == 0 ? "\(duration.components.seconds) s" : "\(duration)"
    }
}
