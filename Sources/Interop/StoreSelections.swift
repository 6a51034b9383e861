import Classroom
import Foundation
import Tracking

extension StatementBuilder {
    /// The statements of the attempts in `store`, oldest attempt first: those started `since` a
    /// date, of the students of the class `className`, and never a teacher's try-outs (no
    /// learner's statements).
    /// - Throws: ``Classroom/ClassroomError/unknownClass(_:)`` for a class the store lacks; the store's errors.
    public func statements(in store: TrackingStore, since: Date?, className: String?) throws -> [XAPIStatement] {
        let students = try className.map { name -> Set<String> in
            guard let found = try store.classes().first(where: { $0.name == name }) else {
                throw ClassroomError.unknownClass(name)
            }
            return Set(found.students)
        }
        let staff = try store.staffPlayers()
        return try store.attemptHistories(since: since, students: students).filter { !staff.contains($0.run.student) }
            .flatMap(statements)
    }
}

extension StatementPusher {
    /// Of `statements`, those the LRS at `endpoint` has not accepted yet (as `store` recorded),
    /// each once, and how many it had.
    public static func pending(
        _ statements: [XAPIStatement], in store: TrackingStore, endpoint: LRSEndpoint
    ) throws -> (pending: [XAPIStatement], acceptedBefore: Int) {
        var seen = try store.acceptedStatementIDs(endpoint: endpoint.key)
        let acceptedBefore = statements.count(where: { seen.contains($0.id) })
        return (statements.filter { seen.insert($0.id).inserted }, acceptedBefore)
    }
}

extension StatementPusher {
    /// A pusher to the LRS at `endpoint` over HTTP that records each accepted batch in `store`,
    /// waits between retries in short slices, and stops as soon as `isInterrupted` says so.
    /// - Parameters:
    ///   - credentials: Basic authentication, or nil for none.
    ///   - timeout: Seconds one try may take in all.
    ///   - isInterrupted: Whether Ctrl-C (or a hang-up, SIGTERM) asked to stop.
    public static func overHTTP(
        to endpoint: LRSEndpoint, credentials: LRSCredentials?, timeout: Double, store: TrackingStore,
        options: Options, isInterrupted: @escaping @Sendable () -> Bool
    ) -> StatementPusher {
        let transport = HTTPTransport(
            endpoint: endpoint, credentials: credentials, timeout: timeout, isInterrupted: isInterrupted)
        return StatementPusher(
            transport: transport, options: options,
            record: { ids in try store.recordAcceptedStatements(ids, endpoint: endpoint.key) },
            wait: { seconds in interruptibleSleep(seconds, isInterrupted: isInterrupted) },
            isInterrupted: isInterrupted)
    }

    /// Sleeps `seconds` in short slices; false as soon as `isInterrupted` turns true.
    static func interruptibleSleep(_ seconds: Double, isInterrupted: () -> Bool) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if isInterrupted() { return false }
            Thread.sleep(forTimeInterval: min(0.1, max(0, end.timeIntervalSinceNow)))
        }
        return !isInterrupted()
    }
}
