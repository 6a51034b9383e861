extension Context {
    /// Whether this is the store's active context.
    public var isActive: Bool { store?.activeContext === self }

    /// Makes this the one active context, resigning the previous one.
    /// - Throws: ``TrackingError/contextRemoved`` if the context was removed.
    public func becomeActive() throws {
        guard let store, !isRemoved else { throw TrackingError.contextRemoved }
        store.activeContext = self
    }

    /// Stops being the active context; does nothing if it was not active.
    public func resignActive() {
        if isActive { store?.activeContext = nil }
    }

    /// Starts a new attempt for `student`; the previous ``currentActivity`` is stopped and
    /// finalized (it keeps its outcome and can no longer change).
    /// - Parameter student: A name or id chosen by the caller, following ``NameRule``.
    /// - Returns: The new activity, not yet started; it becomes ``currentActivity``.
    /// - Throws: ``TrackingError/invalidName(what:reason:)`` or ``TrackingError/contextRemoved``.
    @discardableResult
    public func createNewActivity(student: String) throws -> Activity {
        guard let store, !isRemoved else { throw TrackingError.contextRemoved }
        try Validate.student(student)
        currentActivity?.supersede()
        let activity = Activity(context: self, student: student, store: store)
        currentActivity = activity
        store.markDirty(activity)
        return activity
    }
}
