import Foundation

/// A folder of game packages named by their versions, for playing without the store: every
/// version a student has played or been assigned, kept in their data folder.
///
/// An entry is the package's files laid out as in the game's folder, under a folder named by
/// the version (`<cache>/<64 hex digits>/game.lua`), so the runtime can run a game from it as
/// from any game folder. Nothing in it is trusted: every use reads the entry back, bounded by
/// the package limits before a byte is read (a planted huge file is refused by its size), and
/// an entry holding anything but the package's own files (an extra file, a symlink, a changed
/// byte) is refused and removed, so the caller fetches it again.
///
/// ```swift
/// let cache = try GameCache(folder: dataFolder + "/game-cache")
/// try cache.store(package)
/// if let folder = cache.folder(for: package.version) { /* run the game from folder */ }
/// ```
public struct GameCache: Sendable {
    /// The cache's folder, as given.
    public let folder: String

    /// The cache in `folder`, created (with any missing parents) readable by its owner only.
    ///
    /// - Throws: ``GameCacheError`` when the folder cannot be made, is not a folder, or belongs
    ///   to another user (whose files this user must not run as their own games).
    public init(folder: String) throws(GameCacheError) {
        self.folder = folder
        do {
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw GameCacheError(path: folder, "cannot be created (\(error.localizedDescription))")
        }
        var status = stat()
        guard lstat(folder, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
            throw GameCacheError(path: folder, "is not a folder")
        }
        guard status.st_uid == geteuid() else { throw GameCacheError(path: folder, "belongs to another user") }
        guard chmod(folder, 0o700) == 0 else { throw GameCacheError(path: folder, errnoText()) }
        sweep()
    }

    /// The most versions the cache keeps: storing one more removes those used longest ago, so a
    /// game republished every day never fills a student's disk. Well above what a class plays in
    /// a term (each assigned game's current version, and the versions ``folder(for:)`` was asked for).
    public static let entryLimit = 48

    /// The most bytes the entries may take on disk together (as ``diskBytes(_:)`` counts them):
    /// storing one more removes those used longest ago until they fit. Room for ten games at
    /// ``GamePackage/maxUnpackedBytes`` and for hundreds of games as authors write them, so a
    /// student's cache stays small whatever is published.
    public static let byteLimit = 64 << 20

    /// The prefix of the folder ``store(_:)`` writes an entry in before renaming it into place.
    private static let newPrefix = ".new-"
    /// The prefix a refused entry is renamed to before it is removed.
    private static let oldPrefix = ".old-"

    /// Removes work folders left by a process that ended before it could: those an hour old (a
    /// younger one may be another process's store under way).
    private func sweep() {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for name in names where name.hasPrefix(Self.newPrefix) || name.hasPrefix(Self.oldPrefix) {
            let path = (folder as NSString).appendingPathComponent(name)
            var status = stat()
            guard lstat(path, &status) == 0, time(nil) - status.st_mtim.tv_sec > 3600 else { continue }
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    /// The folder of `version`'s entry, whether or not it is there (what a run from memory is
    /// named by: nothing is read from it).
    public func entry(_ version: GameVersion) -> String {
        (folder as NSString).appendingPathComponent(version.hex)
    }

    /// Puts `package` in the cache, unless a valid entry of its version is there already.
    ///
    /// The files are written into a fresh temporary folder beside the entries (folders 0700,
    /// files 0600) and the folder is renamed into place, so no one ever sees half an entry; when
    /// another process stored the same version first, its entry is kept if it verifies.
    ///
    /// - Returns: the entry's folder, to run the game from.
    /// - Throws: ``GameCacheError`` when the files cannot be written.
    @discardableResult
    public func store(_ package: GamePackage) throws(GameCacheError) -> String {
        let target = entry(package.version)
        if verified(package.version) != nil { return target }
        let temporary = (folder as NSString).appendingPathComponent(Self.newPrefix + UUID().uuidString)
        defer { remove(temporary) }
        try write(package, into: temporary)
        for _ in 0..<2 {
            if rename(temporary, target) == 0 {
                evict(keeping: target)
                return target
            }
            let code = errno
            guard code == ENOTEMPTY || code == EEXIST else {
                throw GameCacheError(path: target, "cannot be written (\(String(cString: strerror(code))))")
            }
            if verified(package.version) != nil { return target }  // another process stored it first
        }
        throw GameCacheError(path: target, "keeps being replaced by something that is not this game")
    }

    /// The package of `version` read back from its entry, or nil when there is none or it does
    /// not hold exactly the files whose hash is `version` (then the entry is removed).
    public func package(_ version: GameVersion) -> GamePackage? {
        verified(version)
    }

    /// The folder to run `version` from, after checking that its entry holds exactly that
    /// version's files; nil when there is none or it does not (then the entry is removed).
    public func folder(for version: GameVersion) -> String? {
        verified(version) == nil ? nil : entry(version)
    }

    /// The entry's package when it is exactly `version` (marked as just used); otherwise removes
    /// whatever is there.
    private func verified(_ version: GameVersion) -> GamePackage? {
        let path = entry(version)
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        // A symlink in place of the entry could be pointed elsewhere after the check.
        if status.st_mode & S_IFMT == S_IFDIR, let package = try? CacheEntryReader(root: path).package(),
            package.version == version
        {
            utimes(path, nil)  // its time is when it was last used: what eviction goes by
            return package
        }
        remove(path)
        return nil
    }

    /// Removes the entries used longest ago while there are more than ``entryLimit`` or they take
    /// more than ``byteLimit`` on disk, never `kept` (the one just stored). Only folders named by
    /// a version count; anything else in the cache is not an entry and is left to ``sweep()`` or alone.
    private func evict(keeping kept: String) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        var entries: [(path: String, used: timespec, bytes: Int)] = []
        for name in names where GameVersion(name) != nil {
            let path = (folder as NSString).appendingPathComponent(name)
            var status = stat()
            guard path != kept, lstat(path, &status) == 0 else { continue }
            entries.append((path, status.st_mtim, Self.diskBytes(path)))
        }
        var count = entries.count + 1
        var bytes = entries.reduce(Self.diskBytes(kept)) { $0 + $1.bytes }
        let oldestFirst = entries.sorted {
            ($0.used.tv_sec, $0.used.tv_nsec, $0.path) < ($1.used.tv_sec, $1.used.tv_nsec, $1.path)
        }
        for entry in oldestFirst where count > Self.entryLimit || bytes > Self.byteLimit {
            remove(entry.path)
            count -= 1
            bytes -= entry.bytes
        }
    }

    /// What `path` and everything under it take on disk: each file and folder its blocks, at
    /// least ``GamePackage/diskBlockBytes``, symlinks not followed. Looking stops past a
    /// package's bounds (an entry that big is refused when used): it then counts as
    /// ``byteLimit``, so it goes first.
    static func diskBytes(_ path: String) -> Int {
        var nodes = 0
        return diskBytes(path, depth: 0, nodes: &nodes) ?? byteLimit
    }

    private static func diskBytes(_ path: String, depth: Int, nodes: inout Int) -> Int? {
        var status = stat()
        nodes += 1
        guard nodes <= GamePackage.maxFiles + GamePackage.maxFolders + 1, lstat(path, &status) == 0 else { return nil }
        let block = GamePackage.diskBlockBytes
        var bytes = max(Int(status.st_blocks) * 512, (Int(status.st_size) + block - 1) / block * block, block)
        guard status.st_mode & S_IFMT == S_IFDIR else { return bytes }
        guard depth <= GamePackage.maxFolderDepth else { return nil }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
            guard let more = diskBytes(path + "/" + name, depth: depth + 1, nodes: &nodes) else { return nil }
            bytes += more
        }
        return bytes
    }

    /// Writes `package`'s files under a new folder `path`.
    private func write(_ package: GamePackage, into path: String) throws(GameCacheError) {
        guard mkdir(path, 0o700) == 0 else { throw GameCacheError(path: path, errnoText()) }
        for relative in package.paths {
            let file = (path as NSString).appendingPathComponent(relative)
            let parent = (file as NSString).deletingLastPathComponent
            do {
                try FileManager.default.createDirectory(
                    atPath: parent, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw GameCacheError(path: parent, "cannot be created (\(error.localizedDescription))")
            }
            // No fsync: an entry cut short by a crash does not hash to its name and is fetched again.
            guard
                FileManager.default.createFile(
                    atPath: file, contents: Data(package.files[relative] ?? []), attributes: [.posixPermissions: 0o600])
            else { throw GameCacheError(path: file, "cannot be written") }
        }
    }

    /// Removes `path` and everything under it: first renamed aside, so a reader never finds a
    /// half-removed entry under a version's name. Symlinks are removed, never followed.
    private func remove(_ path: String) {
        let aside = (folder as NSString).appendingPathComponent(Self.oldPrefix + UUID().uuidString)
        guard rename(path, aside) == 0 else { return }
        try? FileManager.default.removeItem(atPath: aside)
    }
}

/// Why the cache could not be used: the path and what is wrong with it.
public struct GameCacheError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The folder or file.
    public var path: String
    /// What is wrong.
    public var reason: String

    init(path: String, _ reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `/home/ana/.local/share/edujam/game-cache: belongs to another user`.
    public var description: String { "game cache \(path): \(reason)" }
}

/// The last system error, as text.
func errnoText() -> String { String(cString: strerror(errno)) }
