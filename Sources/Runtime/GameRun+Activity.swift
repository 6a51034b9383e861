import Sandbox
import Tracking

/// `activity.*`: the ClassKit-style reporting API a game calls.
extension GameRun {
    func registerActivityAPI() {
        // One closure per function, straight to the method: a table of closures wrapped again
        // per function cost two allocations a function and a thunk per call, for every run.
        registerActivity("start") { run, _ in try run.start() }
        registerActivity("stop") { run, call in try run.stop(call) }
        registerActivity("finish") { run, call in try run.finish(call) }
        registerActivity("done") { run, call in try run.playing(call).markDone(by: .game) }
        for kind in ItemKind.allCases {  // `activity.<kind>` sets an item of that kind
            switch kind {
            case .quantity: registerActivity(kind.rawValue) { run, call in try run.quantity(call) }
            case .binary: registerActivity(kind.rawValue) { run, call in try run.binary(call) }
            case .score: registerActivity(kind.rawValue) { run, call in try run.score(call) }
            }
        }
        registerActivity("primary") { run, call in try run.primary(call) }
        registerActivity("progress") { run, call in try run.progress(call) }
    }

    /// `activity.name`, which returns nothing to the script.
    private func registerActivity(_ name: String, _ body: @escaping (GameRun, HostCall) throws -> Void) {
        sandbox.register(name, in: "activity") { [unowned self] call in try body(self, call) }
    }

    /// The attempt, if the game is playing and has started it; else the error that says why not.
    private func playing(_ call: HostCall) throws -> Activity {
        guard let activity else {
            throw HostFunctionError.message(
                "activity.\(call.name) can only be called while the game plays (inside play)")
        }
        let state = activity.callState  // one call into Tracking, no exclusivity check (see there)
        guard state.isRunning else {
            throw HostFunctionError.message("activity.\(call.name) called after activity.finish(): the run is over")
        }
        guard state.hasStarted else {
            throw HostFunctionError.message("activity.\(call.name) called before activity.start()")
        }
        return activity
    }

    private func start() throws {
        guard let activity else {
            throw HostFunctionError.message("activity.start can only be called while the game plays (inside play)")
        }
        guard activity.callState.isRunning else {
            throw HostFunctionError.message("activity.start called after activity.finish(): the run is over")
        }
        try activity.context?.becomeActive()
        try activity.start()  // resumes a stopped attempt, as ClassKit does
    }

    private func stop(_ call: HostCall) throws {
        try playing(call).stop()
    }

    private func finish(_ call: HostCall) throws {
        let activity = try playing(call)
        try activity.stop()
        try activity.end(outcome: .finished)
        activity.context?.resignActive()
    }

    private func quantity(_ call: HostCall) throws {
        let activity = try playing(call)
        let (id, earlier) = try itemIdentifier(call, activity)
        let value = try finiteNumber(call, 2)
        try set(
            ActivityItem(identifier: id, title: try itemTitle(call, 3, id, earlier), value: .quantity(value)),
            on: activity, call, isKnown: earlier != nil)
    }

    private func binary(_ call: HostCall) throws {
        let activity = try playing(call)
        let (id, earlier) = try itemIdentifier(call, activity)
        let value = try call.boolean(2)
        let typeName = try call.optionalString(3) ?? "trueFalse"
        guard let type = BinaryValueType(rawValue: typeName) else {
            let names = BinaryValueType.allCases.map(\.rawValue)
            throw call.badArgument(
                3,
                "unknown value type '\(typeName)'" + Suggest.hint(for: typeName, among: names)
                    + "; use one of \(names.joined(separator: ", "))")
        }
        let title = try itemTitle(call, 4, id, earlier)
        try set(
            ActivityItem(identifier: id, title: title, value: .binary(value, type)), on: activity, call,
            isKnown: earlier != nil)
    }

    private func score(_ call: HostCall) throws {
        let activity = try playing(call)
        let (id, earlier) = try itemIdentifier(call, activity)
        let score = try finiteNumber(call, 2)
        let maxScore = try finiteNumber(call, 3)
        if let violation = ScoreRule.violation(score: score, maxScore: maxScore) {
            throw call.badArgument(violation.field == "maxScore" ? 3 : 2, violation.description)
        }
        let title = try itemTitle(call, 4, id, earlier)
        try set(
            ActivityItem(identifier: id, title: title, value: .score(score, maxScore: maxScore)), on: activity, call,
            isKnown: earlier != nil)
    }

    private func primary(_ call: HostCall) throws {
        let activity = try playing(call)
        let (id, _) = try itemIdentifier(call, activity)
        try tracked(call) { try activity.setPrimaryItem(withIdentifier: id) }  // now, or when first set
    }

    private func progress(_ call: HostCall) throws {
        let activity = try playing(call)
        let from = try finiteNumber(call, 1)
        let to = call.isNil(2) ? nil : try finiteNumber(call, 2)
        // Each end by itself first, then the order: two checks, not an array of them made per call.
        if let violation = ProgressRule.violation(from) { throw call.badArgument(1, violation.description) }
        if let violation = ProgressRule.violation(to ?? from) { throw call.badArgument(2, violation.description) }
        if let to {
            if let violation = ProgressRule.violation(start: from, end: to) {
                throw call.badArgument(2, "the \(violation)")
            }
            try tracked(call) { try activity.addProgressRange(from: from, to: to) }
        } else {
            try tracked(call) { try activity.setProgress(from) }
        }
        _ = channel.handle(.progress(activity.progress))
    }

    // MARK: Checking arguments

    /// Records an item whose arguments were checked as they were read (the model checks only
    /// what no argument check covers: a blank identifier, and not for an identifier the attempt
    /// has an item under already, `isKnown`), and tells the channel.
    private func set(_ item: ActivityItem, on activity: Activity, _ call: HostCall, isKnown: Bool) throws {
        try tracked(call) { try activity.record(checkedItem: item, isKnown: isKnown) }
        _ = channel.handle(.item(ItemRecord(item)))
    }

    /// Turns the tracking model's refusal into a Lua error naming the call.
    private func tracked(_ call: HostCall, _ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as TrackingError {
            throw HostFunctionError.message("activity.\(call.name): \(error)")
        }
    }

    /// The item identifier argument, and the item the attempt has under it already. (Found by
    /// the argument's bytes in place instead, a known identifier cost more than the `String`
    /// made here: the lookup copied the items.)
    private func itemIdentifier(_ call: HostCall, _ activity: Activity) throws -> (String, earlier: ActivityItem?) {
        let id = try call.string(1)
        if let violation = IdentifierRule.violation(id, of: .item) { throw call.badArgument(1, violation.description) }
        return (id, activity.item(withIdentifier: id))
    }

    /// The title argument at `position`; when absent, the earlier item's title or the identifier.
    private func itemTitle(_ call: HostCall, _ position: Int, _ id: String, _ earlier: ActivityItem?) throws -> String {
        if call.isNil(position) { return earlier?.title ?? id }  // keep an earlier title
        // The title the item has, given again (a game sets it with every answer): the String
        // checked the first time, compared in place, not made and checked again.
        if let earlier, try call.withBytes(position, { earlier.title.hasUTF8($0) }) { return earlier.title }
        let title = try call.string(position)
        if let overrun = Limits.title.overrun(title) { throw call.badArgument(position, overrun.description) }
        guard !Validate.isBlank(title) else { throw call.badArgument(position, "title must not be blank") }
        return title
    }

    private func finiteNumber(_ call: HostCall, _ position: Int) throws -> Double {
        let value = try call.number(position)
        guard value.isFinite else {
            throw call.badArgument(position, "number must be finite, got \(TeacherNumber.exact(value))")
        }
        return value
    }
}
