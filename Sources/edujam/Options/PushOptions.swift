import DeclaredCommands
import Foundation
import Interop

/// `edujam push`, parsed once from the options ``PushCommand/declaration`` declares.
struct PushOptions {
    var common: CommonOptions
    var endpoint: LRSEndpoint
    /// Batch size and retries.
    var pusher: StatementPusher.Options
    /// Seconds each request waits.
    var timeout: Int
    /// As `edujam export --xapi`: attempts started from then on, one class, the actors' home page.
    var since: Date?
    var className: String?
    var schoolURL: String

    /// - Throws: ``UsageError`` for positional words, no or a bad `--lrs`, numbers out of range, a
    ///   date or a school URL that is not one.
    init(_ words: [String]) throws {
        let arguments = try Arguments(words, declared: PushCommand.declaration.options)
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
    /// ``PushCommand/declaration``'s help says them from here.
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
