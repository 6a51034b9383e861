import Foundation
import GameContent

/// Reading a game's package from its folder, the way the runtime itself reads the game.
extension GamePackage {
    /// The folder a game keeps its bots and `.play` transcripts in: never part of the package.
    public static let testsFolder = "tests"

    /// The package of the game in `folder`: `game.lua` and every `.lua` file under the folder
    /// whose path `require` can reach (``GamePackage/problem(withPath:)``), except those under
    /// `tests/`; anything else (a README, a picture, a `.git` folder) is left out.
    ///
    /// The folder is listed first and the limits checked from the sizes the system reports, so
    /// a game past them is refused before a byte is read; each file is then read with
    /// ``SourceFile/read(_:confinedTo:limit:)``, so a symlink leading out of the folder is
    /// refused as `require` refuses it.
    ///
    /// - Throws: ``GamePackageError`` naming the file (as a path under `folder`) and the limit
    ///   or the reason.
    public static func read(folder: String) throws(GamePackageError) -> GamePackage {
        var listing = FolderListing(folder: folder)
        try listing.collect("", within: [])
        var files: [String: [UInt8]] = [:]
        for relative in [gameFile] + listing.found where files[relative] == nil {
            let path = listing.path(relative)
            do {
                files[relative] = try SourceFile.read(path, confinedTo: folder, limit: maxFileBytes)
            } catch {
                throw .unreadable(path: path, reason: error.reason)
            }
        }
        return try GamePackage(files: files)
    }
}

/// The files of a game's folder that belong to its package, with the limits checked on their
/// sizes as the system reports them (symlinks followed, as `require` follows them).
private struct FolderListing {
    let folder: String
    /// The package paths found, in listing order.
    private(set) var found: [String] = []
    private var total = 0

    init(folder: String) {
        self.folder = folder
    }

    /// `relative` under the game's folder, as a path to open and to name in messages.
    func path(_ relative: String) -> String {
        relative.isEmpty ? folder : (folder as NSString).appendingPathComponent(relative)
    }

    /// Adds the package files under the folder `relative` ("" for the game's folder).
    ///
    /// - Parameter ancestors: the real paths of the folders `relative` lies in: a symlink back
    ///   up the tree is not listed again (one to a sibling folder is: `require` reaches both).
    mutating func collect(_ relative: String, within ancestors: Set<String>) throws(GamePackageError) {
        let here = path(relative)
        guard let real = SourceFile.realPath(here), !ancestors.contains(real) else { return }
        guard relative.isEmpty || real.hasPrefix((SourceFile.realPath(folder) ?? folder) + "/") else {
            throw .unreadable(path: here, reason: "leads outside the folder '\(folder)' (symlinks are followed)")
        }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: here)
        } catch {
            throw .unreadable(path: here, reason: "cannot be listed (\(error.localizedDescription))")
        }
        for name in names.sorted() where !(relative.isEmpty && name == GamePackage.testsFolder) {
            let child = relative.isEmpty ? name : relative + "/" + name
            var status = stat()
            guard stat(path(child), &status) == 0 else { continue }  // a dangling symlink: nothing to require
            switch status.st_mode & S_IFMT {
            case S_IFDIR where GamePackage.isNamePart(Substring(name)):
                try collect(child, within: ancestors.union([real]))
            case S_IFREG where GamePackage.problem(withPath: child) == nil:
                try add(child, size: Int(status.st_size))
            default:
                continue
            }
        }
    }

    /// Counts the file `relative` of `size` bytes against the package's limits.
    private mutating func add(_ relative: String, size: Int) throws(GamePackageError) {
        found.append(relative)
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
}
