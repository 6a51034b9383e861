/// Creates the contexts a ClassKit-spelled look-up finds missing (ClassKit's `CLSDataStoreDelegate`).
///
/// Set it as ``TrackingStore/delegate``. ``Context/descendant(matchingIdentifierPath:)`` and
/// ``TrackingStore/contexts(matchingIdentifierPath:)`` ask it once for each missing identifier,
/// in path order, as ClassKit asks its delegate; the EduJam spellings take the same answer as a
/// ``ContextFactory`` argument instead.
public protocol TrackingStoreDelegate: AnyObject {
    /// ClassKit's `createContext(forIdentifier:parentContext:parentIdentifierPath:)`.
    ///
    /// Returns a ``ContextDraft`` where ClassKit returns a new `CLSContext`: EduJam has no
    /// detached contexts, so the store creates the context from the draft under `parentContext`
    /// (and saves, as ClassKit does).
    /// - Parameters:
    ///   - identifier: The missing identifier.
    ///   - parentContext: The context that will hold it.
    ///   - parentIdentifierPath: The parent's identifier path, root first.
    /// - Returns: The draft to create, or nil to leave the path incomplete.
    func createContext(forIdentifier identifier: String, parentContext: Context, parentIdentifierPath: [String])
        throws -> ContextDraft?
}

extension TrackingStoreDelegate {
    /// This delegate as the ``ContextFactory`` that the EduJam look-ups take.
    var contextFactory: ContextFactory {
        { try self.createContext(forIdentifier: $0, parentContext: $1, parentIdentifierPath: $2) }
    }
}
