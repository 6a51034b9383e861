import Classroom
import Tracking

/// The at-a-glance table: a row per student, a column per assigned activity, each cell
/// shaded by progress and labelled with its percentage and marks (✓ done, ! late). The table
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
                #"<td class="average">\#(Figures.percent($0.summary.averageProgress))<span class="marks">\#($0.summary.done)/\#($0.summary.students) done</span></td>"#
            }.joined()
            + "</tr>"
        return """
            <section id="overview"><h2>At a glance</h2>
            <p class="legend" id="legend">Each cell is a student's best progress on an activity; darker is further. \
            Marks: <span class="mark">✓</span> done, <span class="mark">!</span> late, \
            <span class="mark">–</span> not started, <span class="mark">n/a</span> not assigned. \
            Select a column heading to sort.</p>
            <div class="scroll" role="region" aria-labelledby="heatmap-caption" tabindex="0">
            <table class="heatmap" id="heatmap" aria-describedby="legend">
            <caption id="heatmap-caption">Progress per student and activity</caption>
            <thead><tr>\(head)</tr></thead>
            <tbody>\(rows.joined(separator: "\n"))</tbody>
            <tfoot>\(averages)</tfoot>
            </table></div></section>
            """
    }

    private func header(_ column: Column) -> String {
        let summary = column.summary
        let path = summary.identifierPath.dropFirst().joined(separator: "/")
        return
            #"<th scope="col" class="sort" data-sort="number" data-assignment="\#(column.assignment.id)" data-path="\#(HTML.attribute(summary.identifierPath.joined(separator: "/")))">"#
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
        let background = Palette.background(progress.progress)
        let foreground = Palette.foreground(on: background)
        let marks =
            (progress.status == .done ? "✓" : progress.status == .notStarted ? "–" : "") + (progress.late ? "!" : "")
        let label = progress.status == .notStarted ? "" : Figures.percent(progress.progress)
        let classes = ["cell", progress.status.rawValue] + (progress.late ? ["late"] : [])
        return
            #"<td class="\#(classes.joined(separator: " "))" style="background:\#(background.hex);color:\#(foreground.hex)""#
            + #" data-student="\#(HTML.attribute(student))" data-assignment="\#(column.assignment.id)""#
            + #" data-path="\#(HTML.attribute(progress.identifierPath.joined(separator: "/")))""#
            + #" data-progress="\#(Figures.exact(progress.progress))" data-status="\#(progress.status.rawValue)""#
            + #" data-late="\#(progress.late)" data-attempts="\#(progress.attempts)" data-value="\#(Figures.exact(progress.progress))">"#
            + #"\#(label)<span class="marks" aria-label="\#(ItemText.status(progress))">\#(marks)</span></td>"#
    }
}
