import Foundation
import Sandbox

/// Finds the file a game's `require("name")` means, confined to the game's own folder.
///
/// A module name is one or more parts joined by dots; each part is letters, digits, `_`
/// or `-`. Dots are subfolders: `require("lists.animals")` loads `lists/animals.lua`.
/// Anything else (`/`, `\`, `..`, an absolute path, an empty part) is refused, and so is
/// a file whose real path (symlinks resolved) lies outside the game's folder.
struct ModuleLoader: Sendable {
    /// The game's folder, as given (used in messages and chunk names).
    let folder: String

    /// Why `name` is not a module name, or nil when it is one.
    static func problem(with name: String) -> String? {
        if name.isEmpty { return "a module name must not be empty" }
        if name.contains("/") || name.contains("\\") {
            return "module names use dots for folders, not '/' or '\\' (e.g. require(\"lists.animals\"))"
        }
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-")
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.allSatisfy({ !$0.isEmpty && $0.unicodeScalars.allSatisfy(allowed.contains) }) else {
            return
                "a module name is words of letters, digits, '_' or '-' joined by dots, like \"words\" or \"lists.animals\""
        }
        return nil
    }

    /// The path of `name`'s file inside the folder (`<folder>/lists/animals.lua`).
    func path(of name: String) -> String {
        (folder as NSString).appendingPathComponent(name.replacingOccurrences(of: ".", with: "/") + ".lua")
    }

    /// The source of module `name` (its bytes as they are), or a message saying why it cannot be loaded.
    func source(of name: String) -> Result<(path: String, source: [UInt8]), ModuleError> {
        if let problem = Self.problem(with: name) { return .failure(ModuleError("require(\"\(name)\"): \(problem)")) }
        let file = path(of: name)
        do {
            return .success((file, try SourceFile.read(file, confinedTo: folder)))
        } catch  where error.problem == .missing {
            return .failure(
                ModuleError("module '\(name)' not found: no file '\(file)' (modules live in the game's folder)"))
        } catch {
            return .failure(ModuleError("module '\(name)': '\(file)' \(error.reason)"))
        }
    }
}

/// Why a module could not be loaded; the script sees the message at its `require` line.
struct ModuleError: Error, Sendable, CustomStringConvertible {
    /// The message.
    var description: String
    init(_ description: String) { self.description = description }
}
