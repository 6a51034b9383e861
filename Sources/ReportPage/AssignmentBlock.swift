import Classroom
import Tracking

/// One assignment: per activity, the class's results (the primary item's distribution and
/// the time spent) as charts, the class averages, and the table behind them.
struct AssignmentBlock {
    let assignment: AssignmentReport

    func html() -> String {
        let due = assignment.due.map { "due \(String($0.prefix(10)))" }
        let facts = [due, assignment.complete ? "marked complete" : nil].compactMap { $0 }
        return #"<article class="assignment" id="assignment-\#(assignment.id)" data-assignment="\#(assignment.id)">"#
            + #"<h3>\#(assignment.id). \#(HTML.name(assignment.title))</h3>"#
            + (facts.isEmpty ? "" : #"<p class="meta">\#(HTML.text(facts.joined(separator: ", ")))</p>"#)
            + (assignment.versionsNote.map { #"<p class="meta versions">\#(HTML.text($0))</p>"# } ?? "")
            + (assignment.removedAttemptsNote.map { #"<p class="meta removed">\#(HTML.text($0))</p>"# } ?? "")
            + checks()
            + assignment.summary.indices.map(activity).joined()
            + "</article>"
    }

    /// What `verify` found: the count per state, then each mismatch (or attempt changed since
    /// checked) by student, attempt and difference; nothing when no attempt was checked.
    private func checks() -> String {
        guard let counts = assignment.checksLine else { return "" }
        let named = (assignment.checks ?? []).filter(\.isNamed).map { check in
            return #"<li data-attempt="\#(check.id)" data-state="\#(check.state.rawValue)">"#
                + "\(HTML.text(check.state.words)): \(HTML.name(check.student)), attempt <code>\(HTML.text(check.shortAttempt))</code>"
                + HTML.text(check.checkedByNote) + (check.difference.map { ": " + HTML.text($0) } ?? "") + "</li>"
        }
        return #"<p class="meta checks">\#(HTML.text(counts))</p>"#
            + (named.isEmpty ? "" : #"<ul class="checks">\#(named.joined())</ul>"#)
    }

    private func activity(_ index: Int) -> String {
        let summary = assignment.summary[index]
        let cells = assignment.students.compactMap { row in
            index < row.activities.count ? (row.student, row.activities[index]) : nil
        }
        let path = IdentifierPathText.text(summary.identifierPath.dropFirst())
        return
            #"<section class="activity" data-path="\#(HTML.attribute(IdentifierPathText.text(summary.identifierPath)))">"#
            + #"<h4>\#(HTML.name(summary.title)) <span class="path">\#(HTML.name(path))</span></h4>"#
            + #"<p class="summary">\#(HTML.text(summaryLine(summary)))</p>"#
            + #"<div class="figures">\#(resultFigure(summary, cells))\#(timeFigure(summary, cells))</div>"#
            + table(cells)
            + "</section>"
    }

    /// The class averages exactly as the JSON has them, in words.
    private func summaryLine(_ s: ActivitySummary) -> String {
        var parts = ["\(s.done) of \(s.students) done", "\(s.inProgress) in progress", "\(s.notStarted) not started"]
        if s.late > 0 { parts.append("\(s.late) late") }
        parts.append("average progress \(Figures.percent(s.averageProgress))")
        parts.append("average time \(Figures.duration(s.averageDurationSeconds))")
        if let score = s.averageScore { parts.append("average score \(Figures.percent(score))") }
        if let quantity = s.averageQuantity { parts.append("average \(Figures.number(quantity))") }
        if s.binaryCount > 0 { parts.append("\(s.binaryTrue) of \(s.binaryCount) yes") }
        parts.append("\(s.attempts) attempt\(s.attempts == 1 ? "" : "s")")
        return parts.joined(separator: " · ")
    }

    private func resultFigure(_ summary: ActivitySummary, _ cells: [(String, ActivityProgress)]) -> String {
        let items = cells.compactMap { $0.1.primaryItem }
        guard let kind = items.first?.kind else {
            return
                #"<figure class="result"><figcaption>Results</figcaption><p class="empty">No results yet.</p></figure>"#
        }
        let name = items.first?.title.isEmpty == false ? items[0].title : items[0].identifier
        let chart: String
        switch kind {
        case .score:
            let fractions = items.compactMap { item -> Double? in
                guard case .score(let score, let maxScore) = item.item.value else { return nil }
                return maxScore > 0 ? score / maxScore : 0
            }
            chart = Charts.histogram(
                "Scores of \(name): \(Distribution.describe(Distribution.fractions(fractions)))",
                bins: Distribution.fractions(fractions),
                averageAt: summary.averageScore,
                averageLabel: summary.averageScore.map { "average \(Figures.percent($0))" } ?? "")
        case .quantity:
            let values = items.compactMap { item -> Double? in
                if case .quantity(let number) = item.item.value { number } else { nil }
            }
            let bins = Distribution.quantities(values)
            let span = Distribution.span(values)
            chart = Charts.histogram(
                "Values of \(name): \(Distribution.describe(bins))", bins: bins,
                averageAt: summary.averageQuantity.map { span.1 > span.0 ? ($0 - span.0) / (span.1 - span.0) : 0.5 },
                averageLabel: summary.averageQuantity.map { "average \(Figures.number($0))" } ?? "")
        case .binary:
            let bins = [("yes", summary.binaryTrue), ("no", summary.binaryCount - summary.binaryTrue)]
            chart = Charts.histogram("\(name): \(Distribution.describe(bins))", bins: bins)
        }
        return
            #"<figure class="result"><figcaption>\#(HTML.name(name)) (latest attempt, \#(kind.rawValue))</figcaption>\#(chart)</figure>"#
    }

    private func timeFigure(_ summary: ActivitySummary, _ cells: [(String, ActivityProgress)]) -> String {
        let started = cells.filter { $0.1.status != .notStarted }.map { (name: $0.0, seconds: $0.1.durationSeconds) }
        guard !started.isEmpty else {
            return
                #"<figure class="time"><figcaption>Time spent</figcaption><p class="empty">Nobody has started.</p></figure>"#
        }
        let chart = Charts.strip(
            "Time spent by each student who started; average \(Figures.duration(summary.averageDurationSeconds))",
            points: started, average: summary.averageDurationSeconds)
        return #"<figure class="time"><figcaption>Time spent (one dot per student)</figcaption>\#(chart)</figure>"#
    }

    private func table(_ cells: [(String, ActivityProgress)]) -> String {
        let rows = cells.map { student, cell in
            let score = cell.score.map(Figures.percent) ?? "–"
            return #"<tr data-student="\#(HTML.attribute(student))"><th scope="row">\#(HTML.name(student))</th>"#
                + "<td>\(HTML.text(ItemText.status(cell)))</td>"
                + #"<td class="num" data-value="\#(Figures.exact(cell.progress))">\#(Figures.percent(cell.progress))</td>"#
                + #"<td class="num" data-value="\#(Figures.exact(cell.score ?? -1))">\#(score)</td>"#
                + #"<td class="num" data-value="\#(Figures.exact(cell.durationSeconds))">\#(Figures.duration(cell.durationSeconds))</td>"#
                + #"<td class="num">\#(cell.attempts)</td><td>\#(HTML.name(ItemText.latest(cell)))\#(ItemText.notes(cell))</td></tr>"#
        }
        return #"<div class="scroll"><table class="data"><caption>Students on this activity</caption>"#
            + #"<thead><tr><th scope="col">Student</th><th scope="col">Status</th><th scope="col">Progress</th>"#
            + #"<th scope="col">Best score</th>"#
            + #"<th scope="col">Time</th><th scope="col">Attempts</th><th scope="col">Latest result</th></tr></thead>"#
            + "<tbody>\(rows.joined())</tbody></table></div>"
    }
}

/// Binning the primary item's values for the histograms.
enum Distribution {
    /// Score fractions (0...1) into five bins of 20 %; 100 % falls in the last.
    static func fractions(_ values: [Double]) -> [(label: String, count: Int)] {
        let labels = ["0–19%", "20–39%", "40–59%", "60–79%", "80–100%"]
        var counts = [Int](repeating: 0, count: labels.count)
        for value in values where value.isFinite {
            counts[min(max(Int(min(max(value, 0), 1) * 5), 0), 4)] += 1
        }
        return zip(labels, counts).map { ($0, $1) }
    }

    /// Quantities into up to five equal bins between the smallest and largest value.
    static func quantities(_ values: [Double]) -> [(label: String, count: Int)] {
        let finite = values.filter(\.isFinite)
        let (low, high) = span(finite)
        guard high > low else { return finite.isEmpty ? [] : [(Figures.number(low), finite.count)] }
        let width = (high - low) / 5
        guard width.isFinite, width > 0 else { return [(Figures.number(low), finite.count)] }
        var counts = [Int](repeating: 0, count: 5)
        for value in finite {
            let position = (value - low) / width
            counts[position.isFinite ? min(max(Int(min(position, 4)), 0), 4) : 4] += 1
        }
        return counts.indices.map { ("\(Figures.number(low + width * Double($0)))+", counts[$0]) }
    }

    /// The smallest and largest finite value (0, 0 when none).
    static func span(_ values: [Double]) -> (Double, Double) {
        let finite = values.filter(\.isFinite)
        return (finite.min() ?? 0, finite.max() ?? 0)
    }

    /// "0–19%: 1, 20–39%: 0, …" for the chart's spoken label.
    static func describe(_ bins: [(label: String, count: Int)]) -> String {
        bins.map { "\($0.label): \($0.count)" }.joined(separator: ", ")
    }
}

/// Items and standings in words, as the terminal report writes them.
enum ItemText {
    /// "in progress", "not started, late", "done".
    static func status(_ cell: ActivityProgress) -> String {
        let status: String
        switch cell.status {
        case .notStarted: status = "not started"
        case .inProgress: status = "in progress"
        case .done: status = "done"
        }
        return cell.late ? status + ", late" : status
    }

    /// ``ActivityProgress/latestResult(_:)`` with the page's numbers; "–" when there is none.
    static func latest(_ cell: ActivityProgress) -> String { cell.latestResult(\.pageText) ?? "–" }

    /// ``ActivityProgress/notes`` under the latest result (a local copy played, attempts that ran a
    /// retired version), or nothing.
    static func notes(_ cell: ActivityProgress) -> String {
        cell.notes.map { #"<br><small class="local-copy">\#(HTML.text($0))</small>"# }.joined()
    }
}
