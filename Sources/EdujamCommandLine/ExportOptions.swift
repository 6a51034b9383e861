import DeclaredCommands
import Foundation

/// `edujam export`, parsed once from the options ``declaration`` declares.
public struct ExportOptions {
    /// `edujam export` as the command line declares it: its synopsis, options and help, which dispatch, `--help`, the
    /// completions, the man page and docs/cli.md are made from.
    public static let declaration = CommandDeclaration(
        "export", summary: "xAPI statements for an LRS", example: "export --xapi --since 2026-11-01",
        usage: ["export --xapi [options]", "export --oneroster-results DIR [options]"],
        description: """
            --xapi writes the attempts in the store as xAPI 1.0.3 statements on stdout: a JSON array, or one
            statement per line with --jsonl. --since DATE (2026-11-30, or an ISO 8601 time) keeps
            attempts started from then on; --class keeps that class's students. Actors are accounts
            on --school-url (or EDUJAM_SCHOOL_URL; default https://edujam.invalid). The same store
            always gives the same statements, ids included.

            --oneroster-results DIR writes every assignment as a OneRoster 1.1 line item and each
            assignee's result into DIR (lineItems.csv, results.csv, categories.csv, manifest.csv) for a
            school's gradebook: the score is 0-100. --class keeps one class; --grading-period fills
            gradingPeriodSourcedId. Exporting twice writes the same files. An assignment made before
            the day the store's owner removed attempts before (store prune) is left out and named,
            and the files are then a delta, so a gradebook keeps the grades it has for it.
            """,
        options: [
            OptionDeclaration("--xapi", "xAPI statements on stdout"),
            OptionDeclaration("--jsonl", "with --xapi: one statement per line"),
            OptionDeclaration("--since", value: "DATE", "with --xapi: attempts started from then on"),
            OptionDeclaration("--class", value: "NAME", "only this class"),
            OptionDeclaration("--school-url", value: "URL", "with --xapi: where the actors' accounts are"),
            OptionDeclaration(
                "--oneroster-results", value: "DIR", "OneRoster 1.1 line items and results into DIR", kind: .directory),
            OptionDeclaration("--grading-period", value: "ID", "with --oneroster-results: the gradingPeriodSourcedId"),
        ],
        docs: "docs/interop.md")

    /// What to write.
    public enum Target: Equatable {
        /// xAPI statements on stdout, of attempts started from `since`, with actors on `schoolURL`.
        case xapi(jsonl: Bool, since: Date?, schoolURL: String)
        /// OneRoster line items and results in `folder`.
        case oneRosterResults(folder: String, gradingPeriod: String)
    }

    /// `--store` and `--games`.
    public var common: CommonOptions
    /// What to write, and where.
    public var target: Target
    /// One class only, or nil for every class.
    public var className: String?

    /// - Throws: ``UsageError`` for positional words, both targets or none, options of the other
    ///   target, a date or a school URL that is not one.
    public init(_ words: [String]) throws {
        let arguments = try Arguments(words, declared: Self.declaration.options)
        guard arguments.positionals.isEmpty else { throw UsageError("export takes no positional arguments") }
        common = CommonOptions(arguments)
        className = arguments.value("--class")
        if let folder = arguments.value("--oneroster-results") {
            guard !arguments.flag("--xapi") else { throw UsageError("choose --xapi or --oneroster-results, not both") }
            for option in ["--since", "--school-url"] where arguments.value(option) != nil {
                throw UsageError("\(option) goes with --xapi")
            }
            target = .oneRosterResults(folder: folder, gradingPeriod: arguments.value("--grading-period") ?? "")
            return
        }
        guard arguments.flag("--xapi") else {
            throw UsageError("say what to export: --xapi or --oneroster-results DIR")
        }
        target = .xapi(
            jsonl: arguments.flag("--jsonl"), since: try arguments.value("--since").map(Self.parseSince),
            schoolURL: try Self.schoolURL(arguments.value("--school-url")))
    }

    /// The school's URL: an absolute http(s) URL, from `--school-url`, `EDUJAM_SCHOOL_URL` or the default.
    static func schoolURL(_ given: String?) throws -> String {
        let text = given ?? ProcessInfo.processInfo.environment["EDUJAM_SCHOOL_URL"] ?? "https://edujam.invalid"
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
            url.host?.isEmpty == false
        else {
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
