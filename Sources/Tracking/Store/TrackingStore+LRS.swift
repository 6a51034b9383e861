import Foundation

/// What an LRS (learning record store) has accepted, so `edujam push` sends each statement once.
///
/// The store knows statements only by id and the LRS only by its endpoint text: it does not
/// build or read statements (that is Interop's job).
extension TrackingStore {
    /// The ids of the statements the LRS at `endpoint` has accepted.
    /// - Parameter endpoint: The LRS's normalized endpoint, as ``recordAcceptedStatements(_:endpoint:)`` got it.
    /// - Returns: Statement ids.
    /// - Throws: An engine error.
    public func acceptedStatementIDs(endpoint: String) throws -> Set<String> {
        try engine.acceptedStatementIDs(endpoint: endpoint)
    }

    /// Records that the LRS at `endpoint` accepted these statements, all in one transaction: after
    /// a crash or Ctrl-C either the whole batch is recorded or none of it (and it is sent again,
    /// which an LRS takes as a no-op for statements it already has).
    /// - Parameters:
    ///   - ids: The accepted statements' ids; ids already recorded are left as they are.
    ///   - endpoint: The LRS's normalized endpoint.
    /// - Throws: An engine error; then nothing of the batch is recorded.
    public func recordAcceptedStatements(_ ids: some Sequence<String>, endpoint: String) throws {
        try engine.recordAcceptedStatements(Array(ids), endpoint: endpoint, at: clock().timeIntervalSince1970)
    }
}
