import Foundation

extension TrackingStore {
    /// Commits every valid change since the last save in one transaction, and refuses the others
    /// (ClassKit's `save` with its `partialFailure`).
    ///
    /// Writes removed, new and modified contexts, then every changed activity and only the items
    /// that changed, plus the duration so far of every running activity. Each context is validated
    /// on its own: one that breaks a rule (a blank title, a summary too long) is refused and stays
    /// pending, and everything else is written, so a problem in the catalog never holds a
    /// student's results back. Only what hangs from a refused context that was *never saved*
    /// waits with it (its new child contexts, and attempts at them), since there is no row to
    /// attach them to yet; they are refused with ``TrackingError/contextNotSaved(_:)`` and written
    /// by the first save after the fix. If the engine fails (a busy or read-only store) nothing is
    /// written and every change stays pending.
    /// - Throws: ``TrackingError/partialFailure(refused:)`` naming each refused object, why and
    ///   its category, after committing the rest; or an engine error such as
    ///   ``TrackingError/sqlite(code:message:sql:)`` with nothing written.
    public func save() throws {
        var triage = SaveTriage()
        let contexts = try dirtyContexts.values.filter { !$0.isRemoved }
            .sorted {
                $0.depth != $1.depth
                    ? $0.depth < $1.depth : $0.identifierPath.lexicographicallyPrecedes($1.identifierPath)
            }
            .filter { try triage.accept($0) }
        let activities = pendingActivities().filter { triage.accept($0) }
        let ids = try engine.write(
            StoreChanges(
                removedPaths: removedPaths, contexts: contexts, activities: activities, now: clock()))
        // Only after COMMIT: a rolled-back save must leave ids and dirty marks untouched, and an
        // object the engine refused stays pending.
        for context in contexts {
            guard let id = ids.contexts[ObjectIdentifier(context)] else { continue }
            context.rowID = id
            dirtyContexts.removeValue(forKey: ObjectIdentifier(context))
        }
        for activity in activities {
            guard let id = ids.activities[ObjectIdentifier(activity)] else { continue }
            commit(activity, id: id)
            unmarkDirty(activity)
        }
        removedPaths = []
        let refused = triage.refused + ids.refused
        if !refused.isEmpty { throw TrackingError.partialFailure(refused: refused) }
    }

    /// Changed activities plus running ones (their duration grows), oldest first, minus removed.
    private func pendingActivities() -> [Activity] {
        var byID = dirtyActivities
        for activity in runningActivities { byID[ObjectIdentifier(activity)] = activity }
        return byID.values
            .filter { $0.context.map { !$0.isRemoved } ?? false }
            .sorted { $0.createdAt < $1.createdAt }
    }

    private func commit(_ activity: Activity, id: Int64) {
        activity.rowID = id
        activity.eventCount += activity.pendingEvents.count
        activity.pendingEvents = []
        activity.inputsChanged = false
        activity.items.markSaved()
    }
}

/// Sorts one save's changes into those written and those refused.
private struct SaveTriage {
    /// The refused changes, in the order met: contexts parents first, then attempts oldest first.
    var refused: [RefusedChange] = []
    /// Refused contexts that have no row yet, each with the path of the context whose own rule
    /// failed (itself, or the refused ancestor it waits for).
    private var unsaved: [ObjectIdentifier: [String]] = [:]

    /// Whether `context` may be written; records why not. Contexts come parents first.
    /// - Throws: Only an error that is not a rule's (``TrackingError``), which fails the save.
    mutating func accept(_ context: Context) throws -> Bool {
        let object = TrackedObject.context(identifierPath: context.identifierPath)
        if let cause = waitingCause(context.parent) {
            refuse(object, .contextNotSaved(cause))
            unsaved[ObjectIdentifier(context)] = cause
            return false
        }
        do {
            try context.validate()
            return true
        } catch let error as TrackingError {
            refuse(object, error)
            if context.rowID == nil { unsaved[ObjectIdentifier(context)] = context.identifierPath }
            return false
        }
    }

    /// Whether `activity` may be written: not while its context waits for a refused one.
    mutating func accept(_ activity: Activity) -> Bool {
        guard let cause = waitingCause(activity.context) else { return true }
        refuse(.attempt(identifierPath: activity.identifierPath, uuid: activity.uuid), .contextNotSaved(cause))
        return false
    }

    /// The path of the refused, never-saved context that `context` (or an ancestor) waits for.
    private func waitingCause(_ context: Context?) -> [String]? {
        var current = context
        while let next = current {
            if let cause = unsaved[ObjectIdentifier(next)] { return cause }
            current = next.parent
        }
        return nil
    }

    private mutating func refuse(_ object: TrackedObject, _ reason: TrackingError) {
        refused.append(RefusedChange(object: object, reason: reason))
    }
}
