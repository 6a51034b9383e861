import Foundation
import Sandbox

/// Why a game could not be loaded.
public enum GameLoadError: Error, CustomStringConvertible {
    /// The folder or its `game.lua` is missing or unreadable.
    case unreadable(path: String, reason: String)
    /// `game.lua` failed to compile or run.
    case script(file: String, SandboxError)
    /// The declaration is wrong.
    case declaration(DeclarationError)
    /// The requested level is not one of the game's contexts.
    case unknownLevel(String, available: [String])
    /// Several games in one games folder declare this id (compared ignoring case); `folders` are all
    /// of them, in folder order. None of them is listed, published or played by id until it is fixed.
    case duplicateID(String, folders: [String])
    /// The game was loaded in a process of its own, which reported this (already a whole
    /// message, naming the file), or ended without an answer (the sandbox's last resort).
    case isolated(String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): return "\(path): \(reason)"
        case .script(let file, let error): return error.failure.map(\.description) ?? "\(file): \(error)"
        case .declaration(let error): return error.description
        case .unknownLevel(let level, let available):
            let hint = Suggest.hint(for: level, among: available)
            return "no level '\(level)' in this game\(hint) (levels: \(available.joined(separator: ", ")))"
        case .duplicateID(let id, let folders):
            return
                "game id '\(id)' is declared by \(folders.count) games: \(folders.joined(separator: ", ")); give each game its own id"
        case .isolated(let message): return message
        }
    }

    /// Reads a source file with ``SourceFile/read(_:confinedTo:limit:)``, or throws ``unreadable(path:reason:)``.
    static func reading(_ path: String, confinedTo folder: String? = nil) throws -> [UInt8] {
        do {
            return try SourceFile.read(path, confinedTo: folder)
        } catch {
            throw GameLoadError.unreadable(path: path, reason: error.reason)
        }
    }
}
