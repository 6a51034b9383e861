import Foundation

/// Where this `edujam` is installed, and where it finds games when told nothing.
///
/// `make install` puts the program at `PREFIX/bin/edujam` and the games at
/// `PREFIX/share/edujam/games`, so a student can type `edujam play MATH-JAM` in any folder.
enum Installation {
    /// This program's file with symbolic links resolved (`/proc/self/exe`), so a link to it
    /// in another folder still finds the games installed beside the real file.
    static var executable: String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return (CommandLine.arguments[0] as NSString).standardizingPath }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `PREFIX/share/edujam/games` for a program at `PREFIX/bin/edujam`.
    static var installedGames: String {
        let bin = (executable as NSString).deletingLastPathComponent
        return
            (((bin as NSString).deletingLastPathComponent as NSString)
            .appendingPathComponent("share/edujam/games") as NSString).standardizingPath
    }

    /// The games folder named by `--games` or `EDUJAM_GAMES`, if either is given.
    static func namedGames(_ options: CommonOptions) throws -> String? {
        if let folder = options.games ?? ProcessInfo.processInfo.environment["EDUJAM_GAMES"] {
            guard !folder.isEmpty else { throw UsageError("--games (or EDUJAM_GAMES) is empty") }
            return folder
        }
        return nil
    }

    /// The games folder to read: `--games`, else `EDUJAM_GAMES`, else `./games` when this folder
    /// has one (a project checkout), else the games installed beside the program.
    /// - Throws: ``NoGamesFolder`` naming every place looked in, when none of them is a folder.
    static func games(_ options: CommonOptions) throws -> String {
        if let named = try namedGames(options) { return named }
        let candidates = ["games", installedGames]
        if let found = candidates.first(where: isFolder) { return found }
        throw NoGamesFolder(installed: installedGames)
    }

    private static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}

/// No games folder was named and none is where edujam looks: a set-up problem (exit 1), not a
/// mistake on the command line.
struct NoGamesFolder: Error, CustomStringConvertible {
    let installed: String
    var description: String {
        "no games folder here: looked in ./games and \(installed). "
            + "Pass --games DIR, set EDUJAM_GAMES, or install the games with `make install` (README.md)"
    }
}
