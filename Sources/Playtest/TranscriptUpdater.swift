/// `edujam test --update`: rewrites the expectations of failing cases from what the game now does.
///
/// Only failing lines change, so comments, layout and passing checks stay. A
/// failing check is replaced by the lines its segment now shows; a failing `!text`
/// is dropped; a failing `report:` gets the new value. An input the game no longer
/// reads cannot be blessed: the case stays failing.
enum TranscriptUpdater {
    /// The rewritten file and a diff (`-`/`+` lines with line numbers) to show first.
    struct Update {
        /// The new file text.
        var text: String
        /// `-12: old` / `+12: new` lines; empty when nothing changed.
        var diff: [String]
    }

    /// Rewrites `text` (the `.play` file) for the failing cases in `results`.
    static func update(_ text: String, results: [CaseResult]) -> Update {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var replacement: [Int: [String]] = [:]
        var appended: [Int: [String]] = [:]
        for result in results where !result.passed {
            plan(result, &replacement, &appended)
        }
        var diff: [String] = []
        var output: [String] = []
        for (index, line) in lines.enumerated() {
            let number = index + 1
            if let new = replacement[number] {
                diff.append("-\(number): \(line)")
                diff += new.map { "+\(number): \($0)" }
                output += new
            } else {
                output.append(line)
            }
            if let extra = appended[number] {
                diff += extra.map { "+\(number): \($0)" }
                output += extra
            }
        }
        lines = output
        return Update(text: lines.joined(separator: "\n"), diff: diff)
    }

    private static func plan(
        _ result: CaseResult, _ replacement: inout [Int: [String]], _ appended: inout [Int: [String]]
    ) {
        let testCase = result.testCase
        let segmentOf = Dictionary(testCase.segmentChecks.map { ($0.check.line, ($0.segment, $0.check)) }) { a, _ in a }
        var segmentsWritten: Set<Int> = []
        for failure in result.failures {
            if let (segment, check) = segmentOf[failure.line] {
                switch check.kind {
                case .lacks, .lacksMatch:
                    replacement[failure.line] = []
                case .contains, .matches:
                    let fresh = segmentsWritten.insert(segment).inserted
                    let seen = segment < result.segments.count ? result.segments[segment] : []
                    replacement[failure.line] = fresh ? TranscriptWriter.checks(seen) : []
                }
            } else if let check = testCase.reportChecks.first(where: { $0.line == failure.line }),
                let report = result.report
            {
                replacement[failure.line] =
                    ReportValues.value(of: check.key, in: report.record)
                    .map { ["report: \(check.key) = \($0)"] } ?? []
            } else if failure.line == testCase.line, let report = result.report,
                [.error, .limit].contains(report.outcome),
                !testCase.reportChecks.contains(where: { $0.key == "outcome" })
            {
                appended[testCase.endLine, default: []].append("report: outcome = \(report.outcome.rawValue)")
            }
        }
    }
}
