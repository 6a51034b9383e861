import DeclaredCommands
import EdujamCommandLine
import Foundation
import Interop
import Tracking

/// `edujam push`: sends the store's xAPI statements to an LRS, each once (docs/interop.md,
/// "Pushing to an LRS").
enum PushCommand: Command {
    static let declaration = PushOptions.declaration

    static func run(_ words: [String]) throws -> ExitStatus {
        let parsed = try PushOptions(words)
        let endpoint = parsed.endpoint
        let options = parsed.pusher
        let timeout = parsed.timeout
        let credentials = try LRSCredentials.find(
            host: endpoint.host, environment: ProcessInfo.processInfo.environment,
            home: NSHomeDirectory())
        let context = try StoreContext(parsed.common)
        defer { Output.unreadable(context.store.unreadableRows) }
        let store = context.store
        let statements = try StatementBuilder(homePage: parsed.schoolURL).statements(
            in: store, since: parsed.since, className: parsed.className)
        let (pending, acceptedBefore) = try StatementPusher.pending(statements, in: store, endpoint: endpoint)
        guard !statements.isEmpty else {
            Output.line("nothing to push to \(endpoint): the store has no statements")
            return .success
        }
        guard !pending.isEmpty else {
            Output.line("nothing to push to \(endpoint): the \(acceptedBefore) statements were all accepted before")
            return .success
        }
        // Ctrl-C, a closed terminal or SIGTERM: stop between batches or cancel the request in
        // flight, never between the LRS's answer and recording it.
        catchStopSignals()
        let isInterrupted: @Sendable () -> Bool = { stopRequested }
        let pusher = StatementPusher.overHTTP(
            to: endpoint, credentials: credentials, timeout: Double(timeout), store: store, options: options,
            isInterrupted: isInterrupted)
        let outcome = try pusher.push(pending)
        return report(outcome, endpoint: endpoint, pending: pending.count, acceptedBefore: acceptedBefore)
    }

    /// Prints what happened: refused statements and why the push stopped on stderr, the tally on
    /// stdout.
    static func report(_ outcome: StatementPusher.Outcome, endpoint: LRSEndpoint, pending: Int, acceptedBefore: Int)
        -> ExitStatus
    {
        for rejection in outcome.rejected {
            let statement = rejection.statement
            Output.error(
                "refused by the LRS: statement \(statement.id) (\(statement.actor.name) \(statement.verb.display["en-US"] ?? statement.verb.id) "
                    + "\(statement.object.id)): \(rejection.status) \(rejection.message)")
        }
        let left = pending - outcome.accepted - outcome.rejected.count
        if outcome.accepted > 0 || outcome.stop == nil || outcome.stop == .interrupted {
            var tally = "pushed to \(endpoint): \(outcome.accepted) of \(pending) new statements accepted"
            if !outcome.rejected.isEmpty { tally += ", \(outcome.rejected.count) refused" }
            if left > 0 { tally += ", \(left) left for the next push" }
            if acceptedBefore > 0 { tally += " (\(acceptedBefore) accepted before)" }
            Output.line(tally)
        }
        guard let stop = outcome.stop else { return outcome.rejected.isEmpty ? .success : .failure }
        Output.error("edujam push: " + describe(stop, endpoint: endpoint))
        return stop == .interrupted ? ExitStatus.afterStopSignal ?? .interrupted : .failure
    }

    static func describe(_ stop: StatementPusher.Stop, endpoint: LRSEndpoint) -> String {
        let tries = { (count: Int) in count == 1 ? "1 try" : "\(count) tries" }
        switch stop {
        case .unreachable(let reason, let count):
            return "cannot reach the LRS at \(endpoint): \(reason) (\(tries(count)))"
        case .serverError(let status, let message, let count):
            return "the LRS at \(endpoint) answered \(status) \(message) (\(tries(count)))"
        case .refused(let status, let message):
            return "the LRS at \(endpoint) refused the request: \(status) \(message)\(hint(status))"
        case .notAnLRSAnswer(let reason, let count):
            return
                "the LRS at \(endpoint) \(reason) (\(tries(count))): that batch is not recorded as sent; the next push sends it again"
        case .interrupted:
            return "interrupted: what the LRS accepted is recorded; the next push sends the rest"
        }
    }

    static func hint(_ status: Int) -> String {
        switch status {
        case 401, 403: return " (check EDUJAM_LRS_USER and EDUJAM_LRS_PASSWORD, or ~/.netrc)"
        case 404, 405: return " (is this the LRS's xAPI endpoint, the address its statements are under?)"
        case 300..<400: return " (a redirect: give the address it points to)"
        default: return ""
        }
    }
}
