import GameContent

/// The game a run plays: a folder on disk, or a published package's files held in memory.
///
/// A published version runs from memory: the bytes that were hashed and checked when the package
/// was read (from the store, or from the game cache, which checks the hash at every read) are the
/// bytes its `require`, `loadfile` and `dofile` load; nothing on disk is read again, so a file
/// swapped in the cache after the check cannot run. An author's folder is read as it is, each
/// module when it is required.
public enum PlayedGame: Sendable {
    /// `game.lua` and its modules read from `folder`, confined to it.
    case folder(String)
    /// The files of `package`, read from memory. `label` stands for a folder in chunk names and
    /// messages (the version's cache entry): no file under it is read.
    case package(GamePackage, label: String)

    /// The folder the game's files are named under: read from, or only named.
    public var folder: String {
        switch self {
        case .folder(let folder), .package(_, label: let folder): return folder
        }
    }

    /// The package whose files the run reads from memory, or nil for a folder.
    public var inMemory: GamePackage? {
        if case .package(let package, _) = self { return package }
        return nil
    }
}
