import Classroom
import Foundation
import Tracking

/// `edujam store prune --inputs-before DATE`: the store's owner deletes the replay records of
/// old attempts (`docs/classroom.md`, "What is kept about a student, and why"). The attempts
/// stay; a replay or a verify of one says it has no record.
enum StorePrune {
    /// Deletes the records of the attempts started before `before` and says how many went.
    /// - Parameters:
    ///   - options: Where the store is.
    ///   - day: The date as typed, for the message.
    ///   - before: Its first instant, in UTC.
    /// - Throws: ``IdentityError/ownersOnly(login:command:)`` for a teacher's or student's login
    ///   on a school server, or the store's error.
    static func run(_ options: CommonOptions, day: String, before: Date) throws -> ExitStatus {
        let context = try StoreContext(options)
        try Identity.requireOwner("store prune", identity: try context.store.identity())
        let removed = try context.store.pruneReplayRecords(startedBefore: before)
        let noun = removed == 1 ? "replay record" : "replay records"
        Output.line("Removed \(removed) \(noun) of attempts started before \(day) (UTC); the attempts are kept.")
        return .success
    }
}
