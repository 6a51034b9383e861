import Classroom
import Foundation
import GameContent
import Runtime
import Tracking

/// Where a played attempt counts, for the student to hear once the game ends: an attempt counts
/// for every assignment of the student that holds its activity (or the game above it) and ran the
/// published game; else it is practice. A launch the game never started counts for nothing.
public enum WhereItCounts: Equatable, Sendable {
    /// The game never started: it counts for no assignment.
    case notStarted
    /// The school server was away: the attempt waits in the outbox, to be sent.
    case keptOnThisComputer
    /// It counts for these assignments; `readyToHandIn` are those of them whose every activity
    /// is now done, in order.
    case assignments([Assignment], readyToHandIn: [Int64])
    /// It ran a version of its game the teacher retired: practice.
    case retiredVersion(GameVersion)
    /// Practice; `localCopy` when it ran a folder's copy that is none of the published versions.
    case practice(localCopy: Bool)

    /// Where `report`'s attempt, played from `source`, counts in `store`; nil when there is
    /// nothing to say (it never reached the store, or the store cannot say).
    public static func of(_ report: RunReport, in store: TrackingStore, source: GameSource) -> WhereItCounts? {
        guard report.record.started else { return .notStarted }
        guard !report.keptOnThisComputer else { return .keptOnThisComputer }
        guard report.record.id != 0 else { return nil }  // never reached the school server: kept in the outbox
        guard let assignments = try? store.assignments(countingAttempt: report.record.id) else { return nil }
        guard assignments.isEmpty else {
            let ready = (try? store.inbox(student: report.record.student))?.filter(\.readyToHandIn).map(\.assignmentId)
            let handIn = Set(assignments.map(\.id)).intersection(ready ?? []).sorted()
            return .assignments(assignments, readyToHandIn: handIn)
        }
        let game = store.relativePath(report.record.identifierPath).first ?? ""
        if let version = source.version,
            (try? store.retiredVersions())?.contains(where: { $0.version == version }) == true
        {
            return .retiredVersion(version)
        }
        return .practice(localCopy: source.isLocalCopy(of: game, in: store))
    }
}
