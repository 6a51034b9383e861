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
    /// - Parameter student: A name or id chosen by the caller, 1 to 256 characters, not blank. New
    ///   names are checked against ``NameRule`` at the door (``TrackingStore/checkStudentName(_:)``);
    ///   here only what any attempt needs, so a student on a roster from before that check can play.
    /// - Returns: The new activity, not yet started; it becomes ``currentActivity``.
    /// - Throws: ``TrackingError/invalidName(what:reason:)`` or ``TrackingError/contextRemoved``.
    @discardableResult
    public func createNewActivity(student: String) throws -> Activity {
        guard let store, !isRemoved else { throw TrackingError.contextRemoved }
        guard !Validate.isBlank(student), student.count <= Limits.studentNameCharacters else {
            throw TrackingError.invalidName(
                what: "student name", reason: "must be 1 to \(Limits.studentNameCharacters) characters, not blank")
        }
        currentActivity?.supersede()
        let activity = Activity(context: self, student: student, store: store)
        currentActivity = activity
        store.markDirty(activity)
        return activity
    }
}
