import Foundation
import Tracking

/// Shared by the Tracking and Classroom tests.

/// A clock the test advances by hand, so durations are exact and no test sleeps.
package final class VirtualClock {
    package var now = Date(timeIntervalSince1970: 1_800_000_000)

    package init() {}

    /// Moves time forward.
    package func advance(_ seconds: TimeInterval) { now += seconds }

    /// The closure to inject into a store.
    package var read: () -> Date { { self.now } }
}

package let rootID = "org.edujam.games"

/// The engine every model test runs against: the one line a second engine (``StoreEngine``) changes.
package func makeEngine() throws -> any StoreEngine {
    try SQLiteEngine(path: ":memory:")
}

/// A fresh store on a fresh engine, with a virtual clock.
package func makeStore(_ clock: VirtualClock = VirtualClock()) throws -> TrackingStore {
    try TrackingStore(engine: makeEngine(), rootIdentifier: rootID, rootTitle: "EduJam Games", clock: clock.read)
}

extension TrackingStore {
    /// The SQLite connection of a store opened on a file: for the tests that inspect, lock or
    /// damage its rows, which are SQLite's own tests.
    package var connection: Connection {
        guard let sqlite = engine as? SQLiteEngine else { preconditionFailure("not an SQLite store") }
        return sqlite.connection
    }
}

/// A path in a fresh temporary directory.
package func temporaryStorePath(_ name: String = "store.sqlite") -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tracking-tests-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    return dir.appendingPathComponent(name).path
}

/// Runs `body` and returns the TrackingError it throws, or nil.
package func trackingError(_ body: () throws -> Void) -> TrackingError? {
    do {
        try body()
        return nil
    } catch let error as TrackingError { return error } catch { return nil }
}

/// A started activity on a new game context, for item and progress tests.
package func startedActivity(_ clock: VirtualClock = VirtualClock()) throws -> (TrackingStore, Activity) {
    let store = try makeStore(clock)
    let game = try store.mainContext.addChild(identifier: "MATH-JAM", title: "Math Jam", type: .game)
    let activity = try game.createNewActivity(student: "ana")
    try activity.start()
    return (store, activity)
}
