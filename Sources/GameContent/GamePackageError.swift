/// Why a game's files cannot be a ``GamePackage``: each case names the file and the limit.
public enum GamePackageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// There is no `game.lua`.
    case missingGameFile
    /// A path that `require` could not reach (`notes.txt`, `../x.lua`, `a b.lua`), and why.
    case badPath(String, String)
    /// One file is larger than ``GamePackage/maxFileBytes``.
    case fileTooLarge(path: String, bytes: Int, limit: Int)
    /// All files together are larger than ``GamePackage/maxGameBytes``.
    case gameTooLarge(bytes: Int, limit: Int)
    /// More files than ``GamePackage/maxFiles``.
    case tooManyFiles(count: Int, limit: Int)
    /// A file lies in more folders than ``GamePackage/maxFolderDepth``.
    case tooDeep(path: String, depth: Int, limit: Int)
    /// The files lie in more folders than ``GamePackage/maxFolders``.
    case tooManyFolders(count: Int, limit: Int)
    /// Unpacked, the files would take more than ``GamePackage/maxUnpackedBytes`` on disk.
    case unpackedTooLarge(bytes: Int, limit: Int)
    /// The game's folder passes a bound of the walk that reads it (the folder, and which):
    /// nothing of it is read.
    case folderPastBounds(path: String, String)
    /// A file of the game's folder could not be read (the path as given, and the reason).
    case unreadable(path: String, reason: String)
    /// Bytes that are not a package's encoding: where (a byte offset) and what is wrong.
    case malformed(offset: Int, String)

    public var description: String {
        switch self {
        case .missingGameFile:
            return "a game has a game.lua; these files have none"
        case .badPath(let path, let problem):
            return "'\(path)': \(problem)"
        case .fileTooLarge(let path, let bytes, let limit):
            return "'\(path)' is \(bytes) bytes; a game's file is at most \(limit) bytes"
        case .gameTooLarge(let bytes, let limit):
            return "the game's files are \(bytes) bytes together; a game is at most \(limit) bytes"
        case .tooManyFiles(let count, let limit):
            return "the game has \(count) files; a game has at most \(limit)"
        case .tooDeep(let path, let depth, let limit):
            return "'\(path)' lies \(depth) folders deep; a game's file lies at most \(limit) folders deep"
        case .tooManyFolders(let count, let limit):
            return "the game's files lie in \(count) folders; a game has at most \(limit)"
        case .unpackedTooLarge(let bytes, let limit):
            return "unpacked, the game's files take \(bytes) bytes on disk; a game takes at most \(limit)"
        case .folderPastBounds(let path, let reason):
            return "\(path): \(reason)"
        case .unreadable(let path, let reason):
            return "\(path): \(reason)"
        case .malformed(let offset, let problem):
            return "not a game package (at byte \(offset)): \(problem)"
        }
    }
}
