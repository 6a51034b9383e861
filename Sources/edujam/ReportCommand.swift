import Foundation
import Runtime
import Tracking

/// `edujam report [--student S] [--json]`: the attempts in the store, newest first.
enum ReportCommand {
    static let usage = """
        usage: edujam report [--student S] [--json] [--store PATH]
        Lists the attempts saved in the store, newest first.
        """
    static let spec = Arguments.Spec(valued: ["--student"], flags: ["--json"])

    /// The JSON document: `{"runs": [...]}`.
    struct Document: Encodable {
        let runs: [RunRecord]
    }

    static func run(_ words: [String]) throws -> ExitStatus {
        let arguments = try Arguments(words, spec: spec)
        guard arguments.positionals.isEmpty else { throw UsageError("report takes no positional arguments") }
        let collection = try GameCollection.load(from: arguments.value("--games") ?? "games")
        let store = try StoreLocation.open(arguments, collection: collection, clock: .real())
        let runs = try store.runs(student: arguments.value("--student"))
        if arguments.flag("--json") {
            try Output.json(Document(runs: runs))
        } else {
            Output.line(runs.isEmpty ? "No attempts saved yet." : RunTable.render(runs))
        }
        return .success
    }
}

/// Attempts as a table readable at 80 columns.
enum RunTable {
    static func render(_ runs: [RunRecord]) -> String {
        let header = ["started", "student", "activity", "outcome", "progress", "time", "result"]
        let rows = runs.map { run -> [String] in
            [String(run.startedAt.prefix(16)).replacingOccurrences(of: "T", with: " "), run.student,
             run.identifierPath.dropFirst().joined(separator: "/"), run.outcome.rawValue + (run.done ? " (done)" : ""),
             "\(Int((run.progress * 100).rounded()))%", Format.duration(run.durationSeconds), Format.primary(of: run)]
        }
        return Format.table(header: header, rows: rows)
    }
}
