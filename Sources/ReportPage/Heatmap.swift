import Classroom
import Tracking

/// The at-a-glance table: a row per student, a column per assigned activity, each cell
/// shaded by the student's best score where the game reports one (their best progress
/// otherwise, in italics), labelled with its percentage and marks (✓ done, ! late), the
/// latest pass/fail verdict and, for a whole game, the level of the latest attempt. The table
/// is the chart: screen readers read it as a table and it copies into a spreadsheet.
struct Heatmap {
    let report: ClassReport

    private struct Column {
        let assignment: AssignmentReport
        let index: Int  // the activity's position in the assignment
        var summary: ActivitySummary { assignment.summary[index] }
    }

    private var columns: [Column] {
        report.assignments.flatMap { assignment in
            assignment.summary.indices.map { Column(assignment: assignment, index: $0) }
        }
    }

    func html() -> String {
        let columns = columns
        let students = report.studentsInOrder
        guard !columns.isEmpty else {
            return #"<section id="overview"><h2>At a glance</h2><p>No assignments for this class yet.</p></section>"#
        }
        let head =
            #"<th scope="col" class="sort" data-sort="text">Student</th>"#
            + columns.map(header).joined()
        let rows = students.map { student in
            #"<tr data-student="\#(HTML.attribute(student))"><th scope="row">\#(HTML.name(student))</th>"#
                + columns.map { cell(student, $0) }.joined() + "</tr>"
        }
        let averages =
            #"<tr><th scope="row">Class average</th>"#
            + columns.map {
                #"<td class="average">progress \#(Figures.percent($0.summary.averageProgress))<span class="marks">\#($0.summary.done)/\#($0.summary.students) done</span></td>"#
            }.joined()
            + "</tr>"
        return """
            <section id="overview"><h2>At a glance</h2>
            <p class="legend" id="legend">Each cell is a student's best score on an activity where the game \
            reports a score, and their best progress where it does not (<i>in italics</i>); darker is higher. \
            Marks: <span class="mark">✓</span> done, <span class="mark">!</span> late, \
            <span class="mark">–</span> not started, <span class="mark">n/a</span> not assigned; \
            <span class="verdict">pass</span> or <span class="verdict">fail</span>: the game's latest \
            verdict; under a whole game, the level the latest attempt was played at. \
            Select a column heading to sort.</p>
            <div class="scroll" role="region" aria-labelledby="heatmap-caption" tabindex="0">
            <table class="heatmap" id="heatmap" aria-describedby="legend">
            <caption id="heatmap-caption">Score or progress per student and activity</caption>
            <thead><tr>\(head)</tr></thead>
            <tbody>\(rows.joined(separator: "\n"))</tbody>
            <tfoot>\(averages)</tfoot>
            </table></div></section>
            """
    }

    private func header(_ column: Column) -> String {
        let summary = column.summary
        let path = IdentifierPathText.text(summary.identifierPath.dropFirst())
        return
            #"<th scope="col" class="sort" data-sort="number" data-assignment="\#(column.assignment.id)" data-path="\#(HTML.attribute(IdentifierPathText.text(summary.identifierPath)))">"#
            + #"<span class="assignment-title">\#(column.assignment.id). \#(HTML.name(column.assignment.title))</span>"#
            + #"<span class="path">\#(HTML.name(path))</span></th>"#
    }

    private func cell(_ student: String, _ column: Column) -> String {
        guard let row = column.assignment.students.first(where: { $0.student == student }),
            column.index < row.activities.count
        else {
            return #"<td class="cell unassigned" data-value="-1">n/a</td>"#
        }
        let progress = row.activities[column.index]
        let shade = progress.score ?? progress.progress  // the primary score where there is one
        let background = Palette.background(shade)
        let foreground = Palette.foreground(on: background)
        let marks =
            (progress.status == .done ? "✓" : progress.status == .notStarted ? "–" : "") + (progress.late ? "!" : "")
        let label = progress.status == .notStarted ? "" : Figures.percent(shade)
        let classes =
            ["cell", progress.status.rawValue] + (progress.late ? ["late"] : [])
            + (progress.score == nil && progress.status != .notStarted ? ["by-progress"] : [])
        return
            #"<td class="\#(classes.joined(separator: " "))" style="background:\#(background.hex);color:\#(foreground.hex)""#
            + #" data-student="\#(HTML.attribute(student))" data-assignment="\#(column.assignment.id)""#
            + #" data-path="\#(HTML.attribute(IdentifierPathText.text(progress.identifierPath)))""#
            + #" data-progress="\#(Figures.exact(progress.progress))" data-status="\#(progress.status.rawValue)""#
            + (progress.score.map { #" data-score="\#(Figures.exact($0))""# } ?? "")
            + (progress.passed.map { #" data-passed="\#($0)""# } ?? "")
            + (progress.latestLevel.map { #" data-level="\#(HTML.attribute(IdentifierPathText.text($0)))""# } ?? "")
            + #" data-late="\#(progress.late)" data-attempts="\#(progress.attempts)" data-value="\#(Figures.exact(shade))">"#
            + #"\#(label)<span class="marks" aria-label="\#(spoken(progress))">\#(marks)</span>\#(details(progress))</td>"#
    }

    /// What the percentage is and the marks, in words for a screen reader: the cell reads
    /// "40% score, done" or "100% progress, in progress, late".
    private func spoken(_ progress: ActivityProgress) -> String {
        guard progress.status != .notStarted else { return ItemText.status(progress) }
        let unfinished = progress.latestUnfinished ? ", latest \(ActivityProgress.notFinishedText)" : ""
        return (progress.score == nil ? "progress, " : "score, ") + ItemText.status(progress) + unfinished
    }

    /// The level of a whole game, the latest verdict, and "not finished" when the latest attempt did
    /// not reach `finish`, on a line of their own under the figure.
    private func details(_ progress: ActivityProgress) -> String {
        let verdict = progress.passed.map { #"<span class="verdict">\#($0 ? "pass" : "fail")</span>"# }
        let level = progress.latestLevel.map {
            #"<span class="level">\#(HTML.name(IdentifierPathText.text($0)))</span>"#
        }
        let unfinished =
            progress.latestUnfinished ? #"<span class="unfinished">\#(ActivityProgress.notFinishedText)</span>"# : nil
        let parts = [level, verdict, unfinished].compactMap { $0 }
        return parts.isEmpty ? "" : #"<span class="details">\#(parts.joined(separator: " "))</span>"#
    }
}
