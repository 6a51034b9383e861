import Foundation

/// One attempt by one student at one context (ClassKit's `CLSActivity`).
///
/// Created by ``Context/createNewActivity(student:gameVersion:)``. Start and stop it around play; record
/// progress and items only while started. Every ``TrackingStore/save()`` writes its duration so
/// far, so a crash loses at most the time since the last save.
public final class Activity {
    /// Who made the attempt.
    public let student: String
    /// The attempt's identity beyond this store (an xAPI registration), made at creation.
    public let uuid: UUID
    /// The context's identifier path, root first.
    public let identifierPath: [String]
    /// The context attempted.
    public private(set) weak var context: Context?
    /// When the attempt was created.
    public let createdAt: Date
    /// When it was first started; equals ``createdAt`` until then.
    public internal(set) var startedAt: Date
    /// When ``end(outcome:)`` was called.
    public internal(set) var endedAt: Date?
    /// How it ended; `.running` until ``end(outcome:)``.
    ///
    /// This and the other state every item and progress call reads or changes (``isSuperseded``,
    /// ``hasStarted``, the running interval, the progress, items and events, the save mark) have
    /// unchecked exclusivity: an attempt is used from one thread at a time (it is not `Sendable`;
    /// ``TrackingStoreActor`` holds it for other threads), and no access to them calls out while
    /// it lasts (the items and ranges are plain values). The runtime check was two to four
    /// calls into the Swift runtime per `activity.*` call of a game.
    @exclusivity(unchecked) public internal(set) var outcome: RunOutcome = .running
    /// Who marked it done, if anyone. Independent of progress.
    public internal(set) var doneBy: DoneMarker?
    /// Whether a newer attempt replaced this one.
    @exclusivity(unchecked) public internal(set) var isSuperseded = false

    /// Whether ``start()`` was ever called: a launch never started counts for no assignment.
    @exclusivity(unchecked) public internal(set) var hasStarted = false
    /// The version of the game that ran this attempt (its content hash, ``GameVersionRule``), set
    /// when the attempt is created; nil for an attempt whose front end named none.
    public let gameVersion: String?
    var accumulated: TimeInterval = 0
    @exclusivity(unchecked) var runningSince: Date?
    @exclusivity(unchecked) var ranges = ProgressRanges()
    @exclusivity(unchecked) var items = ItemSet()
    var rowID: Int64?
    /// Events not saved yet, and how many there have been in all (the next sequence number).
    @exclusivity(unchecked) var pendingEvents:
        [(kind: AttemptEvent.Kind, at: Date, progress: Double?, outcome: RunOutcome?)] = []
    var eventCount = 0
    /// What the game observed from outside (``AttemptInputs``), nil for an attempt no game run
    /// recorded; and whether it changed since the last save.
    public internal(set) var inputs: AttemptInputs?
    var inputsChanged = false
    weak var store: TrackingStore?
    /// Whether the store holds this attempt among those to write at the next save: a change
    /// marks it there once, not on every item and progress a game records.
    @exclusivity(unchecked) var awaitsSave = false
    let clock: () -> Date

    init(context: Context, student: String, gameVersion: String?, store: TrackingStore) {
        self.uuid = UUID.random()
        self.student = student
        self.gameVersion = gameVersion
        self.identifierPath = context.identifierPath
        self.context = context
        self.store = store
        self.clock = store.clock
        let now = store.clock()
        self.createdAt = now
        self.startedAt = now
    }

    /// Rebuilds a saved attempt (``Context/currentActivity(student:)``), stopped, with its items,
    /// progress and duration; continuing it and saving updates the same row.
    init(restoring saved: SavedAttempt, context: Context, store: TrackingStore) {
        self.uuid = saved.uuid
        self.student = saved.student
        self.gameVersion = saved.gameVersion
        self.identifierPath = context.identifierPath
        self.context = context
        self.store = store
        self.clock = store.clock
        self.createdAt = saved.createdAt
        self.startedAt = saved.startedAt
        self.endedAt = saved.endedAt
        self.outcome = saved.outcome
        self.doneBy = saved.doneBy
        self.hasStarted = saved.hasStarted
        self.accumulated = saved.duration
        self.ranges = ProgressRanges(saved.ranges)
        self.items = ItemSet(restoring: saved.items, primary: saved.primaryItem)
        self.rowID = saved.rowID
        self.eventCount = saved.nextEvent
    }

    /// The stored row id, assigned by the first save that writes this activity.
    public var id: Int64? { rowID }
    /// Whether it is running (started and not stopped).
    public var isStarted: Bool { runningSince != nil }
    /// Whether someone marked it done.
    public var isDone: Bool { doneBy != nil }
    /// Whether it is still running (``outcome`` is `.running`) and whether it was ever started,
    /// read here for a front end that checks both on every call (the runtime's `activity.*`).
    /// Read from another module, each of the two properties cost a `swift_beginAccess` call
    /// (their unchecked exclusivity holds only inside this module): 70 a playthrough.
    /// Out of line for the same reason: inlined into the caller, the checks would come back.
    @inline(never)
    package var callState: (isRunning: Bool, hasStarted: Bool) { (outcome == .running, hasStarted) }
    /// Total length of the union of progress ranges, 0...1; never goes down within an attempt.
    ///
    /// Setting it is ClassKit's `progress =`: ``setProgress(_:)``, which adds `0...newValue`. A
    /// setter cannot throw, so, as in ClassKit, a refused value (outside 0...1, an attempt not
    /// started) is ignored; call ``setProgress(_:)`` to get the error.
    public var progress: Double {
        get { ranges.total }
        set { try? setProgress(newValue) }
    }
    /// The union of the progress ranges added, sorted.
    public var progressRanges: [ClosedRange<Double>] { ranges.ranges }

    /// Sum of every started interval, including the running one up to now.
    public var duration: TimeInterval { duration(at: clock()) }

    /// The duration as of `now`, within ``SafeNumbers/maximumDurationSeconds``.
    func duration(at now: Date) -> TimeInterval { SafeNumbers.duration(accumulated + liveInterval(at: now)) }

    func liveInterval(at now: Date) -> TimeInterval {
        runningSince.map { max(0, now.timeIntervalSince($0)) } ?? 0  // a clock stepping back adds nothing
    }

    /// Starts or resumes timing. Does nothing if already started.
    /// - Throws: ``TrackingError/activityEnded`` or ``TrackingError/activitySuperseded``.
    public func start() throws {
        try requireOpen()
        guard runningSince == nil else { return }
        let now = clock()
        if !hasStarted { startedAt = now }
        record(hasStarted ? .resumed : .started, at: now)
        hasStarted = true
        runningSince = now
        store?.didStart(self)
        changed()
    }

    /// Stops (pauses) timing. Does nothing if not started.
    /// - Throws: Never today; declared so callers need not change if stopping gains checks.
    public func stop() throws {
        try pause(recording: true)
    }

    private func pause(recording: Bool) throws {
        guard let since = runningSince else { return }
        let now = clock()
        accumulated = SafeNumbers.duration(accumulated + max(0, now.timeIntervalSince(since)))
        if recording { record(.stopped, at: now) }
        runningSince = nil
        store?.didStop(self)
        changed()
    }

    /// Stops the attempt and records how it ended; it can no longer change (except done marks).
    /// - Parameter outcome: Any outcome but `.running` and `.interrupted` (which readers derive).
    /// - Throws: ``TrackingError/invalidOutcome`` or ``TrackingError/activityEnded``.
    public func end(outcome: RunOutcome) throws {
        guard outcome != .running, outcome != .interrupted else { throw TrackingError.invalidOutcome }
        guard self.outcome == .running else { throw TrackingError.activityEnded }
        try pause(recording: false)  // an end is not a pause
        self.outcome = outcome
        endedAt = clock()
        record(.ended, at: endedAt!, outcome: outcome)
        changed()
    }

    /// Marks the attempt done. Done is separate from progress: `progress == 1` does not imply it.
    /// - Parameter marker: Who marked it.
    public func markDone(by marker: DoneMarker) {
        doneBy = marker
        changed()
    }

    /// Clears the done mark, for example when a teacher returns the work.
    public func markNotDone() {
        doneBy = nil
        changed()
    }

    /// Adds `start...end` to the progress union. An attempt keeps at most ``Limits/progressRanges``
    /// disjoint ranges: past it, the two with the smallest gap between them are joined.
    /// - Parameters:
    ///   - start: At least 0.
    ///   - end: At least `start`, at most 1.
    /// - Throws: ``TrackingError/nonFinite(field:)``, ``TrackingError/progressOutOfRange(start:end:)``
    ///   or, when the activity cannot change, ``TrackingError/notStarted`` and friends.
    public func addProgressRange(from start: Double, to end: Double) throws {
        try Validate.finite(start, field: "progress start")
        try Validate.finite(end, field: "progress end")
        if ProgressRule.violation(start: start, end: end) != nil {
            throw TrackingError.progressOutOfRange(start: start, end: end)
        }
        try requireMutable()
        let before = ranges.total
        ranges.insert(start...end)
        if ranges.total > before { record(.progressed, at: clock(), progress: ranges.total) }
        changed()
    }

    /// Sets progress the ClassKit way: adds `0...progress`, so progress never goes down.
    /// - Parameter progress: A fraction in 0...1.
    /// - Throws: As ``addProgressRange(from:to:)``.
    public func setProgress(_ progress: Double) throws {
        try addProgressRange(from: 0, to: progress)
    }

    /// Throws unless the attempt is still open (not ended, not superseded).
    func requireOpen() throws {
        if isSuperseded { throw TrackingError.activitySuperseded }
        if outcome != .running { throw TrackingError.activityEnded }
    }

    /// Throws unless progress and items may change: open and started.
    func requireMutable() throws {
        try requireOpen()
        guard isStarted else { throw TrackingError.notStarted }
    }

    /// Called by a newer attempt: stop and freeze.
    func supersede() {
        try? stop()  // stop cannot fail
        isSuperseded = true
        changed()
    }

    /// Keeps an event for the next save, within ``Limits/eventsPerAttempt`` with the last place
    /// kept for the end.
    private func record(_ kind: AttemptEvent.Kind, at date: Date, progress: Double? = nil, outcome: RunOutcome? = nil) {
        guard eventCount + pendingEvents.count < Limits.eventsPerAttempt - (kind == .ended ? 0 : 1) else { return }
        // Room for a run's events at once (a start, a progress per answer, a stop and an end):
        // grown from empty, the array was copied four times a run.
        if pendingEvents.capacity == 0 { pendingEvents.reserveCapacity(16) }
        pendingEvents.append((kind, date, progress, outcome))
    }

    /// Keeps `inputs` as the attempt's replay record (a game run hands over what it recorded so
    /// far before each save); the next save writes it when it changed.
    public func keepInputs(_ inputs: AttemptInputs) {
        guard inputs != self.inputs else { return }  // the same buffer, or a count that differs: no walk
        self.inputs = inputs
        inputsChanged = true
        changed()
    }

    /// Records a change so the next save writes this activity's row.
    func changed() {
        guard !awaitsSave else { return }
        store?.markDirty(self)
    }
}
