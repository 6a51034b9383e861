import Foundation
import Interop
import Tracking

/// `edujam export`: the store in the school's standards (docs/interop.md).
enum ExportCommand {
    static let usage = """
        usage: edujam export --xapi [--jsonl] [--since DATE] [--class NAME] [--school-url URL] [--store PATH]
        Writes the attempts in the store as xAPI 1.0.3 statements on stdout: a JSON array, or one
        statement per line with --jsonl. --since DATE (2026-11-30, or an ISO 8601 time) keeps
        attempts started from then on; --class keeps that class's students. Actors are accounts
        on --school-url (or EDUJAM_SCHOOL_URL; default https://edujam.invalid). The same store
        always gives the same statements, ids included.

               edujam export --oneroster-results DIR [--class NAME] [--grading-period ID] [--store PATH]
        Writes every assignment as a OneRoster 1.1 line item and each assignee's result into DIR
        (lineItems.csv, results.csv, categories.csv, manifest.csv) for a school's gradebook: the
        score is 0-100. --class keeps one class; --grading-period fills gradingPeriodSourcedId.
        Exporting twice writes the same files.
        """
    static let spec = Arguments.Spec(valued: ["--since", "--class", "--school-url", "--oneroster-results", "--grading-period"],
                                     flags: ["--xapi", "--jsonl"])

    static func run(_ words: [String]) throws -> ExitStatus {
        let context = try StoreContext(words, spec: spec)
        let arguments = context.arguments
        guard arguments.positionals.isEmpty else { throw UsageError("export takes no positional arguments") }
        if let folder = arguments.value("--oneroster-results") {
            guard !arguments.flag("--xapi") else { throw UsageError("choose --xapi or --oneroster-results, not both") }
            return try writeResults(to: folder, arguments: arguments, store: context.store)
        }
        guard arguments.flag("--xapi") else { throw UsageError("say what to export: --xapi or --oneroster-results DIR") }
        let statements = try xapiStatements(arguments, store: context.store)
        let encoder = XAPIStatement.encoder  // the bytes push sends, so export shows what an LRS gets
        if arguments.flag("--jsonl") {
            for statement in statements { Output.line(String(decoding: try encoder.encode(statement), as: UTF8.self)) }
        } else {
            encoder.outputFormatting.insert(.prettyPrinted)
            Output.line(String(decoding: try encoder.encode(statements), as: UTF8.self))
        }
        return .success
    }

    /// `--oneroster-results DIR`: line items and results for a gradebook.
    static func writeResults(to folder: String, arguments: Arguments, store: TrackingStore) throws -> ExitStatus {
        for option in ["--since", "--school-url"] where arguments.value(option) != nil {
            throw UsageError("\(option) goes with --xapi")
        }
        var gradebook = try store.gradebook()
        if let name = arguments.value("--class") {
            guard try store.classes().contains(where: { $0.name == name }) else { throw TrackingError.unknownClass(name) }
            gradebook = gradebook.filter { $0.assignment.className == name }
        }
        let files = OneRosterResults.files(gradebook, gradingPeriod: arguments.value("--grading-period") ?? "")
        try OneRosterResults.write(files, to: URL(fileURLWithPath: folder))
        let results = gradebook.reduce(0) { $0 + $1.rows.count }
        Output.line("Wrote \(gradebook.count) line item(s) and \(results) result(s) to \(folder).")
        return .success
    }

    /// The statements of the attempts the options select, oldest attempt first.
    static func xapiStatements(_ arguments: Arguments, store: TrackingStore) throws -> [XAPIStatement] {
        let since = try arguments.value("--since").map(parseSince)
        let students = try arguments.value("--class").map { name -> Set<String> in
            guard let found = try store.classes().first(where: { $0.name == name }) else {
                throw TrackingError.unknownClass(name)
            }
            return Set(found.students)
        }
        let builder = StatementBuilder(homePage: try schoolURL(arguments))
        return try store.attemptHistories(since: since, students: students).flatMap(builder.statements)
    }

    /// The school's URL: an absolute http(s) URL.
    static func schoolURL(_ arguments: Arguments) throws -> String {
        let text = arguments.value("--school-url") ?? ProcessInfo.processInfo.environment["EDUJAM_SCHOOL_URL"] ?? "https://edujam.invalid"
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host?.isEmpty == false else {
            throw UsageError("the school URL must be an http(s) URL, like https://school.example: got '\(text)'")
        }
        return text
    }

    /// `2026-11-30` (the start of that day, local time) or an ISO 8601 timestamp.
    static func parseSince(_ text: String) throws -> Date {
        let day = DateFormatter()
        day.locale = Locale(identifier: "en_US_POSIX")
        day.dateFormat = "yyyy-MM-dd"
        day.isLenient = false
        if text.count == 10, let date = day.date(from: text) { return date }
        let stamp = ISO8601DateFormatter()
        if let date = stamp.date(from: text) { return date }
        stamp.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = stamp.date(from: text) { return date }
        throw UsageError("--since needs a date (2026-11-30) or an ISO 8601 time (2026-11-30T08:00:00Z), got '\(text)'")
    }
}
