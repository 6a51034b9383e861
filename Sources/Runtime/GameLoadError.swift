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

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): return "\(path): \(reason)"
        case .script(let file, let error): return error.failure.map(\.description) ?? "\(file): \(error)"
        case .declaration(let error): return error.description
        case .unknownLevel(let level, let available):
            let hint = Suggest.hint(for: level, among: available)
            return "no level '\(level)' in this game\(hint) (levels: \(available.joined(separator: ", ")))"
        }
    }

    /// Reads a source file, or throws ``unreadable(path:reason:)``.
    static func reading(_ path: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            let exists = FileManager.default.fileExists(atPath: path)
            throw GameLoadError.unreadable(path: path, reason: exists ? "cannot be read" : "no such file")
        }
        return String(decoding: data, as: UTF8.self)
    }
}
