import Foundation
import Classroom
import Runtime
import Tracking

/// `edujam report`: the attempts in the store, or a class's review grid.
enum ReportCommand {
    static let usage = """
        usage: edujam report [--student S] [--json] [--store PATH]
               edujam report --class NAME [--assignment ID] [--student S] [--json | --csv]
        Without --class: every attempt saved in the store, newest first.
        With --class: the teacher's review of the class's assignments, students x activities,
        with class averages; --student S shows that student's attempts in detail.
        """
    static let spec = Arguments.Spec(valued: ["--student", "--class", "--assignment"], flags: ["--json", "--csv"])

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
        guard !(arguments.flag("--json") && arguments.flag("--csv")) else { throw UsageError("choose --json or --csv, not both") }
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
            if !arguments.flag("--json") && !arguments.flag("--csv") {
                Output.line(Grid.render(report))
                for assignment in report.assignments where !assignment.students.isEmpty {
                    let attempts = try context.store.attempts(assignment: assignment.id, student: student)
                    Output.line("\nAttempts of \(Format.fit(student, Grid.width - 40)) for assignment \(assignment.id):")
                    Output.line(attempts.isEmpty ? "  none yet" : RunTable.render(attempts))
                }
                return .success
            }
        }
        if arguments.flag("--json") {
            try Output.json(report)
        } else if arguments.flag("--csv") {
            Output.line(Grid.csv(report))
        } else {
            Output.line(Grid.render(report))
        }
        return .success
    }
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
