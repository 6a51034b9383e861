import Classroom
import DeclaredCommands
import EdujamCommandLine
import Foundation
import Interop
import School
import Tracking

/// `edujam export`: the store in the school's standards (docs/interop.md).
enum ExportCommand: Command {
    static let declaration = ExportOptions.declaration

    static func run(_ words: [String]) throws -> ExitStatus {
        let options = try ExportOptions(words)
        let context = try StoreContext(options.common, reading: true)
        defer { Output.unreadable(context.store.unreadableRows) }
        switch options.target {
        case .oneRosterResults(let folder, let gradingPeriod):
            // a class's grades: a student's login would meet the server's refusal on the roster tables
            try Identity.requireTeacher("export --oneroster-results", identity: try context.store.identity())
            return try writeResults(
                to: folder, gradingPeriod: gradingPeriod, className: options.className, store: context.store)
        case .xapi(let jsonl, let since, let schoolURL):
            let statements = try StatementBuilder(homePage: schoolURL).statements(
                in: context.store, since: since, className: options.className)
            let encoder = XAPIStatement.encoder  // the bytes push sends, so export shows what an LRS gets
            if jsonl {
                for statement in statements {
                    Output.line(String(decoding: try encoder.encode(statement), as: UTF8.self))
                }
            } else {
                encoder.outputFormatting.insert(.prettyPrinted)
                Output.line(String(decoding: try encoder.encode(statements), as: UTF8.self))
            }
            return .success
        }
    }

    /// `--oneroster-results DIR`: line items and results for a gradebook.
    static func writeResults(to folder: String, gradingPeriod: String, className: String?, store: TrackingStore) throws
        -> ExitStatus
    {
        let gradebook = try store.gradebook(className: className)
        let files = OneRosterResults.files(gradebook, gradingPeriod: gradingPeriod)
        try PrivateFile.createFolder(folder)
        for (name, text) in files.sorted(by: { $0.key < $1.key }) {
            try PrivateFile.write(text, to: (folder as NSString).appendingPathComponent(name))
        }
        let written = gradebook.filter { !$0.attemptsRemoved }
        let results = written.reduce(0) { $0 + $1.rows.count }
        Output.line("Wrote \(written.count) line item(s) and \(results) result(s) to \(folder).")
        warnLeftOut(gradebook.filter(\.attemptsRemoved))
        return .success
    }

    /// Names the assignments ``OneRosterResults`` left out, made before the store's owner removed
    /// the attempts that counted for them.
    private static func warnLeftOut(_ assignments: [GradebookAssignment]) {
        guard let date = assignments.first?.attemptsRemovedBefore else { return }
        Output.error(
            "warning: left out \(assignments.count) assignment(s) made before \(date) (UTC), the day before which "
                + "the store's owner removed attempts (edujam store prune): their results would read that work as "
                + "not started, and a gradebook would take it for zeros:")
        for entry in assignments.prefix(20) {
            Output.error(
                "  assignment \(entry.assignment.id): \(entry.assignment.title) (\(entry.assignment.className))")
        }
        if assignments.count > 20 { Output.error("  ... and \(assignments.count - 20) more") }
        Output.error("lineItems.csv and results.csv are a delta, so a gradebook keeps the grades it has for them.")
    }
}
