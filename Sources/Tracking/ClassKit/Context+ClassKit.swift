/// ClassKit's `CLSContext` spellings, each forwarding to the EduJam member it names.
extension Context {
    /// ClassKit's `init(type:identifier:title:)` followed by `addChildContext(_:)`:
    /// ``addChild(identifier:title:type:)``. EduJam has no detached contexts, so creating and
    /// adding are one call.
    /// - Returns: The new child, written by the next save.
    /// - Throws: As ``addChild(identifier:title:type:)``.
    @discardableResult
    public func addChildContext(type: ContextType, identifier: String, title: String) throws -> Context {
        try addChild(identifier: identifier, title: title, type: type)
    }

    /// ClassKit's `setType(_:)`: assigns ``type``.
    /// - Parameter type: Anything but `.app` (checked at save).
    public func setType(_ type: ContextType) { self.type = type }

    /// ClassKit's `descendant(matchingIdentifierPath:)`: the context at `path` below this one,
    /// asking the store's ``TrackingStore/delegate`` for the missing ones
    /// (``descendant(at:creatingWith:)``).
    /// - Parameter path: Identifiers starting at a child of this context.
    /// - Returns: The context, or nil when one along the path is missing and the delegate (if any)
    ///   declined it.
    /// - Throws: Whatever the delegate throws, validation errors for its drafts, or a save error.
    public func descendant(matchingIdentifierPath path: [String]) throws -> Context? {
        try descendant(at: path, creatingWith: store?.delegate?.contextFactory)
    }

    /// ClassKit's `descendant(matchingIdentifierPath:completion:)`: ``descendant(matchingIdentifierPath:)``.
    /// - Parameters:
    ///   - path: Identifiers starting at a child of this context.
    ///   - completion: Called with the context (or nil), or with nil and the error.
    public func descendant(matchingIdentifierPath path: [String], completion: (Context?, (any Error)?) -> Void) {
        let outcome = Result { try descendant(matchingIdentifierPath: path) }
        completion(outcome.value ?? nil, outcome.error)
    }

    /// ClassKit's `suggestedCompletionTime`, in minutes there. EduJam's was in seconds in earlier
    /// versions; it is now ``suggestedCompletionMinutes``, so that neither ClassKit code nor older
    /// EduJam code compiles against a unit it did not mean.
    @available(
        *, unavailable, renamed: "suggestedCompletionMinutes",
        message: "in minutes, as ClassKit's suggestedCompletionTime (EduJam's was seconds before)"
    )
    public var suggestedCompletionTime: ClosedRange<Int>? {
        get { suggestedCompletionMinutes }
        set { suggestedCompletionMinutes = newValue }
    }
}
