extension Context {
    /// Creates a child context (ClassKit's `init(type:identifier:title:)` plus `addChildContext`).
    ///
    /// The child is written by the next ``TrackingStore/save()``.
    /// - Parameters:
    ///   - identifier: Unique among this context's children; within ``Limits/contextIdentifierBytes``.
    ///   - title: Non-blank, within ``Limits/title``.
    ///   - type: Anything but `.app`, which is reserved for the main context.
    /// - Returns: The new child.
    /// - Throws: ``TrackingError/contextRemoved``, ``TrackingError/reservedType``,
    ///   ``TrackingError/depthExceeded(depth:)``, ``TrackingError/duplicateIdentifier(_:)`` or an
    ///   identifier or title validation error.
    @discardableResult
    public func addChild(identifier: String, title: String, type: ContextType) throws -> Context {
        guard let store, !isRemoved else { throw TrackingError.contextRemoved }
        guard type != .app else { throw TrackingError.reservedType }
        try Validate.identifier(identifier, of: .context, what: "context identifier")
        try Validate.title(title)
        guard depth + 1 <= Limits.depth else { throw TrackingError.depthExceeded(depth: depth + 1) }
        guard childrenByID[identifier] == nil else { throw TrackingError.duplicateIdentifier(identifier) }
        let child = Context(identifier: identifier, title: title, type: type, parent: self, date: store.clock())
        attach(child)
        store.markDirty(child)
        return child
    }

    /// Links `child` under this context and into the store; used by creation and loading.
    func attach(_ child: Context) {
        childrenByID[child.identifier] = child
        child.store = store
    }

    /// Detaches `child` without recording anything; used by removal.
    func detach(_ child: Context) {
        childrenByID.removeValue(forKey: child.identifier)
    }

    /// The child with `identifier`, if any.
    /// - Parameter identifier: A child identifier.
    /// - Returns: The child or nil.
    public func child(_ identifier: String) -> Context? { childrenByID[identifier] }

    /// Finds the descendant at `path`, relative to this context, asking `factory` to create each
    /// missing context along the way (ClassKit's `descendant(matchingIdentifierPath:)`).
    ///
    /// When anything was created, the store saves, as ClassKit does after its delegate runs.
    /// - Parameters:
    ///   - path: Identifiers starting at a child of this context.
    ///   - factory: Asked for each missing identifier; nil leaves the path incomplete.
    /// - Returns: The context at the end of the path, or nil if `factory` declined one.
    /// - Throws: Whatever `factory` throws, validation errors for its drafts, or a save error.
    public func descendant(at path: [String], creatingWith factory: ContextFactory? = nil) throws -> Context? {
        let chain = try contexts(along: path, creatingWith: factory)
        return chain.count == path.count ? (chain.last ?? self) : nil
    }

    /// Every context along `path` below this one, creating missing ones through `factory`.
    /// - Parameters:
    ///   - path: Identifiers starting at a child of this context.
    ///   - factory: Asked for each missing identifier.
    /// - Returns: The contexts found or created, in path order; shorter than `path` if one is missing.
    /// - Throws: Whatever `factory` throws, validation errors, or a save error.
    func contexts(along path: [String], creatingWith factory: ContextFactory?) throws -> [Context] {
        var chain: [Context] = []
        var current = self
        var created = false
        for identifier in path {
            if let existing = current.childrenByID[identifier] {
                current = existing
            } else {
                guard let factory, let draft = try factory(identifier, current, current.identifierPath) else { break }
                current = try current.addChild(identifier: identifier, title: draft.title, type: draft.type)
                draft.apply(to: current)
                created = true
            }
            chain.append(current)
        }
        if created { try saveCreated(chain) }
        return chain
    }

    /// Saves the contexts just created for a look-up. Refusals of other pending changes are not
    /// this look-up's failure: they stay pending and the caller's next ``TrackingStore/save()``
    /// reports them. A refusal of a context along `chain` is thrown.
    private func saveCreated(_ chain: [Context]) throws {
        do {
            try store?.save()
        } catch TrackingError.partialFailure(let refused) {
            let paths = Set(chain.map(\.identifierPath))
            let ours = refused.filter { if case .context(let path) = $0.object { paths.contains(path) } else { false } }
            if !ours.isEmpty { throw TrackingError.partialFailure(refused: ours) }
        }
    }

    /// Removes this context and all its descendants at the next save (ClassKit's `removeFromParent()`).
    /// - Throws: ``TrackingError/cannotRemoveRoot`` for the main context.
    public func removeFromParent() throws {
        guard let store else { throw TrackingError.contextRemoved }
        try store.remove(self)
    }

    /// This context and every descendant, parents before children.
    var subtree: [Context] {
        [self] + children.flatMap(\.subtree)
    }
}
