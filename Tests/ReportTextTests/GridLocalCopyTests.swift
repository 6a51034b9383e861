import ReportText
import Testing

@testable import Classroom

/// The review grid names a student who played a local copy of a published game, on a
/// line of its own under the table, whole, within 80 columns whatever the name; the CSV counts it.
@Suite struct GridLocalCopyTests {
    private func report(student: String, localCopies: Int) -> ClassReport {
        let game = ["org.edujam.games", "CAPITALS"]
        let cell = ActivityProgress(
            identifierPath: game, title: "Capitals", status: .notStarted, late: false, attempts: 0, progress: 0,
            durationSeconds: 0, primaryItem: nil, localCopies: localCopies)
        let rows = [StudentProgress(student: student, activities: [cell])]
        let assignment = AssignmentReport(
            id: 1, title: "Capitals", due: nil, complete: false, students: rows,
            summary: [ActivitySummary(AssignedActivity(identifierPath: game, title: "Capitals"), cells: [cell])])
        return ClassReport(className: "3B", assignments: [assignment])
    }

    @Test func aLocalCopyIsNamedUnderTheGrid() {
        let lines = Grid().render(report(student: "ana", localCopies: 1)).split(separator: "\n")
        #expect(lines.contains("  ana, CAPITALS: played a local copy, not the published game"), "\(lines)")
        let long = Grid().render(report(student: String(repeating: "x", count: 90), localCopies: 3))
        let note = long.split(separator: "\n").first { $0.hasSuffix("played a local copy, not the published game") }
        #expect(note != nil && (note ?? "").count <= Grid().width, "\(long)")
        #expect(!Grid().render(report(student: "bo", localCopies: 0)).contains("local copy"))
        let csv = Grid.csv(report(student: "ana", localCopies: 2)).split(separator: "\n")
        #expect(csv.first?.hasSuffix(",localCopies,verify") == true && csv.last?.hasSuffix(",2,") == true, "\(csv)")
    }
}
