import Classroom
import DeclaredCommands
import EdujamCommandLine
import Foundation
import ReportPage
import ReportText
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
            Output.line(runs.isEmpty ? "No attempts saved yet." : RunTable.render(runs, width: Format.columns))
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
                Output.line(Grid.forTerminal.render(report))
                let cells = try context.store.attempts(behind: report)
                for assignment in report.assignments where !assignment.students.isEmpty {
                    let attempts = cells[assignment.id]?[student] ?? []
                    Output.line(
                        "\nAttempts of \(Format.fit(student, Format.columns - 40)) for assignment \(assignment.id):")
                    Output.line(
                        attempts.isEmpty
                            ? "  none yet" : RunTable.render(attempts, width: Format.columns, students: false))
                }
                return .success
            }
        }
        switch options.format {
        case .html(let file): try writePage(report, to: file, store: context.store)
        case .json: try Output.json(report)
        case .csv: Output.line(Grid.csv(report))
        case .grid: Output.line(Grid.forTerminal.render(report))
        }
        return .success
    }
}

extension ReportCommand {
    /// Writes the class report page (`ReportPage`) with the attempts behind each cell.
    private static func writePage(_ report: ClassReport, to file: String, store: TrackingStore) throws {
        try OutputFile.check(file, option: "--html")
        let attempts = try store.attempts(behind: report)
        let generated = ISO8601DateFormatter.string(
            from: Date(), timeZone: .current,
            formatOptions: [.withFullDate, .withTime, .withColonSeparatorInTime, .withSpaceBetweenDateAndTime])
        let page = ClassReportPage(report: report, attempts: attempts, generated: String(generated.prefix(16)))
        let data = Data(page.html().utf8)
        try PrivateFile.write(data, to: file)
        Output.line("Wrote \(file) (\(max(data.count / 1024, 1)) KB): open it in any browser.")
    }
}
