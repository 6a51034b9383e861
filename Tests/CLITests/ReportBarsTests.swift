import Foundation
import Testing

/// The terminal report's progress bars: block characters on a terminal, ASCII on a pipe, under
/// NO_COLOR and on TERM=dumb; as wide as `COLUMNS` either way (100 here: at 80 the bars give way
/// before the activity's path is cut). A terminal is `script`'s pseudo-terminal.
@Suite(.serialized) struct ReportBarsTests {
    static let script = "/usr/bin/script"

    func classWithProgress() throws -> Edujam {
        let cli = Edujam()
        for words in [
            ["catalog", "--publish"], ["class", "create", "3B"], ["class", "add", "3B", "ana", "bo"],
            ["assign", "--class", "3B", "--title", "Sums", "MATH-JAM/LEVEL-1"],
        ] {
            #expect(try cli.run(words).status == 0, "\(words)")
        }
        _ = try cli.run(["play", "--student", "ana", "MATH-JAM/LEVEL-1", "--seed", "3"], input: "0\n0\n0\n")
        return cli
    }

    /// Runs `edujam report --class 3B` with a pseudo-terminal as its stdout.
    func reportOnTerminal(_ cli: Edujam, environment: [String: String]) throws -> String {
        var env = ["NO_COLOR": nil, "TERM": "xterm-256color", "COLUMNS": "100"] as [String: String?]
        for (key, value) in environment { env[key] = value }
        let unset = env.filter { $0.value == nil }.map { "-u \($0.key)" }
        let exports = unset + env.compactMap { key, value in value.map { "\(key)=\($0)" } }
        let command =
            "env \(exports.joined(separator: " ")) EDUJAM_STORE='\(cli.store)' '\(Edujam.binary.path)' report --class 3B"
        return try cli.run(["-q", "-e", "-c", command, "/dev/null"], program: URL(fileURLWithPath: Self.script)).output
    }

    @Test(
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: script), "script(1) is missing: terminal bars not checked")
    )
    func aTerminalGetsBlockBars() throws {
        let cli = try classWithProgress()
        defer { cli.remove() }
        let output = try reportOnTerminal(cli, environment: [:])
        #expect(output.contains("▕███░░░░░░░▏  30%"), "ana's bar: \(output)")
        #expect(output.contains("▕░░░░░░░░░░▏   0%"), "bo's bar")
        for line in output.split(whereSeparator: \.isNewline) {
            #expect(line.unicodeScalars.filter { $0.value != 0x1B }.count <= 100 + 8, "\(line)")  // bold codes aside
        }
    }

    @Test(
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: script), "script(1) is missing: terminal bars not checked"),
        arguments: [["NO_COLOR": "1"], ["TERM": "dumb"]])
    func plainTextWhereStylingIsOff(_ environment: [String: String]) throws {
        let cli = try classWithProgress()
        defer { cli.remove() }
        let output = try reportOnTerminal(cli, environment: environment)
        #expect(output.contains("[###.......]  30%"), "\(environment): \(output)")
        #expect(!output.contains("█") && !output.contains("\u{1B}"))
    }

    @Test func aPipeGetsASCII() throws {
        let cli = try classWithProgress()
        defer { cli.remove() }
        let output = try cli.run(["report", "--class", "3B"], environment: ["COLUMNS": "100"]).output
        #expect(output.contains("[###.......]  30%"))
        #expect(output.split(separator: "\n").allSatisfy { $0.count <= 100 })
        let narrow = try cli.run(["report", "--class", "3B"]).output  // 80: the bars give way, the path stays whole
        #expect(narrow.contains("MATH-JAM/LEVEL-1") && !narrow.contains("[###"), "\(narrow)")
        #expect(narrow.split(separator: "\n").allSatisfy { $0.count <= 80 })
    }
}
