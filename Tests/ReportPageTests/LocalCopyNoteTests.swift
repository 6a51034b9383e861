import Testing

@testable import Classroom
@testable import ReportPage

/// A student whose attempts ran a local copy of a published game: the page says so
/// under the latest result, in words; a student without one gets no note.
@Suite struct LocalCopyNoteTests {
    @Test func theActivityTableSaysALocalCopyWasPlayed() {
        let game = ["org.edujam.games", "CAPITALS"]
        func cell(localCopies: Int) -> ActivityProgress {
            ActivityProgress(
                identifierPath: game, title: "Capitals", status: .notStarted, late: false, attempts: 0, progress: 0,
                durationSeconds: 0, primaryItem: nil, localCopies: localCopies)
        }
        let rows = [
            StudentProgress(student: "ana", activities: [cell(localCopies: 2)]),
            StudentProgress(student: "bo", activities: [cell(localCopies: 0)]),
        ]
        let assignment = AssignmentReport(
            id: 1, title: "Capitals", due: nil, complete: false, students: rows,
            summary: [
                ActivitySummary(
                    AssignedActivity(identifierPath: game, title: "Capitals"), cells: rows.map { $0.activities[0] })
            ])
        let html = AssignmentBlock(assignment: assignment).html()
        let note = #"<small class="local-copy">played a local copy, not the published game</small>"#
        #expect(html.components(separatedBy: note).count == 2, "once, for ana: \(html)")
        #expect(cell(localCopies: 1).localCopyNote == "played a local copy, not the published game")
        #expect(cell(localCopies: 0).localCopyNote == nil)
    }
}
