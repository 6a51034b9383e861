import Foundation
import Tracking

/// A store engine whose server can be "taken down": while ``isDown``, every call fails as a lost
/// connection to a school server does (``TrackingError/serverUnreachable(server:reason:)``), and
/// nothing reaches the engine underneath; healed, calls go through again. Or slowed down
/// (``writeDelay``), as a school server under load answers late. For the tests of what a run does
/// when the network drops or the server is slow, fast and on SQLite.
package final class UnreachableEngine: StoreEngine {
    /// The engine underneath.
    package let base: any StoreEngine
    /// Whether calls fail as unreachable.
    package var isDown = false
    /// Takes the server down after this many more writes (nil: only by hand).
    package var writesUntilDown: Int?
    /// How many writes reached the engine underneath.
    package private(set) var writes = 0
    /// How many calls failed as unreachable.
    package private(set) var refusals = 0
    /// How long each write waits before it reaches the engine underneath.
    package var writeDelay: TimeInterval = 0

    package init(_ base: any StoreEngine) { self.base = base }

    private func reach() throws {
        guard !isDown else {
            refusals += 1
            throw TrackingError.serverUnreachable(server: "test server", reason: "connection refused")
        }
    }

    package func migrate(parts: [SchemaPart]) throws -> [String] {
        try reach()
        return try base.migrate(parts: parts)
    }

    package func open(rootIdentifier: String, parts: [SchemaPart]) throws {
        try reach()
        try base.open(rootIdentifier: rootIdentifier, parts: parts)
    }

    package func adopt(_ part: SchemaPart) throws {
        try reach()
        try base.adopt(part)
    }

    package func claimedRoot() throws -> String? {
        try reach()
        return try base.claimedRoot()
    }

    package func loadTree() throws -> Context? {
        try reach()
        return try base.loadTree()
    }

    package func write(_ changes: StoreChanges) throws -> SavedRowIDs {
        if let left = writesUntilDown {
            isDown = isDown || left == 0
            writesUntilDown = left == 0 ? nil : left - 1
        }
        try reach()
        writes += 1
        if writeDelay > 0 { Thread.sleep(forTimeInterval: writeDelay) }
        return try base.write(changes)
    }

    @discardableResult
    package func upsert(_ snapshot: RunSnapshot) throws -> Bool {
        try reach()
        return try base.upsert(snapshot)
    }

    package func latestAttempt(contextID: Int64, student: String?) throws -> SavedAttempt? {
        try reach()
        return try base.latestAttempt(contextID: contextID, student: student)
    }

    package func runs(student: String?) throws -> (runs: [RunRecord], unreadable: [UnreadableRow]) {
        try reach()
        return try base.runs(student: student)
    }

    package func histories(of runs: [RunRecord]) throws -> (histories: [AttemptHistory], unreadable: [UnreadableRow]) {
        try reach()
        return try base.histories(of: runs)
    }

    package func acceptedStatementIDs(endpoint: String) throws -> Set<String> {
        try reach()
        return try base.acceptedStatementIDs(endpoint: endpoint)
    }

    package func recordAcceptedStatements(_ ids: [String], endpoint: String, at time: Double) throws {
        try reach()
        try base.recordAcceptedStatements(ids, endpoint: endpoint, at: time)
    }
}
