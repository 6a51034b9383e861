import Foundation

extension TrackingStore {
    /// Commits everything changed since the last save in one transaction.
    ///
    /// Writes removed, new and modified contexts, then every changed activity and only the items
    /// that changed, plus the duration so far of every running activity. Contexts are validated
    /// first; if anything fails nothing is written and the pending changes stay pending.
    /// - Throws: A ``TrackingError`` validation case naming the first invalid context property,
    ///   or ``TrackingError/sqlite(code:message:sql:)``.
    public func save() throws {
        let contexts = dirtyContexts.values.filter { !$0.isRemoved }.sorted { $0.depth < $1.depth }
        for context in contexts { try context.validate() }
        let activities = pendingActivities()
        let now = clock().timeIntervalSince1970
        var contextIDs: [ObjectIdentifier: Int64] = [:]
        var activityIDs: [ObjectIdentifier: Int64] = [:]
        try connection.transaction {
            for path in removedPaths { try ContextRow.delete(path: path, connection: connection) }
            for context in contexts {
                let parentID = try context.parent.map { try rowID(of: $0, pending: contextIDs) }
                contextIDs[ObjectIdentifier(context)] = try ContextRow.upsert(context, parentID: parentID, connection: connection)
            }
            for activity in activities {
                guard let context = activity.context else { continue }
                let contextID = try rowID(of: context, pending: contextIDs)
                activityIDs[ObjectIdentifier(activity)] = try ActivityRow.write(activity, contextID: contextID, now: now, connection: connection)
            }
        }
        // Only after COMMIT: a rolled-back save must leave ids and dirty marks untouched.
        for context in contexts { context.rowID = contextIDs[ObjectIdentifier(context)] }
        for activity in activities { commit(activity, id: activityIDs[ObjectIdentifier(activity)]) }
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

    private func rowID(of context: Context, pending: [ObjectIdentifier: Int64]) throws -> Int64 {
        guard let id = pending[ObjectIdentifier(context)] ?? context.rowID else {
            throw TrackingError.contextRemoved  // an unsaved ancestor that is no longer in the tree
        }
        return id
    }

    private func commit(_ activity: Activity, id: Int64?) {
        if let id { activity.rowID = id }
        activity.eventCount += activity.pendingEvents.count
        activity.pendingEvents = []
        activity.items.dirty = []
        activity.items.removed = []
    }
}
