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
