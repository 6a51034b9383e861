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

    /// The latest attempt at this context (ClassKit's `currentActivity`): the one created or
    /// restored last in this session, or else the latest saved one, of any student, restored
    /// from the store with its items, progress and duration.
    ///
    /// So `try context.currentActivity ?? context.createNewActivity(student:)` continues the
    /// attempt of the last launch instead of leaving it `running` for ever; saving it updates the
    /// same row. In a store shared by several students, ask ``currentActivity(student:)``, which
    /// never hands one student another's attempt. An ended attempt is restored too (as ClassKit
    /// returns the last activity); it can no longer change, so start a new one to play on.
    /// - Throws: ``TrackingError/corruptRow(_:)`` or an engine error while reading the store.
    public var currentActivity: Activity? {
        get throws {
            if let latestActivity { return latestActivity }
            guard !restoredLatest else { return nil }
            let found = try restoreLatestAttempt(student: nil)
            restoredLatest = true
            return found
        }
    }

    /// `student`'s latest attempt at this context: the one created or restored in this session,
    /// or else their latest saved one, restored (see ``currentActivity``). The store is read once
    /// per student and context.
    /// - Parameter student: The student.
    /// - Returns: The attempt, or nil when the student has none here (or the context was removed).
    /// - Throws: ``TrackingError/corruptRow(_:)`` or an engine error while reading the store.
    public func currentActivity(student: String) throws -> Activity? {
        if let live = currentByStudent[student] { return live }
        guard !restoredStudents.contains(student) else { return nil }
        let found = try restoreLatestAttempt(student: student)
        restoredStudents.insert(student)
        return found
    }

    /// Starts a new attempt for `student`; the student's previous ``currentActivity(student:)``
    /// in this session is stopped and finalized (it keeps its outcome and can no longer change).
    /// Another student's attempt at the same context is left alone.
    /// - Parameters:
    ///   - student: A name or id chosen by the caller, not blank, within ``Limits/studentNameCharacters``. New
    ///     names are checked against ``NameRule`` at the door (``TrackingStore/checkStudentName(_:)``);
    ///     here only what any attempt needs, so a student on a roster from before that check can play.
    ///   - gameVersion: The version of the game that runs the attempt (``GameVersionRule``), or nil
    ///     when the caller has none.
    /// - Returns: The new activity, not yet started; it becomes ``currentActivity``.
    /// - Throws: ``TrackingError/invalidName(what:reason:)``, ``TrackingError/identifierRefused(what:reason:)``
    ///   for a malformed version, or ``TrackingError/contextRemoved``.
    @discardableResult
    public func createNewActivity(student: String, gameVersion: String? = nil) throws -> Activity {
        guard let store, !isRemoved else { throw TrackingError.contextRemoved }
        guard !Validate.isBlank(student), student.count <= Limits.studentNameCharacters else {
            throw TrackingError.invalidName(
                what: "student name", reason: "must be 1 to \(Limits.studentNameCharacters) characters, not blank")
        }
        if let violation = gameVersion.flatMap(GameVersionRule.violation) {
            throw TrackingError.identifierRefused(what: "game version", reason: violation.reason)
        }
        currentByStudent[student]?.supersede()
        let activity = Activity(context: self, student: student, gameVersion: gameVersion, store: store)
        makeCurrent(activity)
        store.markDirty(activity)
        return activity
    }

    /// Every attempt live in this session, for removal.
    var liveActivities: [Activity] { Array(currentByStudent.values) }

    /// Reads the latest saved attempt (of `student`, or anyone's) and makes it current. A student
    /// who already has a live attempt keeps it: it is that row or a newer one.
    private func restoreLatestAttempt(student: String?) throws -> Activity? {
        guard let store, !isRemoved, let rowID else { return nil }  // never saved: no attempts either
        guard let saved = try store.engine.latestAttempt(contextID: rowID, student: student) else { return nil }
        if let live = currentByStudent[saved.student] { return live }
        let activity = Activity(restoring: saved, context: self, store: store)
        makeCurrent(activity)
        return activity
    }

    private func makeCurrent(_ activity: Activity) {
        currentByStudent[activity.student] = activity
        latestActivity = activity
    }
}
