import Foundation
import Runtime
import Tracking

/// One check that did not hold: where it is written, what it wanted, what was shown.
struct CaseFailure: Sendable, Equatable, CustomStringConvertible {
    /// The line in the `.play` file.
    var line: Int
    /// What was expected.
    var message: String
    /// The output the check looked at (or the report's value), for the author.
    var seen: [String]

    var description: String {
        "\(message)\n" + Self.show(seen)
    }

    /// The lines seen, indented and marked, as a failure shows them.
    static func show(_ seen: [String]) -> String {
        let shown = seen.isEmpty ? "  | (no output)" : seen.map { "  | " + $0 }.joined(separator: "\n")
        return "  seen:\n" + shown
    }
}

/// How one transcript case went.
struct CaseResult: Sendable {
    /// The `.play` file.
    var file: String
    /// The case.
    var testCase: TranscriptCase
    /// Every check that failed; empty when the case passed.
    var failures: [CaseFailure]
    /// The run's report, when the game could be started.
    var report: RunReport?
    /// The output per segment (see ``ScriptedChannel``).
    var segments: [[String]]

    /// Whether every check held.
    var passed: Bool { failures.isEmpty }

    /// The failures as the author reads them: case, line, expected, seen.
    var explanation: String {
        // Failures on the same output show it once, after the last of them.
        failures.enumerated().map { index, failure in
            let head = "\(file):\(failure.line): in case '\(testCase.name)' (seed \(testCase.seed)): \(failure.message)"
            let sameNext = index + 1 < failures.count && failures[index + 1].seen == failure.seen
            return sameNext ? head : head + "\n" + CaseFailure.show(failure.seen)
        }.joined(separator: "\n")
    }
}

/// Plays transcript cases and checks them.
enum TranscriptRunner {
    /// Plays every case of `transcript` on `game`.
    static func run(_ transcript: Transcript, on game: GameUnderTest) -> [CaseResult] {
        transcript.cases.map { run($0, file: transcript.file, on: game) }
    }

    /// Plays one case in a fresh run and checks its output and report.
    static func run(_ testCase: TranscriptCase, file: String, on game: GameUnderTest) -> CaseResult {
        let channel = ScriptedChannel(replies: testCase.turns.map { Reply($0.text, thinking: $0.thinking) })
        var result = CaseResult(file: file, testCase: testCase, failures: [], report: nil, segments: [])
        do {
            result.report = try game.play(
                channel: channel, seed: testCase.seed, student: testCase.student, level: testCase.level)
        } catch {
            result.failures = [
                CaseFailure(line: testCase.line, message: "the game could not be played: \(error)", seen: [])
            ]
            return result
        }
        result.segments = channel.segments
        result.failures = outputFailures(testCase, channel) + reportFailures(testCase, result.report!)
        result.failures.sort { $0.line < $1.line }
        return result
    }

    private static func outputFailures(_ testCase: TranscriptCase, _ channel: ScriptedChannel) -> [CaseFailure] {
        var failures: [CaseFailure] = []
        if channel.consumed < testCase.turns.count {
            let turn = testCase.turns[channel.consumed]
            failures.append(
                CaseFailure(
                    line: turn.line,
                    message:
                        "the game ended before reading this input (it read \(channel.consumed) of \(testCase.turns.count))",
                    seen: channel.segments.last ?? []))
        }
        for (segment, check) in testCase.segmentChecks {
            let lines = segment < channel.segments.count ? channel.segments[segment] : []
            if let message = failure(of: check, in: lines, segment: segment, testCase) {
                failures.append(CaseFailure(line: check.line, message: message, seen: lines))
            }
        }
        return failures
    }

    /// Nil when the check holds, else what it expected.
    static func failure(of check: OutputCheck, in lines: [String], segment: Int, _ testCase: TranscriptCase) -> String?
    {
        let place =
            segment == 0
            ? "before the first input"
            : "after input '\(testCase.turns[segment - 1].text)' (line \(testCase.turns[segment - 1].line))"
        switch check.kind {
        case .contains(let text):
            return lines.contains { $0.contains(text) } ? nil : "expected '\(text)' in the output \(place)"
        case .lacks(let text):
            return lines.contains { $0.contains(text) } ? "expected no '\(text)' in the output \(place)" : nil
        case .matches(let pattern), .lacksMatch(let pattern):
            let wanted: BoundedRegex.Outcome
            if case .matches = check.kind { wanted = .found } else { wanted = .notFound }
            switch BoundedRegex.search(pattern, in: lines) {
            case wanted: return nil
            case .timedOut:
                return
                    "the regular expression /\(pattern)/ took more than \(BoundedRegex.timeLimit) on the output \(place), "
                    + "so the check could not tell; simplify it (nested repeats such as (.*a){25} backtrack without end)"
            default:
                return wanted == .found
                    ? "expected a line matching /\(pattern)/ in the output \(place)"
                    : "expected no line matching /\(pattern)/ in the output \(place)"
            }
        }
    }

    private static func reportFailures(_ testCase: TranscriptCase, _ report: RunReport) -> [CaseFailure] {
        var failures: [CaseFailure] = []
        let record = report.record
        for check in testCase.reportChecks {
            let actual = ReportValues.value(of: check.key, in: record)
            let holds = actual.map { ReportValues.matches($0, check.expected) != check.negated } ?? false
            guard !holds else { continue }
            let message =
                actual == nil
                ? "expected item '\(check.key)' in the report; the run has \(itemList(record))"
                : "expected \(check.key) \(check.negated ? "not to be" : "=") \(check.expected), got \(actual!)"
            failures.append(CaseFailure(line: check.line, message: message, seen: describe(report)))
        }
        // A script error or a limit fails the case unless the case expects that outcome.
        let expectsFailure = testCase.reportChecks.contains {
            $0.key == "outcome" && !$0.negated && ["error", "limit"].contains($0.expected)
        }
        if [.error, .limit].contains(report.outcome), !expectsFailure {
            failures.append(
                CaseFailure(
                    line: testCase.line, message: "the game stopped with \(report.outcome.rawValue)",
                    seen: describe(report)))
        }
        return failures
    }

    private static func itemList(_ record: RunRecord) -> String {
        record.items.isEmpty ? "no items" : "items " + record.items.map(\.identifier).joined(separator: ", ")
    }

    /// The run's report lines, and its failure when it had one.
    static func describe(_ report: RunReport) -> [String] {
        var lines = ReportValues.lines(for: report.record)
        if let failure = report.failure { lines.append("failure: \(failure)") }
        return lines
    }
}
