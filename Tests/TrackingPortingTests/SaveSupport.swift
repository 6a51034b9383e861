import Classroom
import Foundation
import Tracking

/// What the tests of partial saves, errors, relaunches, path look-ups and Done share: a store
/// file opened as an app would open it, and a clock the test moves by hand.
enum SaveFixture {
    static let root = "org.example.mathapp"

    /// A path in a fresh temporary folder, so two `TrackingStore`s can open the same file as two
    /// launches of an app would.
    static func storePath() -> String {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("porting-save-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent("store.sqlite").path
    }

    /// Opens (or creates) the store at `path`: one launch of the app.
    static func open(_ path: String, clock: ManualClock = ManualClock()) throws -> TrackingStore {
        try TrackingStore(path: path, rootIdentifier: root, rootTitle: "Math App", clock: clock.read)
    }

    /// The game and level contexts at `["GAME", level]`, declared the way an app declares them
    /// at launch (ClassKit's delegate).
    static func level(_ store: TrackingStore, _ level: String = "LEVEL-1") throws -> Context {
        let found = try store.descendant(at: ["GAME", level]) { identifier, parent, _ in
            ContextDraft(title: "Title of \(identifier)", type: parent === store.mainContext ? .game : .level)
        }
        guard let found else { throw ClassroomError.unknownPath(["GAME", level]) }
        return found
    }
}

/// A clock the test advances by hand, so durations are exact and attempts start after assignments.
final class ManualClock {
    var now = Date(timeIntervalSince1970: 1_900_000_000)

    func advance(_ seconds: TimeInterval) { now += seconds }

    var read: () -> Date { { self.now } }
}
