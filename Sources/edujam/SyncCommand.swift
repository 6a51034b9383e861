import DeclaredCommands
import EdujamCommandLine
import Foundation
import Runtime
import School
import Tracking

/// `edujam sync`: sends the work kept while the school server could not be reached (its options and synopsis: ``declaration``).
enum SyncCommand: Command {
    static let declaration = SyncOptions.declaration

    static func run(_ words: [String]) throws -> ExitStatus {
        let location = StoreLocation(try SyncOptions(words).common)
        guard case .server(let url) = try location.address() else {
            Output.line("Nothing to send: the store is a file on this computer, not a school server.")
            return .success
        }
        let delivery: OutboxDelivery?
        do {
            let (store, delivered) = try location.openDelivering(root: .claimed, clock: .real())
            delivery = delivered
            location.prefetchAssigned(from: store)  // the games to play when it goes away again
        } catch let error as StoreError {
            guard case .server(let cause) = error, cause.isUnreachable else { throw error }
            return try waitingForServer(url, cause, location)
        }
        guard let delivery else { return .success }  // not a server after all: nothing kept for it
        return OutboxReport.detail(delivery)
    }

    /// The server is down: what waits for it stays, and the student hears how much.
    private static func waitingForServer(
        _ url: String, _ cause: TrackingError, _ location: StoreLocation
    ) throws -> ExitStatus {
        let outbox = try location.outbox(for: url)
        let waiting = try outbox.entries()
        Output.line(
            waiting.isEmpty
                ? "Nothing waits to be sent, and the school server cannot be reached now."
                : "\(OutboxReport.stillWait(waiting.count)) on this computer: the school server cannot be reached now."
        )
        Output.error("edujam sync: \(cause)")
        return waiting.isEmpty ? .success : .failure
    }
}

/// How the CLI words an outbox delivery.
enum OutboxReport {
    /// One line on stderr, at the start of any command, when the delivery did something worth saying.
    static func summarize(_ delivery: OutboxDelivery) {
        if !delivery.delivered.isEmpty {
            Output.error(
                "edujam: sent \(attempts(delivery.delivered.count)) kept on this computer to the school server.")
        }
        if !delivery.alreadyThere.isEmpty {
            Output.error(
                "edujam: \(attempts(delivery.alreadyThere.count)) kept on this computer \(delivery.alreadyThere.count == 1 ? "was" : "were") \(alreadyThereText)."
            )
        }
        for (snapshot, error) in delivery.refused {
            Output.error(
                "edujam: the school server refused an attempt kept on this computer (\(describe(snapshot))): \(error.forPeople); it stays in the outbox (edujam sync)."
            )
        }
    }

    /// `edujam sync`'s report on stdout: each attempt sent, each refused with the reason, what waits.
    static func detail(_ delivery: OutboxDelivery) -> ExitStatus {
        for snapshot in delivery.delivered { Output.line("Sent: \(describe(snapshot)).") }
        for snapshot in delivery.alreadyThere { Output.line("Not sent: \(describe(snapshot)): \(alreadyThereText).") }
        for (snapshot, error) in delivery.refused {
            Output.line("Refused, kept on this computer: \(describe(snapshot)): \(error.forPeople)")
        }
        if !delivery.waiting.isEmpty {
            Output.line("\(stillWait(delivery.waiting.count)) on this computer: the school server went away.")
        }
        if delivery.delivered.isEmpty && delivery.alreadyThere.isEmpty && delivery.isComplete {
            Output.line("Nothing waits to be sent.")
        }
        return delivery.isComplete ? .success : .failure
    }

    /// "ana, MATH-JAM/LEVEL-1, finished, started 2026-11-30T10:00:00.000Z"
    static func describe(_ snapshot: RunSnapshot) -> String {
        let path = IdentifierPathText.text(snapshot.identifierPath.dropFirst())
        return
            "\(snapshot.student), \(path), \(snapshot.outcome.rawValue), started \(ISO8601.string(fromEpoch: snapshot.startedAt))"
    }

    /// Why an attempt kept on this computer was not written: the server's copy stands.
    static let alreadyThereText =
        "already ended on the school server (or saved there later): kept as it was there"

    /// "1 attempt still waits", "3 attempts still wait".
    static func stillWait(_ count: Int) -> String {
        count == 1 ? "1 attempt still waits" : "\(count) attempts still wait"
    }

    /// "1 attempt", "3 attempts".
    static func attempts(_ count: Int) -> String { count == 1 ? "1 attempt" : "\(count) attempts" }
}
