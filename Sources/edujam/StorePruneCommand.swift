import Classroom
import EdujamCommandLine
import Foundation
import Tracking

/// `edujam store prune --attempts-before DATE --inputs-before DATE`: the store's owner deletes old
/// attempts, or the replay records of old attempts, or both (`docs/school-server.md`, "What is kept
/// about a student, and why"). An attempt kept without its record is not verifiable; a replay or
/// a verify of one says it has no record.
enum StorePrune {
    /// Deletes what `days` names, attempts first, and says how many of each went.
    /// - Parameters:
    ///   - options: Where the store is.
    ///   - days: The days, as typed and as their first instants in UTC.
    /// - Throws: ``IdentityError/ownersOnly(login:command:)`` for a teacher's or student's login
    ///   on a school server, or the store's error.
    static func run(_ options: CommonOptions, days: StoreOptions.PruneDays) throws -> ExitStatus {
        let context = try StoreContext(options)
        try Identity.requireOwner("store prune", identity: try context.store.identity())
        if let day = days.attemptsBefore {
            let removed = try context.store.pruneAttempts(startedBefore: day.start)
            let what =
                removed == 1
                ? "attempt started before \(day.text) (UTC), with its items, progress, replay record and events"
                : "attempts started before \(day.text) (UTC), with their items, progress, replay records and events"
            Output.line("Removed \(removed) \(what).")
        }
        if let day = days.inputsBefore {
            let removed = try context.store.pruneReplayRecords(startedBefore: day.start)
            let noun = removed == 1 ? "replay record" : "replay records"
            Output.line(
                "Removed \(removed) \(noun) of attempts started before \(day.text) (UTC); the attempts are kept.")
        }
        return .success
    }
}
