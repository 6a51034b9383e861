import Classroom
import DeclaredCommands
import EdujamCommandLine
import Foundation
import ReportPage
import Runtime
import School
import Tracking

/// `edujam report`: the attempts in the store, or a class's review grid.
enum ReportCommand: Command {
    static let declaration = ReportOptions.declaration

    /// The JSON document: `{"runs": [...], "checks": [...]}`, `checks` (what `edujam verify`
    /// stored of these attempts, as the class report gives them) left out when none was checked.
    struct Document: Encodable {
        let runs: [RunRecord]
        let checks: [AttemptCheck]?
    }

    static func run(_ words: [String]) throws -> ExitStatus {
        let options = try ReportOptions(words)
        let context = try StoreContext(options.common, reading: true)
        defer { Output.unreadable(context.store.unreadableRows) }
        return try context.suggestingNames { try report(options, context) }
    }

    private static func report(_ options: ReportOptions, _ context: StoreContext) throws -> ExitStatus {
        if options.className != nil {
            try Identity.requireTeacher("report --class", identity: try context.store.identity())
        } else if options.student != nil {  // a student's report is their own attempts: no --student
            _ = try Identity.student(typed: options.student, identity: try context.store.identity(), usage: "")
        }
        if let student = options.student { try context.store.checkStudentName(student) }  // at the door
        if let className = options.className { return try classReport(className, options, context) }
        let runs = try context.store.runs(student: options.student)
        if options.format == .json {
            let checks = try context.store.checks(of: runs)
            try Output.json(Document(runs: runs, checks: checks.isEmpty ? nil : checks))
        } else {
            Output.line(runs.isEmpty ? "No attempts saved yet." : RunTable.render(runs))
        }
        return .success
    }
}

extension ReportCommand {
    private static func classReport(_ className: String, _ options: ReportOptions, _ context: StoreContext) throws
        -> ExitStatus
    {
        let report = try context.store.classReport(
            className: className, assignment: options.assignment, student: options.student)
        if let student = options.student {
            if options.format == .grid {
                Output.line(Grid.render(report, blocks: Output.showsStyle(.standardOutput)))
                for assignment in report.assignments where !assignment.students.isEmpty {
                    let attempts = try context.store.attempts(assignment: assignment.id, student: student)
                    Output.line(
                        "\nAttempts of \(Format.fit(student, Grid.width - 40)) for assignment \(assignment.id):")
                    Output.line(attempts.isEmpty ? "  none yet" : RunTable.render(attempts, students: false))
                }
                return .success
            }
        }
        switch options.format {
        case .html(let file): try writePage(report, to: file, store: context.store)
        case .json: try Output.json(report)
        case .csv: Output.line(Grid.csv(report))
        case .grid: Output.line(Grid.render(report, blocks: Output.showsStyle(.standardOutput)))
        }
        return .success
    }
}

extension ReportCommand {
    /// Writes the class report page (`ReportPage`) with the attempts behind each cell.
    private static func writePage(_ report: ClassReport, to file: String, store: TrackingStore) throws {
        try OutputFile.check(file, option: "--html")
        var attempts: [Int64: [String: [RunRecord]]] = [:]
        for assignment in report.assignments {
            for row in assignment.students {
                attempts[assignment.id, default: [:]][row.student] = try store.attempts(
                    assignment: assignment.id, student: row.student)
            }
        }
        let generated = ISO8601DateFormatter.string(
            from: Date(), timeZone: .current,
            formatOptions: [.withFullDate, .withTime, .withColonSeparatorInTime, .withSpaceBetweenDateAndTime])
        let page = ClassReportPage(report: report, attempts: attempts, generated: String(generated.prefix(16)))
        let data = Data(page.html().utf8)
        try PrivateFile.write(data, to: file)
        Output.line("Wrote \(file) (\(max(data.count / 1024, 1)) KB): open it in any browser.")
    }
}

/// Attempts as a table as wide as the terminal: student and activity give way first, the result
/// (the score a reader looks for) last.
/// The game's version (its short form) is a column only when attempts of one game ran different
/// versions: that is when a reader needs it, and fourteen columns more on every table squeezed
/// the activity, which is what a reader looks rows up by (`--json`, `--csv` and the page always
/// carry it).
enum RunTable {
    /// - Parameter students: Whether a column names each attempt's student; one student's
    ///   attempts, under a heading that names them, leave it out to keep room for the rest.
    static func render(_ runs: [RunRecord], students: Bool = true) -> String {
        let versions = versionsDiffer(runs)
        let header =
            ["started"] + (students ? ["student"] : []) + ["activity", "outcome", "progress", "time", "result"]
            + (versions ? ["version"] : [])
        let rows = runs.map { run -> [String] in
            [String(run.startedAt.prefix(16)).replacingOccurrences(of: "T", with: " ")]
                + (students ? [run.student] : [])
                + [
                    IdentifierPathText.text(run.identifierPath.dropFirst()),
                    run.outcome.rawValue + (run.done ? " (done)" : ""),
                    "\(Int((run.progress * 100).rounded()))%", Format.duration(run.durationSeconds),
                    Format.primary(of: run),
                ] + (versions ? [run.gameVersion.map(GameVersionRule.short) ?? "-"] : [])
        }
        let result = header.firstIndex(of: "result") ?? 0
        let shrinking: Set<Int> = students ? [1, 2] : [1]
        return Format.table(header: header, rows: rows, width: Grid.width, shrinking: shrinking, lastToShrink: [result])
    }

    /// Whether two of `runs` of one game (the context below the root) recorded different versions.
    static func versionsDiffer(_ runs: [RunRecord]) -> Bool {
        var seen: [String: String] = [:]
        for run in runs {
            guard let version = run.gameVersion, run.identifierPath.count > 1 else { continue }
            if let earlier = seen.updateValue(version, forKey: run.identifierPath[1]), earlier != version {
                return true
            }
        }
        return false
    }
}
