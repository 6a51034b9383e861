import Foundation
import Runtime

/// A `.play` file that cannot be read: names the file, the line and what is wrong.
struct TranscriptError: Error, Equatable, CustomStringConvertible {
    /// The file.
    var file: String
    /// The 1-based line.
    var line: Int
    /// What is wrong, and how to write it instead.
    var message: String

    /// Creates an error.
    init(file: String, line: Int, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    var description: String { "\(file):\(line): \(message)" }
}

/// Reads the `.play` transcript format (see `docs/playtesting.md`).
///
/// ```
/// * perfect first round
/// seed: 42
/// level: LEVEL-1
/// > 12 @2
/// Correct
/// report: outcome = finished
/// ```
enum TranscriptParser {
    /// Characters that give a line its meaning; a check starting with one is written with a leading `\`.
    static let specialStarts: [String] = [">", "!", "/", "*", "#", "\\", "report:", "seed:", "student:", "level:"]

    /// Parses a whole file.
    /// - Parameters:
    ///   - text: the file's contents.
    ///   - file: the file's path, for messages.
    /// - Returns: the transcript, with at least one case.
    /// - Throws: ``TranscriptError`` at the first malformed line.
    static func parse(_ text: String, file: String) throws -> Transcript {
        var cases: [TranscriptCase] = []
        var current: TranscriptCase?
        var optionsClosed = false
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, raw) in lines.enumerated() {
            let number = index + 1
            let line = raw.hasSuffix("\r") ? String(raw.dropLast()) : String(raw)
            let fail = { (message: String) in TranscriptError(file: file, line: number, message: message) }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            if trimmed.hasPrefix("*") {
                if let done = current { cases.append(done) }
                let name = trimmed.dropFirst().trimmingCharacters(in: .whitespaces)
                guard !name.isEmpty else { throw fail("a test case needs a name: '* perfect round'") }
                current = TranscriptCase(name: name, line: number)
                optionsClosed = false
                continue
            }
            guard var testCase = current else {
                throw fail("expected '* name' to start a test case before anything else (comments start with #)")
            }
            testCase.endLine = number
            if let (key, value) = option(trimmed) {
                guard !optionsClosed else {
                    throw fail(
                        "case options (\(key):) go right after the '* \(testCase.name)' line, before inputs and checks; to check for the text, write \\\(trimmed)"
                    )
                }
                try apply(key, value, to: &testCase, fail: fail)
            } else if trimmed.hasPrefix(">") {
                optionsClosed = true
                testCase.turns.append(try input(line, line: number, fail: fail))
            } else if trimmed.hasPrefix("report:") {
                optionsClosed = true
                testCase.reportChecks.append(try reportCheck(trimmed, line: number, fail: fail))
            } else {
                optionsClosed = true
                let check = try outputCheck(trimmed, line: number, fail: fail)
                if testCase.turns.isEmpty {
                    testCase.opening.append(check)
                } else {
                    testCase.turns[testCase.turns.count - 1].checks.append(check)
                }
            }
            current = testCase
        }
        if let done = current { cases.append(done) }
        guard !cases.isEmpty else {
            throw TranscriptError(file: file, line: 1, message: "no test cases: start one with '* name'")
        }
        return Transcript(file: file, cases: cases)
    }

    /// Writes `text` as a plain check: characters a terminal acts on as `\u{HEX}`
    /// (``TranscriptText``), then a leading `\` when it would read as another kind of line.
    static func escaped(_ text: String) -> String {
        let trimmed = TranscriptText.visible(text.trimmingCharacters(in: .whitespaces))
        return specialStarts.contains { trimmed.hasPrefix($0) } ? "\\" + trimmed : trimmed
    }

    private static func option(_ line: String) -> (String, String)? {
        for key in ["seed", "student", "level"] where line.hasPrefix(key + ":") {
            return (key, line.dropFirst(key.count + 1).trimmingCharacters(in: .whitespaces))
        }
        return nil
    }

    private static func apply(
        _ key: String, _ value: String, to testCase: inout TranscriptCase,
        fail: (String) -> TranscriptError
    ) throws {
        guard !value.isEmpty else { throw fail("\(key): needs a value") }
        switch key {
        case "seed":
            let range = PlayOptions.seedRange
            guard let seed = Int(value), range.contains(seed) else {
                throw fail("seed: needs a whole number from \(range.lowerBound) to \(range.upperBound), got '\(value)'")
            }
            testCase.seed = seed
        case "student":
            testCase.student = value
        default:
            testCase.level = value
        }
    }

    /// `> text` or `> text @seconds`. One space after `>` is the separator; the rest is typed as is.
    private static func input(_ line: String, line number: Int, fail: (String) -> TranscriptError) throws -> Turn {
        var text = String(line.drop { $0 == " " || $0 == "\t" }.dropFirst())
        if text.hasPrefix(" ") { text.removeFirst() }
        var thinking = 1.0
        if let at = text.range(of: #"(^|\s)@\d+(\.\d+)?$"#, options: .regularExpression) {
            let word = text[at].trimmingCharacters(in: .whitespaces)
            guard let seconds = Double(word.dropFirst()), Reply.thinkingRange.contains(seconds) else {
                throw fail("\(word): \(Reply.thinkingRangeText)")
            }
            thinking = seconds
            text = String(text[..<at.lowerBound])
        }
        return Turn(text: TranscriptText.reading(text), thinking: thinking, line: number)
    }

    private static func reportCheck(_ line: String, line number: Int, fail: (String) -> TranscriptError) throws
        -> ReportCheck
    {
        let body = line.dropFirst("report:".count)
        let negated = body.contains("!=")
        let parts = body.components(separatedBy: negated ? "!=" : "=")
        guard parts.count == 2 else {
            throw fail(
                "a report line reads 'report: key = value', e.g. 'report: outcome = finished' or 'report: correct = 7/10'"
            )
        }
        let key = parts[0].trimmingCharacters(in: .whitespaces)
        let value = parts[1].trimmingCharacters(in: .whitespaces)
        guard !key.isEmpty, !value.isEmpty else {
            throw fail("report: needs a key and a value, as in 'report: score = 70'")
        }
        if key == "outcome", !["finished", "quit", "error", "limit", "running"].contains(value) {
            throw fail("report: outcome is one of finished, quit, error, limit; got '\(value)'")
        }
        return ReportCheck(key: key, expected: value, negated: negated, line: number)
    }

    private static func outputCheck(_ line: String, line number: Int, fail: (String) -> TranscriptError) throws
        -> OutputCheck
    {
        if line.hasPrefix("\\") {
            let text = String(line.dropFirst())
            guard !text.isEmpty else { throw fail("'\\' escapes the line that follows it; nothing follows") }
            return OutputCheck(.contains(TranscriptText.reading(text)), line: number)
        }
        if line.hasPrefix("!/") {
            return OutputCheck(.lacksMatch(try pattern(line.dropFirst(), fail: fail)), line: number)
        }
        if line.hasPrefix("!") {
            let text = line.dropFirst().trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty else { throw fail("'!' must be followed by the text that must not appear") }
            return OutputCheck(.lacks(TranscriptText.reading(text)), line: number)
        }
        if line.hasPrefix("/") { return OutputCheck(.matches(try pattern(Substring(line), fail: fail)), line: number) }
        return OutputCheck(.contains(TranscriptText.reading(line)), line: number)
    }

    /// `/regex/` without its slashes, checked to compile now rather than at run time.
    private static func pattern(_ text: Substring, fail: (String) -> TranscriptError) throws -> String {
        guard text.count >= 2, text.hasSuffix("/") else {
            throw fail(
                "a regular expression is written between slashes: /Score: \\d+/ (to check for text starting with /, write \\/...)"
            )
        }
        let pattern = String(text.dropFirst().dropLast())
        guard !pattern.isEmpty else { throw fail("empty regular expression //") }
        do {
            _ = try NSRegularExpression(pattern: pattern)
        } catch {
            throw fail("not a valid regular expression: /\(pattern)/")
        }
        return pattern
    }
}
