import DeclaredCommands
import Foundation
import Interop

/// `edujam push`, parsed once from the options ``declaration`` declares.
public struct PushOptions {
    /// `edujam push` as the command line declares it: its synopsis, options and help, which dispatch, `--help`, the
    /// completions, the man page and docs/cli.md are made from.
    public static let declaration = CommandDeclaration(
        "push", summary: "send new statements to an LRS", example: "push --lrs https://lrs.example/xAPI/",
        usage: ["push --lrs URL [options]"],
        description: """
            Sends the xAPI statements (those of `edujam export --xapi`) that the LRS at URL, its xAPI
            endpoint like https://lrs.example/xAPI/, has not accepted yet: batches of N (default \(PushOptions.batchSize.defaultValue))
            POSTed to URL/statements. Each accepted batch is recorded in the store, so the next push
            sends only new statements, and a push stopped part-way goes on where it stopped.
            Credentials: EDUJAM_LRS_USER and EDUJAM_LRS_PASSWORD, else the ~/.netrc (or $NETRC) entry
            for the host. Server errors and timeouts are tried again N more times (default \(PushOptions.retries.defaultValue)), after
            1, 2, 4, ... seconds; each try takes at most --timeout seconds in all (default \(PushOptions.timeout.defaultValue)), and an
            answer that is not the LRS's (not the ids sent: a login page, a proxy) is a failed batch,
            never recorded. Statements the LRS refuses are listed with its message (exit 1) and sent
            again by the next push. Use the same
            --school-url every time: actors are part of a statement. TLS certificates are always verified.
            """,
        options: [
            OptionDeclaration("--lrs", value: "URL", "the LRS's xAPI endpoint"),
            OptionDeclaration(
                PushOptions.batchSize.name, value: "N", "statements per POST, \(PushOptions.batchSize.help)"),
            OptionDeclaration(
                PushOptions.retries.name, value: "N", "tries again after a server error, \(PushOptions.retries.help)"),
            OptionDeclaration(
                PushOptions.timeout.name, value: "SECONDS", "the most one try takes, \(PushOptions.timeout.help)"),
            OptionDeclaration("--since", value: "DATE", "attempts started from then on"),
            OptionDeclaration("--class", value: "NAME", "only this class's students"),
            OptionDeclaration("--school-url", value: "URL", "where the actors' accounts are"),
        ],
        docs: "docs/interop.md")

    /// `--store` and `--games`.
    public var common: CommonOptions
    /// The LRS's xAPI endpoint (`--lrs`).
    public var endpoint: LRSEndpoint
    /// Batch size and retries.
    public var pusher: StatementPusher.Options
    /// Seconds each request waits.
    public var timeout: Int
    /// As `edujam export --xapi`: attempts started from then on, one class, the actors' home page.
    public var since: Date?
    /// Only this class's students, or nil for every class.
    public var className: String?
    /// Where the actors' accounts are (``ExportOptions/schoolURL(_:)``).
    public var schoolURL: String

    /// - Throws: ``UsageError`` for positional words, no or a bad `--lrs`, numbers out of range, a
    ///   date or a school URL that is not one.
    public init(_ words: [String]) throws {
        let arguments = try Arguments(words, declared: Self.declaration.options)
        guard arguments.positionals.isEmpty else { throw UsageError("push takes no positional arguments") }
        guard let lrs = arguments.value("--lrs") else { throw UsageError("say where to push: --lrs URL") }
        do { endpoint = try LRSEndpoint(lrs) } catch let error as LRSEndpoint.Invalid {
            throw UsageError(error.description)
        }
        pusher = StatementPusher.Options(
            batchSize: try Self.batchSize.parse(arguments), retries: try Self.retries.parse(arguments))
        timeout = try Self.timeout.parse(arguments)
        common = CommonOptions(arguments)
        since = try arguments.value("--since").map(ExportOptions.parseSince)
        className = arguments.value("--class")
        schoolURL = try ExportOptions.schoolURL(arguments.value("--school-url"))
    }

    /// `--batch-size`, `--retries`, `--timeout`: a whole number within a range, with a default;
    /// ``declaration``'s help says them from here.
    struct Bounded: Sendable {
        let name: String
        let defaultValue: Int
        let range: ClosedRange<Int>

        /// "1 to 600 (default 30)", for the option's help.
        var help: String { "\(range.lowerBound) to \(range.upperBound) (default \(defaultValue))" }

        /// The value given, or the default.
        /// - Throws: ``UsageError`` for a value that is not a whole number or lies outside the range.
        func parse(_ arguments: Arguments) throws -> Int {
            guard let number = try arguments.integer(name) else { return defaultValue }
            guard range.contains(number) else {
                throw UsageError("\(name) must be from \(range.lowerBound) to \(range.upperBound), got \(number)")
            }
            return number
        }
    }

    static let batchSize = Bounded(name: "--batch-size", defaultValue: 100, range: 1...10_000)
    static let retries = Bounded(name: "--retries", defaultValue: 3, range: 0...20)
    static let timeout = Bounded(name: "--timeout", defaultValue: 30, range: 1...600)
}
