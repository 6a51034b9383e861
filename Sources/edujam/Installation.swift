import DeclaredCommands
import EdujamCommandLine
import Foundation
import Runtime
import School

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
        guard count > 0 else { return PathText.absolute(CommandLine.arguments[0]) }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `PREFIX/share/edujam/games` for a program at `PREFIX/bin/edujam`.
    static var installedGames: String {
        let prefix = PathText.parent(of: PathText.parent(of: executable))
        return (prefix == "/" ? "" : prefix) + "/share/edujam/games"
    }

    /// The games folder named by `--games` or `EDUJAM_GAMES`, if either is given (`new` creates it
    /// when missing).
    static func namedGames(_ options: CommonOptions) throws -> String? {
        if let folder = options.games ?? ProcessInfo.processInfo.environment["EDUJAM_GAMES"] {
            guard !folder.isEmpty else { throw UsageError("--games (or EDUJAM_GAMES) is empty") }
            return folder
        }
        return nil
    }

    /// `path` when it is a folder; else a usage error naming it and where it was given
    /// (`--games`, `EDUJAM_GAMES`, the games folder argument).
    static func requireFolder(_ path: String, named source: String) throws -> String {
        guard !path.isEmpty else { throw UsageError("\(source) is empty") }
        guard isFolder(path) else { throw UsageError("\(source) \(path): no such folder") }
        return path
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

    /// ``games(_:)`` for a command that reads the games (`play`, `fuzz`, `catalog`, `check`): a
    /// named folder that is not one is a usage error. The store's commands only take the
    /// collection's id from it, and a missing folder leaves the default.
    static func gamesToRead(_ options: CommonOptions) throws -> String {
        try requireFolder(games(options), named: options.games == nil ? "EDUJAM_GAMES" : "--games")
    }

    private static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}

extension StoreLocation {
    /// Where `--store`, this process's environment and the games folder (``Installation/games(_:)``)
    /// put the store; what an outbox delivers is said on stderr (``OutboxReport/summarize(_:)``).
    init(_ options: CommonOptions) {
        self.init(
            named: options.store, environment: ProcessInfo.processInfo.environment,
            games: { try Installation.games(options) }, delivered: OutboxReport.summarize)
    }
}
