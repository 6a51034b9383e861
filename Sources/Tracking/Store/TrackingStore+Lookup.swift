extension TrackingStore {
    /// Strips a leading root identifier, so paths work with or without it (as in ClassKit).
    package func relativePath(_ path: [String]) -> [String] {
        path.first == rootIdentifier ? Array(path.dropFirst()) : path
    }

    /// The context at `path`, without creating anything.
    /// - Parameter path: Identifiers, with or without the root identifier first; empty means the root.
    /// - Returns: The context, or nil if any identifier along the path is missing.
    /// - Throws: Nothing today; declared so lookups may read the database later.
    public func context(at path: [String]) throws -> Context? {
        var current = mainContext
        for identifier in relativePath(path) {
            guard let next = current.child(identifier) else { return nil }
            current = next
        }
        return current
    }

    /// The context at `path`, asking `factory` to create each missing one along the way
    /// (ClassKit's `descendant(matchingIdentifierPath:)` with its data store delegate).
    ///
    /// When anything was created the store saves, as ClassKit does after its delegate runs.
    /// - Parameters:
    ///   - path: Identifiers, with or without the root identifier first.
    ///   - factory: Called with (identifier, parent, parent path) for each missing context.
    /// - Returns: The context, or nil when `factory` returned nil for one along the way.
    /// - Throws: Whatever `factory` throws, validation errors for its drafts, or a save error.
    public func descendant(at path: [String], creatingWith factory: ContextFactory?) throws -> Context? {
        try mainContext.descendant(at: relativePath(path), creatingWith: factory)
    }

    /// The contexts along `path`, in path order (ClassKit's `contexts(matchingIdentifierPath:)`):
    /// `["GAME", "LEVEL-1"]` gives GAME, then LEVEL-1. The main context is not in the list, as in
    /// Apple's documentation; ``contextChain(matchingIdentifierPath:creatingWith:)`` starts with it.
    /// - Parameters:
    ///   - path: Identifiers, with or without the root identifier first; empty returns `[]`.
    ///   - factory: Called for each missing context; without one the list stops at the first gap.
    /// - Returns: Each context found or created, in path order.
    /// - Throws: Whatever `factory` throws, validation errors, or a save error.
    public func contexts(matchingIdentifierPath path: [String], creatingWith factory: ContextFactory? = nil) throws
        -> [Context]
    {
        guard !path.isEmpty else { return [] }
        return try mainContext.contexts(along: relativePath(path), creatingWith: factory)
    }

    /// The whole chain from the main context down along `path`: the main context, then each
    /// context of ``contexts(matchingIdentifierPath:creatingWith:)``.
    /// - Parameters:
    ///   - path: Identifiers, with or without the root identifier first; empty returns `[]`.
    ///   - factory: Called for each missing context; without one the chain stops at the first gap.
    /// - Returns: The main context followed by each context found or created.
    /// - Throws: Whatever `factory` throws, validation errors, or a save error.
    public func contextChain(matchingIdentifierPath path: [String], creatingWith factory: ContextFactory? = nil) throws
        -> [Context]
    {
        guard !path.isEmpty else { return [] }
        return [mainContext] + (try contexts(matchingIdentifierPath: path, creatingWith: factory))
    }

    /// Marks `context` and all its descendants for removal at the next save.
    ///
    /// They disappear from look-ups at once; their activities stop and stay unsaved.
    /// Removing a context removes its attempts from the store, as removal cascades.
    /// - Parameter context: Any context but the main one.
    /// - Throws: ``TrackingError/cannotRemoveRoot``.
    public func remove(_ context: Context) throws {
        guard context !== mainContext else { throw TrackingError.cannotRemoveRoot }
        guard !context.isRemoved else { return }
        for member in context.subtree {
            member.isRemoved = true
            dirtyContexts.removeValue(forKey: ObjectIdentifier(member))
            if member.isActive { activeContext = nil }
            for activity in member.liveActivities {
                activity.supersede()
                unmarkDirty(activity)
            }
        }
        context.parent?.detach(context)
        removedPaths.append(context.identifierPath)
    }
}
