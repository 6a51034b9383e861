import Classroom
import Foundation
import Interop
import Runtime
import Tracking

/// The teacher's view of a class report, `width` columns wide whatever the names: one block per
/// assignment, one row per student and activity, then the class aggregates. Names, titles and
/// item ids are cleaned to one line and cut with an ellipsis where they would not fit: the
/// activity first, then the student's name; the latest result, which holds the verdict and the
/// score, last of all.
public struct Grid: Sendable {
    /// The width every line of the report fits in.
    public let width: Int
    /// Whether progress bars are drawn with Unicode block characters (a styled terminal), or in
    /// plain ASCII, for pipes, `NO_COLOR` and `TERM=dumb`.
    public let blocks: Bool

    public init(width: Int = Format.defaultColumns, blocks: Bool = false) {
        self.width = width
        self.blocks = blocks
    }

    /// The report, a block per assignment.
    public func render(_ report: ClassReport) -> String {
        guard !report.assignments.isEmpty else {
            return "No assignments for class \(Format.fit(report.className, width - 28)) yet."
        }
        return report.assignments.map(block).joined(separator: "\n\n")
    }

    private func block(_ assignment: AssignmentReport) -> String {
        var lines = [heading(assignment)]
        // Students who played different versions of the game were not graded on the same game.
        if let note = assignment.versionsNote { lines.append("  " + Format.fit(note, width - 2)) }
        if let note = assignment.removedAttemptsNote { lines.append("  " + Format.fit(note, width - 2)) }
        let header = ["student", "activity", "status", "progress", "time", "tries", "latest"]
        func rows(bars: Bool) -> [[String]] {
            assignment.students.flatMap { student in
                student.activities.map { cell in
                    [
                        student.student, Self.path(cell.identifierPath),
                        Self.status(cell.status) + (cell.late ? " LATE" : ""),
                        bars ? Self.bar(cell.progress, blocks: blocks) : Self.percent(cell.progress),
                        Format.duration(cell.durationSeconds), String(cell.attempts), Self.latest(cell),
                    ]
                }
            }
        }
        // What gives way when the terminal is narrow: the progress bar first (a picture of the
        // percentage beside it, which stays), then the activity's path, the student's name (what
        // a teacher reads rows by), and last the latest result, which holds the verdict and the score.
        let withBars = rows(bars: true)
        let table = Format.naturalWidth(header: header, rows: withBars) <= width ? withBars : rows(bars: false)
        lines.append(Format.table(header: header, rows: table, width: width, shrinking: [1], lastToShrink: [0, 6]))
        lines += noteLines(assignment)
        for summary in assignment.summary {
            let counts =
                ": \(summary.done)/\(summary.students) done, average progress \(Self.percent(summary.averageProgress))"
            lines.append("  class, " + Format.fit(Self.path(summary.identifierPath), width - 9 - counts.count) + counts)
            let results =
                ["average time \(Format.duration(summary.averageDurationSeconds))"]
                + [
                    summary.averageScore.map { "average score \(Self.percent($0))" },
                    summary.averageQuantity.map {
                        "average \(TeacherNumber.exact(abs($0) < 1e15 ? ($0 * 10).rounded() / 10 : $0))"
                    },  // x10 may overflow
                    summary.binaryCount > 0 ? "\(summary.binaryTrue)/\(summary.binaryCount) yes" : nil,
                ].compactMap { $0 }
            lines.append("    " + results.joined(separator: ", "))
        }
        return (lines + checkLines(assignment)).joined(separator: "\n")
    }

    /// What `verify` found, under the grid (whose columns stay as they are): the count per state,
    /// then each attempt a teacher must look at (a mismatch, or changed since checked) by
    /// student, attempt and difference, each cut to the width.
    private func checkLines(_ assignment: AssignmentReport) -> [String] {
        guard let counts = assignment.checksLine else { return [] }
        let named = (assignment.checks ?? []).filter(\.isNamed).map { check in
            let what = "\(check.state.words): \(check.student), attempt \(check.shortAttempt)\(check.checkedByNote)"
            return "    " + Format.fit(what + (check.difference.map { ": \($0)" } ?? ""), width - 4)
        }
        return ["  " + Format.fit(counts, width - 2)] + named
    }

    /// `  ana, MATH-JAM: played a local copy, not the published game`: one line under the table for
    /// each note of a student's activity (``ActivityProgress/notes``: a local copy played, attempts
    /// that ran a retired version), the note whole (a cell would cut it), the name and the path cut
    /// to keep the line in the width.
    private func noteLines(_ assignment: AssignmentReport) -> [String] {
        assignment.students.flatMap { student in
            student.activities.flatMap { cell in
                cell.notes.map { note in
                    let who = "  " + Format.fit(student.student, 16) + ", "
                    let room = width - Terminal.width(of: who) - 2 - note.count
                    return who + Format.fit(Self.path(cell.identifierPath), room) + ": " + note
                }
            }
        }
    }

    /// ``ActivityProgress/latestResult(_:)`` as the terminal writes numbers; `-` when there is none.
    static func latest(_ cell: ActivityProgress) -> String { cell.latestResult(\.terminalText) ?? "-" }

    /// `Assignment 3: Sums, due 2026-05-01 (complete)`, the title cut to keep the rest in view.
    private func heading(_ assignment: AssignmentReport) -> String {
        let start = "Assignment \(assignment.id): "
        let end =
            (assignment.due.map { ", due \(Format.fit(String($0.prefix(10)), 10))" } ?? "")
            + (assignment.complete ? " (complete)" : "")
        return start + Format.fit(assignment.title, width - start.count - Terminal.width(of: end)) + end
    }

    /// `[######....]  60%` in ASCII, or `▕██████░░░░▏  60%` in block characters, to an eighth of a
    /// cell. Both are 17 columns wide, so the report keeps its width either way.
    static func bar(_ progress: Double, blocks: Bool = false) -> String {
        let fraction = progress.isFinite ? min(max(progress, 0), 1) : 0
        let label = " " + percent(fraction).leftPadded(4)
        guard blocks else {
            let filled = Int((fraction * 10).rounded())
            return "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: 10 - filled) + "]"
                + label
        }
        let eighths = Int((fraction * 80).rounded())
        let partial = eighths % 8 == 0 ? "" : String(Array("▏▎▍▌▋▊▉")[eighths % 8 - 1])
        let full = eighths / 8
        return "▕" + String(repeating: "█", count: full) + partial
            + String(repeating: "░", count: 10 - full - partial.count) + "▏" + label
    }

    /// `not started`, `in progress`, `done`.
    static func status(_ status: ActivityStatus) -> String {
        switch status {
        case .notStarted: return "not started"
        case .inProgress: return "in progress"
        case .done: return "done"
        }
    }

    /// 0.6 -> `60%`.
    static func percent(_ fraction: Double) -> String { "\(Int((fraction * 100).rounded()))%" }

    /// The activity's path below the collection's root, as typed on a command line.
    static func path(_ identifierPath: [String]) -> String {
        IdentifierPathText.text(identifierPath.dropFirst())
    }

    /// One row per student and activity, for spreadsheets: `score` is the best score (0–1) and
    /// `passed` the latest verdict, empty when the game reports none; `latestPath` is where the
    /// latest attempt was played (a level of a whole game); `localCopies` counts the attempts that
    /// ran a local copy, not the published game (practice); `verify` what `verify` found of its
    /// attempts (``verifyCell(_:_:_:)``). Written by the one CSV writer
    /// (``CSV/lines(_:)``, formulas neutralised) and printed through `Output`, so what the terminal
    /// funnel cleans is `?` here too; `--json` is the lossless export.
    public static func csv(_ report: ClassReport) -> String {
        var rows = [
            [
                "assignment", "assignmentTitle", "student", "identifierPath", "status", "late", "attempts", "progress",
                "durationSeconds", "primaryItem", "primaryValue", "score", "passed", "latestPath", "gameVersion",
                "localCopies", "verify",
            ]
        ]
        for assignment in report.assignments {
            for student in assignment.students {
                for cell in student.activities {
                    rows.append(csvRow(assignment, student.student, cell))
                }
            }
        }
        return CSV.lines(rows).joined(separator: "\n")
    }

    private static func csvRow(_ assignment: AssignmentReport, _ student: String, _ cell: ActivityProgress)
        -> [String]
    {
        let standing = [
            IdentifierPathText.text(cell.identifierPath), cell.status.rawValue, String(cell.late),
            String(cell.attempts),
            String(cell.progress), String(cell.durationSeconds),
        ]
        let result: [String] = [
            cell.primaryItem?.identifier ?? "", cell.primaryItem.map(\.item.value.terminalText) ?? "",
            cell.score.map { String($0) } ?? "", cell.passed.map { String($0) } ?? "",
            cell.latestPath.map(IdentifierPathText.text) ?? "", cell.gameVersion ?? "", String(cell.localCopies),
        ]
        return [String(assignment.id), assignment.title, student] + standing + result
            + [verifyCell(assignment, student, cell)]
    }

    /// The `verify` column: the states of the cell's checked attempts counted (`2 verified, 1
    /// mismatch`), empty when none was checked.
    private static func verifyCell(_ assignment: AssignmentReport, _ student: String, _ cell: ActivityProgress)
        -> String
    {
        let states = (assignment.checks ?? []).filter {
            $0.student == student && $0.identifierPath.starts(with: cell.identifierPath)
        }.map(\.state)
        return CheckState.counts(states) ?? ""
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
