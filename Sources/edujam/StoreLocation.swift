import Foundation
import Runtime
import Tracking

/// Where the store lives: `--store`, else `EDUJAM_STORE`, else a file in the
/// user's data folder (`$XDG_DATA_HOME/edujam`, or `~/.local/share/edujam`).
enum StoreLocation {
    static func path(_ arguments: Arguments) throws -> String {
        if let path = arguments.value("--store") ?? ProcessInfo.processInfo.environment["EDUJAM_STORE"] {
            guard !path.isEmpty else { throw UsageError("--store (or EDUJAM_STORE) is empty") }
            return path
        }
        let environment = ProcessInfo.processInfo.environment
        let base = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (NSHomeDirectory() as NSString).appendingPathComponent(".local/share")
        let folder = (base as NSString).appendingPathComponent("edujam")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return (folder as NSString).appendingPathComponent("edujam.sqlite")
    }

    /// Opens (or creates) the store rooted at the collection's id.
    static func open(_ arguments: Arguments, collection: GameCollection, clock: RunClock) throws -> TrackingStore {
        let path = try path(arguments)
        do {
            return try TrackingStore(path: path, rootIdentifier: collection.id, rootTitle: collection.title,
                                     clock: { clock.date() })
        } catch {
            throw StoreError(path: path, underlying: error)
        }
    }
}

/// The store could not be opened or written: names the file.
struct StoreError: Error, CustomStringConvertible {
    let path: String
    let underlying: any Error
    var description: String { "store \(path): \(underlying)" }
}
