import Foundation
import GameContent

/// The one walk of a game's folder: the files of its package, found as `require` finds them,
/// within bounds of work that no folder can pass.
///
/// Everything that reads a game's files from its folder walks it here: reading its package
/// (``GamePackage/read(folder:)``: `publish`, `play FOLDER`), `check`, the scan for a declared
/// id (``DeclaredIDScan``) and the catalog's scan of what a game reports. The folder is hostile:
/// symlinks are followed (as `require` follows them), so 41 folders each holding two links to
/// the next make 2^40 paths in a folder of 82 links. So:
/// - each folder is listed, and each name in it looked at, once by its device and inode,
///   however many paths lead to it; a link back to a folder the path is already in is skipped;
/// - the paths walked are bounded: at most ``maxFolders`` folder paths, folders at most
///   ``GamePackage/maxFolderDepth`` deep, ``GamePackage/maxFiles`` files of at most
///   ``GamePackage/maxFileBytes`` each and ``GamePackage/maxGameBytes`` together (by the sizes
///   the system reports), ``maxNames`` names, and ``timeLimit`` of wall-clock time;
/// - a folder past a bound is refused in words, before any file is read.
///
/// ```swift
/// for file in try GameFolderWalk.files(in: "games/quiz") { print(file.relative, file.size) }
/// ```
public enum GameFolderWalk {
    /// One file of the package: its path in the package and where it is.
    public struct File: Sendable, Equatable {
        /// Its path relative to the game's folder (`lists/animals.lua`).
        public let relative: String
        /// The game's folder and ``relative`` joined: what to open, and what messages name.
        public let path: String
        /// Its size as the system reported it.
        public let size: Int
        /// Its device and inode: two paths to one file have the same, so it is read once.
        public let identity: Identity
    }

    /// A file or folder as the system knows it, whatever the path to it.
    public struct Identity: Hashable, Sendable {
        let device: UInt64
        let inode: UInt64

        init(_ status: stat) {
            (device, inode) = (UInt64(status.st_dev), UInt64(status.st_ino))
        }
    }

    /// The most folder paths walked (a folder reached by two paths counts twice): far beyond any
    /// game (a package's files lie in at most ``GamePackage/maxFolders`` folders), small enough
    /// that a folder of links to links is refused at once.
    public static let maxFolders = 1024
    /// The most names looked at in all the folders walked (pictures and READMEs count too).
    public static let maxNames = 16384
    /// The most wall-clock time a walk takes: a slow or stuck file system is refused, not waited on.
    public static let timeLimit: Duration = .seconds(2)

    /// The package's files in `folder`: every file whose path `require` can reach
    /// (``GamePackage/problem(withPath:)``), outside `tests/` at the top, in the order of a
    /// sorted listing. A FIFO, device or socket under such a path is listed too (size 0), so
    /// that reading it refuses it by name rather than the game silently lacking a module.
    ///
    /// - Throws: ``GamePackageError``: `.folderPastBounds` naming the folder and the bound
    ///   (folders, depth, names, time), `.tooManyFiles`, `.fileTooLarge`, `.gameTooLarge`, or `.unreadable` for a
    ///   folder that cannot be listed or leads outside `folder`.
    public static func files(in folder: String) throws(GamePackageError) -> [File] {
        var walk = Walk(folder: folder, started: .now)
        try walk.collect("", depth: 0, within: [])
        return walk.found
    }
}

/// One walk's state: what was found, what was counted, each folder's listing by its identity.
private struct Walk {
    typealias Identity = GameFolderWalk.Identity

    /// A name in a folder and what it leads to (symlinks followed); nil status for a dangling link.
    struct Child {
        let name: String
        let status: stat?
    }

    let folder: String
    let started: ContinuousClock.Instant
    private(set) var found: [GameFolderWalk.File] = []
    private var total = 0
    private var folderPaths = 0
    private var names = 0
    /// Each folder's children, by the folder's identity: listed and looked at once.
    private var listings: [Identity: [Child]] = [:]
    /// The real path of the game's folder, to tell a folder outside it.
    private lazy var root: String = (SourceFile.realPath(folder) ?? folder) + "/"

    init(folder: String, started: ContinuousClock.Instant) {
        (self.folder, self.started) = (folder, started)
    }

    /// `relative` under the game's folder, as a path to open and to name in messages.
    func path(_ relative: String) -> String {
        relative.isEmpty ? folder : (folder as NSString).appendingPathComponent(relative)
    }

    /// Adds the package files under the folder `relative` ("" for the game's folder), which lies
    /// `depth` folders deep; `ancestors` are the folders the path is in.
    mutating func collect(_ relative: String, depth: Int, within ancestors: Set<Identity>) throws(GamePackageError) {
        let here = path(relative)
        var status = stat()
        guard stat(here, &status) == 0 else {
            throw .unreadable(path: here, reason: "cannot be listed (\(String(cString: strerror(errno))))")
        }
        let identity = Identity(status)
        guard !ancestors.contains(identity) else { return }  // a link back up: require reaches nothing new
        folderPaths += 1
        guard folderPaths <= GameFolderWalk.maxFolders else {
            throw past(
                "holds more than \(GameFolderWalk.maxFolders) folders (a folder reached by two links counts twice)")
        }
        guard ContinuousClock.now - started <= GameFolderWalk.timeLimit else {
            throw past("took more than \(GameFolderWalk.timeLimit) to walk")
        }
        for child in try children(of: relative, identity: identity)
        where !(relative.isEmpty && child.name == GamePackage.testsFolder) {
            guard let status = child.status else { continue }  // a dangling symlink: nothing to require
            let path = relative.isEmpty ? child.name : relative + "/" + child.name
            switch status.st_mode & S_IFMT {
            case S_IFDIR where GamePackage.isNamePart(Substring(child.name)):
                guard depth < GamePackage.maxFolderDepth else {
                    throw past("goes more than \(GamePackage.maxFolderDepth) folders deep, at '\(self.path(path))'")
                }
                try collect(path, depth: depth + 1, within: ancestors.union([identity]))
            case S_IFREG where GamePackage.problem(withPath: path) == nil:
                try add(path, size: Int(status.st_size), identity: Identity(status))
            case let kind where kind != S_IFDIR && GamePackage.problem(withPath: path) == nil:
                try add(path, size: 0, identity: Identity(status))  // a FIFO or device: reading it says so
            default:
                continue
            }
        }
    }

    /// The children of the folder `relative`, listed and looked at the first time its identity
    /// is met; the names count against ``GameFolderWalk/maxNames`` each time.
    private mutating func children(of relative: String, identity: Identity) throws(GamePackageError) -> [Child] {
        let here = path(relative)
        let children: [Child]
        if let listed = listings[identity] {
            children = listed
        } else {
            guard relative.isEmpty || SourceFile.realPath(here)?.hasPrefix(root) == true else {
                throw .unreadable(path: here, reason: "leads outside the folder '\(folder)' (symlinks are followed)")
            }
            let listed: [String]
            do {
                listed = try FileManager.default.contentsOfDirectory(atPath: here)
            } catch {
                throw .unreadable(path: here, reason: "cannot be listed (\(error.localizedDescription))")
            }
            guard listed.count <= GameFolderWalk.maxNames - names else { throw tooManyNames() }
            children = listed.sorted().map { name in
                var status = stat()
                return Child(name: name, status: stat(here + "/" + name, &status) == 0 ? status : nil)
            }
            listings[identity] = children
        }
        names += children.count
        guard names <= GameFolderWalk.maxNames else { throw tooManyNames() }
        return children
    }

    /// Counts the file `relative` of `size` bytes against the package's limits.
    private mutating func add(_ relative: String, size: Int, identity: Identity) throws(GamePackageError) {
        found.append(GameFolderWalk.File(relative: relative, path: path(relative), size: size, identity: identity))
        guard found.count <= GamePackage.maxFiles else {
            throw .tooManyFiles(count: found.count, limit: GamePackage.maxFiles)
        }
        guard size <= GamePackage.maxFileBytes else {
            throw .fileTooLarge(path: path(relative), bytes: size, limit: GamePackage.maxFileBytes)
        }
        total += size
        guard total <= GamePackage.maxGameBytes else {
            throw .gameTooLarge(bytes: total, limit: GamePackage.maxGameBytes)
        }
    }

    private func tooManyNames() -> GamePackageError {
        past(
            "holds more than \(GameFolderWalk.maxNames) names in its folders (a folder reached by two links counts twice)"
        )
    }

    private func past(_ bound: String) -> GamePackageError {
        .folderPastBounds(path: folder, "the game's folder \(bound); nothing of it is read")
    }
}
