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
            batchSize: try Self.bounded(arguments, "--batch-size", default: 100, 1...10_000),
            retries: try Self.bounded(arguments, "--retries", default: 3, 0...20))
        timeout = try Self.bounded(arguments, "--timeout", default: 30, 1...600)
        common = CommonOptions(arguments)
        since = try arguments.value("--since").map(ExportOptions.parseSince)
        className = arguments.value("--class")
        schoolURL = try ExportOptions.schoolURL(arguments.value("--school-url"))
    }

    /// A whole-number option within `range`, or `value` when absent.
    static func bounded(_ arguments: Arguments, _ name: String, default value: Int, _ range: ClosedRange<Int>) throws
        -> Int
    {
        guard let number = try arguments.integer(name) else { return value }
        guard range.contains(number) else {
            throw UsageError("\(name) must be from \(range.lowerBound) to \(range.upperBound), got \(number)")
        }
        return number
    }
}
