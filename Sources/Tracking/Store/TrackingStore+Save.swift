import Foundation

extension TrackingStore {
    /// Commits everything changed since the last save in one transaction.
    ///
    /// Writes removed, new and modified contexts, then every changed activity and only the items
    /// that changed, plus the duration so far of every running activity. Contexts are validated
    /// first; if anything fails nothing is written and the pending changes stay pending.
    /// - Throws: A ``TrackingError`` validation case naming the first invalid context property,
    ///   or an engine error such as ``TrackingError/sqlite(code:message:sql:)``.
    public func save() throws {
        let contexts = dirtyContexts.values.filter { !$0.isRemoved }.sorted { $0.depth < $1.depth }
        for context in contexts { try context.validate() }
        let activities = pendingActivities()
        let ids = try engine.write(
            StoreChanges(
                removedPaths: removedPaths, contexts: contexts, activities: activities, now: clock()))
        // Only after COMMIT: a rolled-back save must leave ids and dirty marks untouched.
        for context in contexts { context.rowID = ids.contexts[ObjectIdentifier(context)] }
        for activity in activities { commit(activity, id: ids.activities[ObjectIdentifier(activity)]) }
        dirtyContexts = [:]
        dirtyActivities = [:]
        removedPaths = []
    }

    /// Changed activities plus running ones (their duration grows), oldest first, minus removed.
    private func pendingActivities() -> [Activity] {
        var byID = dirtyActivities
        for activity in runningActivities { byID[ObjectIdentifier(activity)] = activity }
        return byID.values
            .filter { $0.context.map { !$0.isRemoved } ?? false }
            .sorted { $0.createdAt < $1.createdAt }
    }

    private func commit(_ activity: Activity, id: Int64?) {
        if let id { activity.rowID = id }
        activity.eventCount += activity.pendingEvents.count
        activity.pendingEvents = []
        activity.items.dirty = []
        activity.items.removed = []
    }
}
