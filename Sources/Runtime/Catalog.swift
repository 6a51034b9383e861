import Foundation
import Sandbox
import Tracking

/// The games in a games folder, declared without being played (ClassKit's Catalog API).
public enum Catalog {
    /// One game folder and what loading it gave.
    public struct Entry {
        /// The game's folder.
        public var folder: String
        /// The declaration, when `game.lua` loaded.
        public var declaration: GameDeclaration?
        /// Why it did not load, when it did not.
        public var error: GameLoadError?
    }

    /// Every subfolder holding a `game.lua`, sorted by folder name; a broken game is
    /// listed with its error and the rest still load.
    public static func entries(in gamesFolder: String) throws -> [Entry] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: gamesFolder).sorted()
        } catch {
            throw GameLoadError.unreadable(path: gamesFolder, reason: "is not a readable folder")
        }
        return names.compactMap { name in
            let folder = (gamesFolder as NSString).appendingPathComponent(name)
            guard FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent("game.lua")) else {
                return nil
            }
            do {
                return Entry(folder: folder, declaration: try declaration(ofGameIn: folder), error: nil)
            } catch let error as GameLoadError {
                return Entry(folder: folder, declaration: nil, error: error)
            } catch {
                return Entry(folder: folder, declaration: nil, error: .unreadable(path: folder, reason: "\(error)"))
            }
        }
    }

    /// Loads a game's `game.lua` in a fresh sandbox and returns its declaration, without playing.
    public static func declaration(ofGameIn folder: String) throws -> GameDeclaration {
        let file = (folder as NSString).appendingPathComponent("game.lua")
        let run = try GameRun(file: file, channel: SilentChannel(), clock: .virtual(), store: nil, options: PlayOptions())
        return try GameLoadError.wrap { try LoadedGame.load(file: file, into: run) }.declaration
    }

    /// The folder of the game whose declared id is `id`, or nil.
    public static func folder(ofGame id: String, in gamesFolder: String) throws -> String? {
        try entries(in: gamesFolder).first { $0.declaration?.id == id }?.folder
    }

    /// Writes every loadable game's declaration into the store, in folder order.
    /// - Returns: the entries, so a caller can report the broken ones.
    @discardableResult
    public static func publish(_ entries: [Entry], into store: TrackingStore) throws -> [Entry] {
        for (order, declaration) in entries.compactMap(\.declaration).enumerated() {
            try Publisher.publish(declaration, in: store, order: order)
        }
        try store.save()
        return entries
    }
}

/// A channel for loading games without a student: shows nothing, answers nothing.
final class SilentChannel: PlayChannel {
    func handle(_ event: RunEvent) -> Reply? { nil }
}
