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
    /// The folder is walked first (``GameFolderWalk``: bounded, each folder listed once) and the
    /// limits checked from the sizes the system reports, so a game past them is refused before
    /// a byte is read; each file is then read with ``SourceFile/read(_:confinedTo:limit:)``
    /// (once, however many paths lead to it), so a symlink leading out of the folder is refused
    /// as `require` refuses it.
    ///
    /// - Throws: ``GamePackageError`` naming the file (as a path under `folder`) and the limit
    ///   or the reason.
    public static func read(folder: String) throws(GamePackageError) -> GamePackage {
        let found = try GameFolderWalk.files(in: folder)
        if !found.contains(where: { $0.relative == gameFile }) {  // reading it says why: missing, a FIFO
            try readFile((folder as NSString).appendingPathComponent(gameFile), of: folder)
        }
        var files: [String: [UInt8]] = [:]
        var read: [GameFolderWalk.Identity: [UInt8]] = [:]
        for file in found {
            if let bytes = read[file.identity] {
                files[file.relative] = bytes
            } else {
                let bytes = try readFile(file.path, of: folder)
                (read[file.identity], files[file.relative]) = (bytes, bytes)
            }
        }
        return try GamePackage(files: files)
    }

    /// The bytes of the game's file at `path`, confined to `folder`.
    @discardableResult
    private static func readFile(_ path: String, of folder: String) throws(GamePackageError) -> [UInt8] {
        do {
            return try SourceFile.read(path, confinedTo: folder, limit: maxFileBytes)
        } catch {
            throw .unreadable(path: path, reason: error.reason)
        }
    }
}
