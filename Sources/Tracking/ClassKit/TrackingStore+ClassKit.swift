/// ClassKit's `CLSDataStore` spellings, each forwarding to the EduJam member it names, so a
/// ClassKit app ports line by line (docs/tracking-model.md, "Porting from ClassKit").
///
/// The completion handlers run before the method returns, on the caller's thread: the store is
/// synchronous. Code that needs ClassKit's "later, on another thread" uses ``TrackingStoreActor``.
extension TrackingStore {
    /// ClassKit's `CLSDataStore.mainAppContext`: ``mainContext``.
    public var mainAppContext: Context { mainContext }

    /// ClassKit's `save(completion:)`: ``save()``, then `completion` with its error or nil.
    /// - Parameter completion: Called once the save committed (nil) or failed (the error).
    public func save(completion: (((any Error)?) -> Void)?) {
        let outcome = Result { try save() }
        completion?(outcome.error)
    }

    /// ClassKit's `contexts(matchingIdentifierPath:)`: every context along `path`, root first,
    /// asking ``delegate`` for the missing ones (``contexts(matchingIdentifierPath:creatingWith:)``).
    /// - Parameter path: Identifiers, with or without the root identifier first.
    /// - Throws: Whatever the delegate throws, validation errors for its drafts, or a save error.
    public func contexts(matchingIdentifierPath path: [String]) throws -> [Context] {
        try contexts(matchingIdentifierPath: path, creatingWith: delegate?.contextFactory)
    }

    /// ClassKit's `contexts(matchingIdentifierPath:completion:)`: ``contexts(matchingIdentifierPath:)``.
    /// - Parameters:
    ///   - path: Identifiers, with or without the root identifier first.
    ///   - completion: Called with the contexts, or with `[]` and the error.
    public func contexts(matchingIdentifierPath path: [String], completion: ([Context], (any Error)?) -> Void) {
        let outcome = Result { try contexts(matchingIdentifierPath: path) }
        completion(outcome.value ?? [], outcome.error)
    }

    /// ClassKit's `contexts(matching:completion:)`, with a ``ContextQuery`` for the `NSPredicate`:
    /// ``contexts(matching:)``, which cannot fail.
    /// - Parameters:
    ///   - query: The fields to match.
    ///   - completion: Called with the matching contexts and no error.
    public func contexts(matching query: ContextQuery, completion: ([Context], (any Error)?) -> Void) {
        completion(contexts(matching: query), nil)
    }
}
