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

    /// Reads the declarations of the games in `folders`, one result per folder, in order.
    ///
    /// Each `game.lua` is untrusted code: ``inThisProcess`` runs them here, where a game that
    /// reaches the sandbox's last resort ends the whole process; the `edujam` command passes a
    /// loader that runs each in a process of its own (`docs/sandbox.md`).
    public typealias DeclarationLoader = @Sendable ([String]) -> [Result<GameDeclaration, GameLoadError>]

    /// Runs each game's `game.lua` in a fresh sandbox in this process (trusted games, tests,
    /// the bench, the child process that `edujam` starts for one game).
    public static let inThisProcess: DeclarationLoader = { folders in folders.map(result(ofGameIn:)) }

    /// The declaration of the game in `folder`, or why it did not load, as a value.
    public static func result(ofGameIn folder: String) -> Result<GameDeclaration, GameLoadError> {
        do {
            return .success(try declaration(ofGameIn: folder))
        } catch let error as GameLoadError {
            return .failure(error)
        } catch {
            return .failure(.unreadable(path: folder, reason: "\(error)"))
        }
    }

    /// Every subfolder holding a `game.lua`, sorted by folder name; a broken game is
    /// listed with its error and the rest still load.
    public static func entries(in gamesFolder: String, loader: DeclarationLoader = inThisProcess) throws -> [Entry] {
        try entries(of: gameFolders(in: gamesFolder), loader: loader)
    }

    /// The games in `folders`, loaded with `loader`; two that declare one id are both refused.
    static func entries(of folders: [String], loader: DeclarationLoader) -> [Entry] {
        let results = loader(folders)
        let found = zip(folders, results).map { folder, result in
            switch result {
            case .success(let declaration): return Entry(folder: folder, declaration: declaration, error: nil)
            case .failure(let error): return Entry(folder: folder, declaration: nil, error: error)
            }
        }
        return refusingDuplicateIDs(found)
    }

    /// Every subfolder of `gamesFolder` that holds a `game.lua`, sorted by name.
    /// - Throws: ``GameLoadError/unreadable(path:reason:)`` when the folder cannot be read.
    public static func gameFolders(in gamesFolder: String) throws -> [String] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: gamesFolder).sorted()
        } catch {
            throw GameLoadError.unreadable(path: gamesFolder, reason: "is not a readable folder")
        }
        return names.map { (gamesFolder as NSString).appendingPathComponent($0) }.filter {
            FileManager.default.fileExists(atPath: ($0 as NSString).appendingPathComponent("game.lua"))
        }
    }

    /// The time a game's `game.lua` may take to declare itself when a command only looks for the
    /// game that declares an id (`play ID`, the duplicate-id check of `play FOLDER`): a
    /// declaration is a table, built in milliseconds, so a game that mentions the id and does not
    /// return within it costs the search this much, not the sandbox's whole time limit.
    public static let lookupTimeLimit: Duration = .milliseconds(500)

    /// Loads a game's `game.lua` in a fresh sandbox and returns its declaration, without playing.
    /// - Parameter timeLimit: The sandbox's time limit for it (``lookupTimeLimit`` when looking
    ///   for an id); nil for the sandbox's own.
    public static func declaration(ofGameIn folder: String, timeLimit: Duration? = nil) throws -> GameDeclaration {
        let file = (folder as NSString).appendingPathComponent("game.lua")
        var options = PlayOptions()
        if let timeLimit { options.limits.time = timeLimit }
        let run = try GameRun(
            file: file, channel: SilentChannel(), clock: .virtual(), store: nil, options: options)
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
    /// (also when the folder cannot be read): what `edujam new` checks before taking an id. Only
    /// the games whose sources mention `id` are run (``DeclaredIDScan``).
    public static func folder(
        declaring id: String, in gamesFolder: String, loader: DeclarationLoader = inThisProcess
    ) -> String? {
        let candidates = ((try? gameFolders(in: gamesFolder)) ?? []).filter {
            DeclaredIDScan.mayDeclare(id, gameIn: $0)
        }
        let games = entries(of: candidates, loader: loader)
        return games.first { declaredID($0)?.lowercased() == id.lowercased() }?.folder
    }

    /// The duplicate-id error of each game in `gamesFolder` that has one, by folder name
    /// (`math-jam`); empty when the folder cannot be read. Runs every game, with `loader`.
    public static func duplicateIDs(
        in gamesFolder: String, loader: DeclarationLoader = inThisProcess
    ) -> [String: GameLoadError] {
        var errors: [String: GameLoadError] = [:]
        for entry in (try? entries(in: gamesFolder, loader: loader)) ?? [] {
            if let error = entry.error, case .duplicateID = error {
                errors[(entry.folder as NSString).lastPathComponent] = error
            }
        }
        return errors
    }

    /// Throws when another game beside `folder` (in its parent, the games folder) declares the same
    /// id: playing a folder must not quietly write over the other game's contexts.
    ///
    /// The game itself is loaded here (it is about to be played, and its declaration is kept for
    /// the play); of the games beside it only those whose sources mention its id are run, with
    /// `loader` (``DeclaredIDScan``): playing one game does not run every other game's code.
    /// - Throws: ``GameLoadError/duplicateID(_:folders:)``, or the game's own load error.
    public static func requireUniqueID(ofGameIn folder: String, loader: DeclarationLoader = inThisProcess) throws {
        let declaration = try declaration(ofGameIn: folder)  // cached for the play; its error is the play's
        let parent = PathText.parent(of: folder)
        let name = PathText.name(of: folder)
        let others = ((try? gameFolders(in: parent)) ?? []).filter {
            PathText.name(of: $0) != name
                && DeclaredIDScan.mayDeclare(declaration.id, gameIn: $0)
        }
        let clashing = zip(others, loader(others)).compactMap { other, result -> String? in
            guard case .success(let theirs) = result, theirs.id.lowercased() == declaration.id.lowercased() else {
                return nil
            }
            return other
        }
        guard !clashing.isEmpty else { return }
        let folders = (clashing + [(parent as NSString).appendingPathComponent(name)]).sorted {
            ($0 as NSString).lastPathComponent < ($1 as NSString).lastPathComponent
        }
        throw GameLoadError.duplicateID(declaration.id, folders: folders)
    }

    /// The folder of the game whose declared id is `id`, or nil (``lookup(game:in:loader:)``).
    /// - Throws: ``GameLoadError/duplicateID(_:folders:)`` when several games declare it.
    public static func folder(
        ofGame id: String, in gamesFolder: String, loader: DeclarationLoader = inThisProcess
    ) throws -> String? {
        guard case .found(let folder) = try lookup(game: id, in: gamesFolder, loader: loader) else { return nil }
        return folder
    }

    /// What a games folder holds for a game id (``lookup(game:in:loader:)``).
    public enum Lookup: Equatable, Sendable {
        /// The folder of the game that declares the id.
        case found(folder: String)
        /// No game declares it, but one declares it in another case (`MATH-JAM` for `math-jam`):
        /// ids are exact, as ClassKit's, so that one is only to suggest.
        case otherCase(id: String)
        case none
    }

    /// The game whose declared id is `id`, else the id of one that differs only in case, from one
    /// load of the candidates: only the games whose sources mention `id` (in any case) are run,
    /// with `loader` (``DeclarationLoader``, ``DeclaredIDScan``).
    /// - Throws: ``GameLoadError/duplicateID(_:folders:)`` when several games declare it.
    public static func lookup(
        game id: String, in gamesFolder: String, loader: DeclarationLoader = inThisProcess
    ) throws -> Lookup {
        let candidates = try gameFolders(in: gamesFolder).filter { DeclaredIDScan.mayDeclare(id, gameIn: $0) }
        let games = entries(of: candidates, loader: loader)
        if let entry = games.first(where: { declaredID($0) == id }) {
            if let error = entry.error { throw error }
            return .found(folder: entry.folder)
        }
        let other = games.compactMap(declaredID).first { $0.lowercased() == id.lowercased() }
        return other.map { .otherCase(id: $0) } ?? .none
    }

    /// Writes one game's declaration into the store, every field as `catalog --publish` writes
    /// it (`edujam publish`, which publishes some of a games folder's games).
    /// - Parameter order: The game's place among the games of its folder.
    public static func publish(_ declaration: GameDeclaration, order: Int, into store: TrackingStore) throws {
        try Publisher.publish(declaration, in: store, order: order)
        try store.save()
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
