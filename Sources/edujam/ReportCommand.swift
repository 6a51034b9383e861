import Foundation
import Classroom
import ReportPage
import Runtime
import Tracking

/// `edujam report`: the attempts in the store, or a class's review grid.
enum ReportCommand {
    static let usage = """
        usage: edujam report [--student S] [--json] [--store PATH]
               edujam report --class NAME [--assignment ID] [--student S] [--json | --csv | --html FILE]
        Without --class: every attempt saved in the store, newest first.
        With --class: the teacher's review of the class's assignments, students x activities,
        with class averages; --student S shows that student's attempts in detail.
        --html FILE writes the review as one self-contained web page (charts and tables).
        """
    static let spec = Arguments.Spec(valued: ["--student", "--class", "--assignment", "--html"], flags: ["--json", "--csv"])

    /// The JSON document: `{"runs": [...]}`.
    struct Document: Encodable {
        let runs: [RunRecord]
    }

    static func run(_ words: [String]) throws -> ExitStatus {
        let context = try StoreContext(words, spec: spec)
        return try context.suggestingNames { try report(context) }
    }

    private static func report(_ context: StoreContext) throws -> ExitStatus {
        let arguments = context.arguments, store = context.store
        guard arguments.positionals.isEmpty else { throw UsageError("report takes no positional arguments") }
        if let className = arguments.value("--class") { return try classReport(className, context) }
        guard arguments.value("--assignment") == nil else { throw UsageError("--assignment goes with --class") }
        guard !arguments.flag("--csv") else { throw UsageError("--csv goes with --class") }
        guard arguments.value("--html") == nil else { throw UsageError("--html goes with --class") }
        let runs = try store.runs(student: try context.student())
        if arguments.flag("--json") {
            try Output.json(Document(runs: runs))
        } else {
            Output.line(runs.isEmpty ? "No attempts saved yet." : RunTable.render(runs))
        }
        return .success
    }
}

extension ReportCommand {
    private static func classReport(_ className: String, _ context: StoreContext) throws -> ExitStatus {
        let arguments = context.arguments
        let formats = [arguments.flag("--json"), arguments.flag("--csv"), arguments.value("--html") != nil]
        guard formats.filter({ $0 }).count <= 1 else { throw UsageError("choose one of --json, --csv and --html") }
        let id = try arguments.value("--assignment").map(StoreContext.assignmentID)
        var report = try context.store.classReport(className: className, assignment: id)
        if let student = try context.student() {
            guard report.assignments.contains(where: { $0.students.contains { $0.student == student } })
                || report.assignments.isEmpty else {
                throw TrackingError.unknownStudent(student, className: className)
            }
            for index in report.assignments.indices {
                report.assignments[index].students.removeAll { $0.student != student }
            }
            if formats.allSatisfy({ !$0 }) {
                Output.line(Grid.render(report, blocks: Output.showsStyle(.standardOutput)))
                for assignment in report.assignments where !assignment.students.isEmpty {
                    let attempts = try context.store.attempts(assignment: assignment.id, student: student)
                    Output.line("\nAttempts of \(Format.fit(student, Grid.width - 40)) for assignment \(assignment.id):")
                    Output.line(attempts.isEmpty ? "  none yet" : RunTable.render(attempts))
                }
                return .success
            }
        }
        if let file = arguments.value("--html") {
            try writePage(report, to: file, store: context.store)
        } else if arguments.flag("--json") {
            try Output.json(report)
        } else if arguments.flag("--csv") {
            Output.line(Grid.csv(report))
        } else {
            Output.line(Grid.render(report, blocks: Output.showsStyle(.standardOutput)))
        }
        return .success
    }
}

extension ReportCommand {
    /// Writes the class report page (`ReportPage`) with the attempts behind each cell.
    private static func writePage(_ report: ClassReport, to file: String, store: TrackingStore) throws {
        guard !file.isEmpty else { throw UsageError("--html needs a file name") }
        var attempts: [Int64: [String: [RunRecord]]] = [:]
        for assignment in report.assignments {
            for row in assignment.students {
                attempts[assignment.id, default: [:]][row.student] = try store.attempts(assignment: assignment.id, student: row.student)
            }
        }
        let generated = ISO8601DateFormatter.string(from: Date(), timeZone: .current,
                                                    formatOptions: [.withFullDate, .withTime, .withColonSeparatorInTime, .withSpaceBetweenDateAndTime])
        let page = ClassReportPage(report: report, attempts: attempts, generated: String(generated.prefix(16)))
        let data = Data(page.html().utf8)
        do {
            try data.write(to: URL(fileURLWithPath: file), options: .atomic)
        } catch {
            throw ReportFileError(path: file, reason: (error as NSError).localizedFailureReason ?? "\(error)")
        }
        Output.line("Wrote \(file) (\(max(data.count / 1024, 1)) KB): open it in any browser.")
    }
}

/// The report page could not be written: names the file.
struct ReportFileError: Error, CustomStringConvertible {
    let path: String
    let reason: String
    var description: String { "cannot write \(path): \(reason)" }
}

/// Attempts as a table at most 80 columns wide: student, activity and result give way first.
enum RunTable {
    static func render(_ runs: [RunRecord]) -> String {
        let header = ["started", "student", "activity", "outcome", "progress", "time", "result"]
        let rows = runs.map { run -> [String] in
            [String(run.startedAt.prefix(16)).replacingOccurrences(of: "T", with: " "), run.student,
             run.identifierPath.dropFirst().joined(separator: "/"), run.outcome.rawValue + (run.done ? " (done)" : ""),
             "\(Int((run.progress * 100).rounded()))%", Format.duration(run.durationSeconds), Format.primary(of: run)]
        }
        return Format.table(header: header, rows: rows, width: Grid.width, shrinking: [1, 2, 6])
    }
}
