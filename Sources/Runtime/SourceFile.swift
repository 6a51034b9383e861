import Foundation
import GameContent

/// The one way EduJam reads a file it runs or compares against: a game's `game.lua`, its
/// modules, `collection.lua`, bots and `.play` transcripts.
///
/// Everything is checked before a byte is read, so a wrong file costs nothing: it must be a
/// regular file (a FIFO would block, `/dev/zero` never ends), no larger than ``maxBytes`` (a
/// sparse 1 GiB file is refused by its size, not read), and, when a folder is given, lie
/// inside that folder once symlinks are resolved. The bytes come back as they are on disk:
/// Lua is 8-bit clean, so a Latin-1 byte in a string literal stays one byte.
///
/// ```swift
/// let source = try SourceFile.read("games/quiz/game.lua", confinedTo: "games/quiz")
/// ```
public enum SourceFile {
    /// The largest file read: 1 MiB, far beyond any game, module, bot or transcript written
    /// by hand, and small next to a sandbox's memory cap. The same as a published game's
    /// largest file, so every game that runs from its folder can be published.
    public static let maxBytes = GamePackage.maxFileBytes

    /// The bytes of the file at `path`.
    ///
    /// - Parameters:
    ///   - path: the file, as the person gave it (messages name it this way).
    ///   - folder: when given, the file's real path must lie inside this folder's real path,
    ///     so a symlink cannot lead a game to a file outside its own folder.
    ///   - limit: the largest size accepted, in bytes.
    /// - Throws: ``SourceFileError`` naming the file and the reason.
    public static func read(_ path: String, confinedTo folder: String? = nil, limit: Int = maxBytes)
        throws(SourceFileError) -> [UInt8]
    {
        var target = path
        if let folder {
            guard let resolved = realPath(path) else { throw SourceFileError(path: path, problem(errno)) }
            let root = (realPath(folder) ?? folder) + "/"
            guard resolved.hasPrefix(root) else { throw SourceFileError(path: path, .outside(folder: folder)) }
            target = resolved
        }
        var status = stat()
        guard stat(target, &status) == 0 else { throw SourceFileError(path: path, problem(errno)) }
        try check(status, path: path, limit: limit)  // before open: opening a device can have effects
        let fd = open(target, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC | (folder == nil ? 0 : O_NOFOLLOW))
        guard fd >= 0 else { throw SourceFileError(path: path, problem(errno)) }
        defer { close(fd) }
        guard fstat(fd, &status) == 0 else { throw SourceFileError(path: path, problem(errno)) }
        try check(status, path: path, limit: limit)  // the file opened is the one checked
        return try readAll(fd, path: path, limit: limit)
    }

    /// The file read as ``read(_:confinedTo:limit:)`` does, decoded as UTF-8 with any other
    /// byte shown as U+FFFD: for scanning and showing a source, never for running it.
    public static func text(_ path: String, confinedTo folder: String? = nil) throws(SourceFileError) -> String {
        String(decoding: try read(path, confinedTo: folder), as: UTF8.self)
    }

    /// A regular file within the limit, or the reason it is not.
    private static func check(_ status: stat, path: String, limit: Int) throws(SourceFileError) {
        let kind = status.st_mode & S_IFMT
        guard kind == S_IFREG else { throw SourceFileError(path: path, .notRegular(kind: kindName(kind))) }
        guard status.st_size <= limit else {
            throw SourceFileError(path: path, .tooLarge(bytes: Int(status.st_size), limit: limit))
        }
    }

    /// Reads to the end, refusing a file that grew past the limit since it was checked.
    private static func readAll(_ fd: Int32, path: String, limit: Int) throws(SourceFileError) -> [UInt8] {
        var bytes: [UInt8] = []
        // Not zero-filled: a game is read for every run, and filling 64 KiB was 5% of one.
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 1)
        defer { chunk.deallocate() }
        while true {
            let count = Glibc.read(fd, chunk.baseAddress, chunk.count)
            if count < 0 {
                if errno == EINTR { continue }
                throw SourceFileError(path: path, problem(errno))
            }
            if count == 0 { return bytes }
            bytes += UnsafeRawBufferPointer(rebasing: chunk[..<count])
            guard bytes.count <= limit else {
                throw SourceFileError(path: path, .tooLarge(bytes: bytes.count, limit: limit))
            }
        }
    }

    /// `path` with every symlink resolved, or nil when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func problem(_ code: Int32) -> SourceFileError.Problem {
        switch code {
        case ENOENT, ENOTDIR: return .missing
        case ELOOP: return .notRegular(kind: "a symlink loop")
        default: return .unreadable(String(cString: strerror(code)))
        }
    }

    private static func kindName(_ kind: mode_t) -> String {
        switch kind {
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a FIFO"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        default: return "not a plain file"
        }
    }
}

/// Why ``SourceFile/read(_:confinedTo:limit:)`` refused a file.
public struct SourceFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong with it.
    public enum Problem: Equatable, Sendable {
        /// Nothing is there.
        case missing
        /// It is a folder, FIFO, device or socket.
        case notRegular(kind: String)
        /// It holds more than the limit.
        case tooLarge(bytes: Int, limit: Int)
        /// Its real path lies outside the folder it must stay in.
        case outside(folder: String)
        /// The system refused to read it (permissions, I/O).
        case unreadable(String)
    }

    /// The file, as given.
    public var path: String
    /// Why it was refused.
    public var problem: Problem

    init(path: String, _ problem: Problem) {
        self.path = path
        self.problem = problem
    }

    /// The reason alone: `is a FIFO, not a regular file`.
    public var reason: String {
        switch problem {
        case .missing: return "no such file"
        case .notRegular(let kind): return "is \(kind), not a regular file"
        case .tooLarge(let bytes, let limit): return "is \(bytes) bytes; the most read is \(limit) bytes"
        case .outside(let folder): return "leads outside the folder '\(folder)' (symlinks are followed)"
        case .unreadable(let why): return "cannot be read (\(why))"
        }
    }

    /// `games/quiz/game.lua: is a FIFO, not a regular file`.
    public var description: String { "\(path): \(reason)" }
}
