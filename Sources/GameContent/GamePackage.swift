/// The files of one game, as they are published, cached and run: `game.lua` and the modules it
/// may `require`, each by its path relative to the game's folder, and nothing else.
///
/// A package is checked when it is made, so one that exists is within every limit: at most
/// ``maxFiles`` files, each a valid path (``problem(withPath:)``) of at most ``maxFileBytes``
/// bytes, ``maxGameBytes`` in all. Its ``version`` is the SHA-256 of its canonical encoding
/// (``encoded()``, described in docs/game-packages.md), so the same files have the same version
/// on every computer.
///
/// ```swift
/// let package = try GamePackage(files: ["game.lua": source, "lists/animals.lua": animals])
/// package.version.short  // "3f2a9c0d81b4"
/// let copy = try GamePackage(encoded: package.encoded())  // copy == package
/// ```
public struct GamePackage: Sendable, Equatable {
    /// The file every game starts from.
    public static let gameFile = "game.lua"
    /// The largest file of a game: 1 MiB, far beyond any game or module written by hand (Runtime's
    /// `SourceFile.maxBytes` is this number).
    public static let maxFileBytes = 1 << 20
    /// The most bytes of all files of a game together: 4 MiB, four files at the largest size.
    public static let maxGameBytes = 4 << 20
    /// The most files in a game.
    public static let maxFiles = 256
    /// The longest path of a file, in bytes.
    public static let maxPathBytes = 255
    /// The most folders a file's path goes through (`lists/animals/init.lua` goes through 2): a
    /// package unpacks into a folder tree (the game cache), and a path of 120 one-letter folders
    /// would make 120 folders for one file.
    public static let maxFolderDepth = 8
    /// The most folders a package's files lie in (its top folder aside), once unpacked.
    public static let maxFolders = 64
    /// The most bytes a package takes on disk once unpacked, as ``unpackedBytes`` counts them.
    /// The other limits already keep a package under it; it is checked too, so the promise holds
    /// whatever they become.
    public static let maxUnpackedBytes = 6 << 20
    /// The block a file system gives a file or a folder at the least: what ``unpackedBytes``
    /// rounds every file and folder up to.
    public static let diskBlockBytes = 4096

    /// Each file's bytes, by its path relative to the game's folder (`game.lua`, `lists/animals.lua`).
    public let files: [String: [UInt8]]
    /// The SHA-256 of ``encoded()``.
    public let version: GameVersion

    /// The package of these files.
    ///
    /// - Throws: ``GamePackageError`` naming the first file (in path order) that is refused and
    ///   why, or the limit the whole game passes.
    public init(files: [String: [UInt8]]) throws(GamePackageError) {
        guard files[Self.gameFile] != nil else { throw .missingGameFile }
        guard files.count <= Self.maxFiles else { throw .tooManyFiles(count: files.count, limit: Self.maxFiles) }
        var total = 0
        for path in Self.sorted(files.keys) {
            if let problem = Self.problem(withPath: path) { throw .badPath(path, problem) }
            let size = files[path]?.count ?? 0
            guard size <= Self.maxFileBytes else {
                throw .fileTooLarge(path: path, bytes: size, limit: Self.maxFileBytes)
            }
            total += size  // cannot overflow: at most 256 files of at most 1 MiB each
        }
        guard total <= Self.maxGameBytes else { throw .gameTooLarge(bytes: total, limit: Self.maxGameBytes) }
        try Self.checkUnpacked(files)
        self.files = files
        var hasher = SHA256()
        Self.encode(files) { hasher.update($0) }
        version = GameVersion(digest: hasher.finalize())
    }

    /// The paths, in the package's order: by their UTF-8 bytes.
    public var paths: [String] { Self.sorted(files.keys) }

    /// The bytes of all files together.
    public var totalBytes: Int { files.values.reduce(0) { $0 + $1.count } }

    /// The bytes the package takes on disk once unpacked (``GameCache``): each file and each
    /// folder, the top one included, rounded up to ``diskBlockBytes``.
    public var unpackedBytes: Int { Self.unpackedBytes(files.mapValues(\.count)) }

    /// The folders `paths` lie in, the top folder aside: `lists` and `lists/animals` for
    /// `lists/animals/init.lua`.
    static func folders(of paths: some Sequence<String>) -> Set<Substring> {
        var folders: Set<Substring> = []
        for path in paths {
            var end = path.endIndex
            while let slash = path[..<end].lastIndex(of: "/") {
                guard folders.insert(path[..<slash]).inserted else { break }  // its parents are in too
                end = slash
            }
        }
        return folders
    }

    /// ``unpackedBytes`` of files of these sizes, by path.
    static func unpackedBytes(_ sizes: [String: Int]) -> Int {
        let block = diskBlockBytes
        let filesBytes = sizes.values.reduce(0) { $0 + max(1, ($1 + block - 1) / block) * block }
        return filesBytes + (folders(of: sizes.keys).count + 1) * block
    }

    /// Refuses files whose unpacked form passes ``maxFolderDepth``, ``maxFolders`` or
    /// ``maxUnpackedBytes``.
    private static func checkUnpacked(_ files: [String: [UInt8]]) throws(GamePackageError) {
        for path in sorted(files.keys) {
            let depth = path.utf8.count(where: { $0 == UInt8(ascii: "/") })
            guard depth <= maxFolderDepth else { throw .tooDeep(path: path, depth: depth, limit: maxFolderDepth) }
        }
        let folders = folders(of: files.keys).count
        guard folders <= maxFolders else { throw .tooManyFolders(count: folders, limit: maxFolders) }
        let bytes = unpackedBytes(files.mapValues(\.count))
        guard bytes <= maxUnpackedBytes else { throw .unpackedTooLarge(bytes: bytes, limit: maxUnpackedBytes) }
    }

    /// Why `path` cannot be a file of a package, or nil when it can.
    ///
    /// A path is what `require` can reach, as Runtime's module loader resolves it: parts of
    /// letters, digits, `_` or `-` joined by `/`, the last ending in `.lua` (`game.lua`,
    /// `words.lua`, `lists/animals/init.lua`). So no `..`, no absolute path, no empty part, no
    /// `\`, no other dot, at most ``maxPathBytes`` bytes.
    public static func problem(withPath path: String) -> String? {
        guard path.utf8.count <= maxPathBytes else { return "a path is at most \(maxPathBytes) bytes" }
        guard path.hasSuffix(".lua") else { return "only .lua files belong to a game" }
        let parts = path.dropLast(4).split(separator: "/", omittingEmptySubsequences: false)
        guard parts.allSatisfy({ isNamePart($0) }) else {
            return
                "a path is words of letters, digits, '_' or '-' joined by '/', ending in .lua (no '..', no path from the root)"
        }
        return nil
    }

    /// Whether `part` is one word of a module name or path: letters, digits, `_`, `-`, at least one.
    public static func isNamePart(_ part: Substring) -> Bool {
        !part.isEmpty && part.utf8.allSatisfy(isNameByte)
    }

    /// Whether `byte` may appear in a word of a module name: an ASCII letter, digit, `_` or `-`.
    public static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }

    /// `paths` by their UTF-8 bytes (every valid path is ASCII, but the order must not depend on that).
    static func sorted(_ paths: some Sequence<String>) -> [String] {
        paths.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }
}

extension GamePackage: CustomStringConvertible {
    /// `game 3f2a9c0d81b4 (2 files, 5120 bytes)`.
    public var description: String { "game \(version.short) (\(files.count) files, \(totalBytes) bytes)" }
}
