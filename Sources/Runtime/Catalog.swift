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
        let found = names.compactMap { name -> Entry? in
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
        return refusingDuplicateIDs(found)
    }

    /// Loads a game's `game.lua` in a fresh sandbox and returns its declaration, without playing.
    public static func declaration(ofGameIn folder: String) throws -> GameDeclaration {
        let file = (folder as NSString).appendingPathComponent("game.lua")
        let run = try GameRun(
            file: file, channel: SilentChannel(), clock: .virtual(), store: nil, options: PlayOptions())
        return try GameLoadError.wrap { try LoadedGame.load(file: file, into: run) }.declaration
    }

    /// Two games declaring one id (ignoring case, as `new` does) would write the same contexts into
    /// the store, and `play ID` would open either: every game in the clash becomes broken, with an
    /// error naming all their folders, rather than one being picked.
    private static func refusingDuplicateIDs(_ entries: [Entry]) -> [Entry] {
        var entries = entries
        let loaded = entries.indices.filter { entries[$0].declaration != nil }
        let clashes = Dictionary(grouping: loaded) { entries[$0].declaration?.id.lowercased() ?? "" }.values
        for indices in clashes where indices.count > 1 {
            let folders = indices.map { entries[$0].folder }
            for index in indices {
                entries[index].error = .duplicateID(entries[index].declaration?.id ?? "", folders: folders)
                entries[index].declaration = nil
            }
        }
        return entries
    }

    /// The game id the entry declares, loaded or refused as a duplicate; nil when it did not load.
    static func declaredID(_ entry: Entry) -> String? {
        if case .duplicateID(let id, _)? = entry.error { return id }
        return entry.declaration?.id
    }

    /// The folder of a game in `gamesFolder` that declares `id`, compared ignoring case, or nil
    /// (also when the folder cannot be read): what `edujam new` checks before taking an id.
    public static func folder(declaring id: String, in gamesFolder: String) -> String? {
        let games = (try? entries(in: gamesFolder)) ?? []
        return games.first { declaredID($0)?.lowercased() == id.lowercased() }?.folder
    }

    /// The duplicate-id error of each game in `gamesFolder` that has one, by folder name
    /// (`math-jam`); empty when the folder cannot be read.
    public static func duplicateIDs(in gamesFolder: String) -> [String: GameLoadError] {
        var errors: [String: GameLoadError] = [:]
        for entry in (try? entries(in: gamesFolder)) ?? [] {
            if let error = entry.error, case .duplicateID = error {
                errors[(entry.folder as NSString).lastPathComponent] = error
            }
        }
        return errors
    }

    /// Throws when another game beside `folder` (in its parent, the games folder) declares the same
    /// id: playing a folder must not quietly write over the other game's contexts.
    /// - Throws: ``GameLoadError/duplicateID(_:folders:)``.
    public static func requireUniqueID(ofGameIn folder: String) throws {
        if let error = duplicateIDs(in: PathText.parent(of: folder))[PathText.name(of: folder)] { throw error }
    }

    /// The folder of the game whose declared id is `id`, or nil.
    /// - Throws: ``GameLoadError/duplicateID(_:folders:)`` when several games declare it.
    public static func folder(ofGame id: String, in gamesFolder: String) throws -> String? {
        guard let entry = try entries(in: gamesFolder).first(where: { declaredID($0) == id }) else { return nil }
        if let error = entry.error { throw error }
        return entry.folder
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
