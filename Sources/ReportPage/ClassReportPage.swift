import Classroom
import Tracking

/// A teacher's class report as one self-contained HTML page: a students-by-activities
/// heatmap, each activity's results as charts with their tables, and each student's attempts.
///
/// The page has no outside resources (inline CSS and SVG, one small optional script for
/// sorting and printing), escapes every text from the store, and takes its numbers from
/// the same ``ClassReport`` that `edujam report --json` prints.
///
/// ```swift
/// let report = try store.classReport(className: "3B")
/// let page = ClassReportPage(report: report, attempts: attemptsByAssignment, generated: "2026-11-30 14:05")
/// try page.html().write(to: url, atomically: true, encoding: .utf8)
/// ```
public struct ClassReportPage: Sendable {
    /// The report, as `report --json` prints it.
    public var report: ClassReport
    /// The attempts that count for each assignment, by assignment id, then student, newest first
    /// (``TrackingStore/attempts(assignment:student:)``).
    public var attempts: [Int64: [String: [RunRecord]]]
    /// When the report was made, as the teacher should read it.
    public var generated: String

    /// - Parameters:
    ///   - report: The class report.
    ///   - attempts: Counted attempts by assignment id and student.
    ///   - generated: A human-readable time of generation.
    public init(report: ClassReport, attempts: [Int64: [String: [RunRecord]]], generated: String) {
        self.report = report
        self.attempts = attempts
        self.generated = generated
    }

    /// The whole page.
    public func html() -> String {
        let title = "Class \(report.className): EduJam report"
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="generator" content="edujam report --html">
            <title>\(HTML.text(title))</title>
            <style>\(PageStyle.css)</style>
            </head>
            <body>
            <header>
            <h1>Class \(HTML.name(report.className))</h1>
            <p class="meta">\(HTML.text(overviewLine))</p>
            <nav aria-label="Sections"><a href="#overview">At a glance</a> <a href="#assignments">Assignments</a> <a href="#students">Students</a></nav>
            </header>
            <main>
            \(unreadableSection())
            \(Heatmap(report: report).html())
            \(assignmentsSection())
            \(studentsSection())
            </main>
            <footer><p>Made by EduJam on \(HTML.text(generated)). Progress is each student's best attempt; time adds up every attempt; results are from the latest attempt.</p></footer>
            <script>\(PageStyle.script)</script>
            </body>
            </html>

            """
    }

    var students: [String] { report.studentsInOrder }

    private var overviewLine: String {
        let count = students.count
        let assignments = report.assignments.count
        return
            "\(count) student\(count == 1 ? "" : "s"), \(assignments) assignment\(assignments == 1 ? "" : "s"), as of \(generated)"
    }

    /// The stored rows the report left out, named, so a teacher knows what is missing and whose.
    private func unreadableSection() -> String {
        guard let rows = report.unreadableRows, !rows.isEmpty else { return "" }
        let items = rows.map { "<li>\(HTML.text($0.description))</li>" }.joined()
        return #"<section id="unreadable" class="notice"><h2>Rows left out</h2>"#
            + "<p>These stored rows cannot be read, so this report leaves them out; everything else is here.</p>"
            + "<ul>\(items)</ul></section>"
    }

    private func assignmentsSection() -> String {
        let articles = report.assignments.map { AssignmentBlock(assignment: $0).html() }
        return #"<section id="assignments"><h2>Assignments</h2>"#
            + (articles.isEmpty ? "<p>No assignments for this class yet.</p>" : articles.joined(separator: "\n"))
            + "</section>"
    }

    private func studentsSection() -> String {
        let checks = self.checks
        let blocks = students.map { student in
            StudentBlock(student: student, attempts: attemptsOf(student), checks: checks).html()
        }
        return
            #"<section id="students"><h2>Students</h2><p class="hint">Open a student to see every attempt and their progress over time.</p>"#
            + blocks.joined(separator: "\n") + "</section>"
    }

    /// What `verify` found of the report's attempts, by attempt id.
    private var checks: [Int64: AttemptCheck] {
        Dictionary(report.assignments.flatMap { $0.checks ?? [] }.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    }

    /// Every counted attempt of `student` in this report, once each, newest first.
    func attemptsOf(_ student: String) -> [RunRecord] {
        var seen = Set<Int64>()
        var runs: [RunRecord] = []
        for assignment in report.assignments {
            for run in attempts[assignment.id]?[student] ?? [] where seen.insert(run.id).inserted { runs.append(run) }
        }
        return runs.sorted { $0.startedAt > $1.startedAt }
    }
}

extension ClassReport {
    /// Every student of the report once, in first-seen order across assignments.
    var studentsInOrder: [String] {
        var seen = Set<String>()
        var order: [String] = []
        for assignment in assignments {
            for row in assignment.students where seen.insert(row.student).inserted { order.append(row.student) }
        }
        return order
    }
}
