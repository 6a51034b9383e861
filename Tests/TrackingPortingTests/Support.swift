import Foundation
import Tracking

/// The bundle identifier a ported ClassKit app would have: the main context's identifier.
let bundleID = "com.example.mathapp"

/// A fresh store file in its own temporary folder, as an embedding app would open one.
func temporaryStorePath() -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("porting-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder.appendingPathComponent("tracking.sqlite").path
}

/// Opens (or reopens) the store at `path` for the app.
func openStore(_ path: String) throws -> TrackingStore {
    try TrackingStore(path: path, rootIdentifier: bundleID, rootTitle: "Math App")
}

/// A ClassKit app's data store delegate, ported: a game at the top, levels below it.
///
/// Stateless, so `Sendable`: a test can hand the store it is set on to an actor and keep it alive.
final class ContextProvider: TrackingStoreDelegate, Sendable {
    func createContext(forIdentifier identifier: String, parentContext: Context, parentIdentifierPath: [String])
        -> ContextDraft?
    {
        guard !identifier.hasPrefix("unknown") else { return nil }
        return ContextDraft(
            title: identifier.capitalized, type: parentIdentifierPath.count == 1 ? .game : .level, topic: .math)
    }
}
