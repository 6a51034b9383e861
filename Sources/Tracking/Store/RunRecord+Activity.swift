import Foundation

extension RunRecord {
    /// The record of an attempt as it stands in memory, saved or not.
    ///
    /// Playthrough tests read their report from here rather than from the store, so a
    /// thousand runs need no thousand queries. The id is 0 until the attempt is saved.
    /// - Parameter activity: The attempt.
    public init(activity: Activity) {
        let items = ([activity.primaryItem].compactMap { $0 } + activity.additionalItems)
        self.init(
            id: activity.id ?? 0, student: activity.student, identifierPath: activity.identifierPath,
            title: activity.context?.title ?? activity.identifierPath.last ?? "",
            outcome: activity.outcome, done: activity.isDone, started: activity.hasStarted,
            startedAt: ISO8601.string(fromEpoch: activity.startedAt.timeIntervalSince1970),
            durationSeconds: activity.duration, progress: activity.progress,
            primaryItem: activity.primaryItem?.identifier, gameVersion: activity.gameVersion,
            items: items.map(ItemRecord.init))
    }
}
