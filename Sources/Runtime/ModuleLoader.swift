import Foundation
import GameContent
import Sandbox

/// Finds the file a game's `require("name")` means, confined to the game's own folder.
///
/// As stock Lua's `package.path` of `./?.lua;./?/init.lua` run from the game's folder: a
/// module name is one or more parts joined by dots or `/`, each part letters, digits, `_`
/// or `-`. Dots and `/` are subfolders: `require("lists.animals")` and
/// `require("lists/animals")` load `lists/animals.lua`, else `lists/animals/init.lua`.
/// Anything else (`\`, `..`, an absolute path, an empty part) is refused, and so is a file
/// whose real path (symlinks resolved) lies outside the game's folder.
struct ModuleLoader: Sendable {
    /// The game's folder, as given (used in messages and chunk names).
    let folder: String
    /// The files of a published game held in memory: read from here, never from ``folder``.
    var package: GamePackage?

    /// A module's file: its path (under ``folder``) and as the module sees it, relative to
    /// the game's folder (`./lists/animals.lua`, what stock passes a module from `./?.lua`, and
    /// its chunk name, so an error raised in it names no folder outside the game's).
    struct Found: Sendable {
        let path: String
        let relative: String
        let source: [UInt8]
    }

    /// Why `name` is not a module name, or nil when it is one.
    static func problem(with name: String) -> String? {
        if name.isEmpty { return "a module name must not be empty" }
        if name.contains("\\") {
            return "module names use dots or '/' for folders, not '\\' (e.g. require(\"lists.animals\"))"
        }
        let parts = name.split(omittingEmptySubsequences: false) { $0 == "." || $0 == "/" }
        // The same words as a published game's file paths, so every module a game can load is in its package.
        guard parts.allSatisfy(GamePackage.isNamePart) else {
            return
                "a module name is words of letters, digits, '_' or '-' joined by dots or '/', like \"words\" or \"lists.animals\" (no '..', no path from the root)"
        }
        return nil
    }

    /// The files `name` may be, relative to the folder, in the order they are tried.
    static func candidates(of name: String) -> [String] {
        let base = name.replacingOccurrences(of: ".", with: "/")
        return [base + ".lua", base + "/init.lua"]
    }

    /// Why a file was refused, in words a script may see: the game's folder is never named (a
    /// game could store the teacher's home folder in an item), only paths relative to it.
    static func reason(_ error: SourceFileError) -> String {
        guard case .outside = error.problem else { return error.reason }
        return "leads outside the game's folder (symlinks are followed)"
    }

    /// The source of module `name` (its bytes as they are), or a message saying why it cannot be
    /// loaded. Everything in it is what the script sees: paths are relative to the game's folder.
    func source(of name: String) -> Result<Found, ModuleError> {
        if let problem = Self.problem(with: name) { return .failure(ModuleError("require(\"\(name)\"): \(problem)")) }
        var tried: [String] = []
        for relative in Self.candidates(of: name) {
            let file = (folder as NSString).appendingPathComponent(relative)
            if let package {
                guard let source = package.files[relative] else {
                    tried.append("no file './\(relative)'")
                    continue
                }
                return .success(Found(path: file, relative: "./" + relative, source: source))
            }
            do {
                return .success(
                    Found(path: file, relative: "./" + relative, source: try SourceFile.read(file, confinedTo: folder)))
            } catch  where error.problem == .missing {
                tried.append("no file './\(relative)'")
            } catch {
                return .failure(ModuleError("module '\(name)': './\(relative)' \(Self.reason(error))"))
            }
        }
        return .failure(
            ModuleError(
                "module '\(name)' not found: \(tried.joined(separator: ", ")) (modules live in the game's folder)"))
    }
}

extension ModuleLoader {
    /// The source of the file `loadfile(path)` or `dofile(path)` names: a path relative to the
    /// game's folder (`locales/en.lua`, or `./locales/en.lua`), of a file a published game
    /// holds (a `.lua` file: text chunks only), confined to the folder as a module is; a path
    /// beginning with `..` is read from the folder of the calling file (``resolve(_:calledFrom:)``).
    func source(ofFile path: String, calledFrom caller: String = "") -> Result<Found, ModuleError> {
        guard let resolved = Self.resolve(path, calledFrom: caller) else {
            return .failure(ModuleError("cannot open \(path): it leads outside the game's folder"))
        }
        let relative = resolved.hasPrefix("./") ? String(resolved.dropFirst(2)) : resolved
        if let problem = GamePackage.problem(withPath: relative) ?? Self.unpublished(relative) {
            return .failure(ModuleError("cannot open \(path): \(problem)"))
        }
        let file = (folder as NSString).appendingPathComponent(relative)
        if let package {
            guard let source = package.files[relative] else {
                return .failure(ModuleError("cannot open \(path): no such file in the game's folder"))
            }
            return .success(Found(path: file, relative: "./" + relative, source: source))
        }
        do {
            return .success(
                Found(path: file, relative: "./" + relative, source: try SourceFile.read(file, confinedTo: folder)))
        } catch  where error.problem == .missing {
            return .failure(ModuleError("cannot open \(path): no such file in the game's folder"))
        } catch {
            return .failure(ModuleError("cannot open \(path): './\(relative)' \(Self.reason(error))"))
        }
    }
}

/// Why a module could not be loaded; the script sees the message at its `require` line.
struct ModuleError: Error, Sendable, CustomStringConvertible {
    /// The message.
    var description: String
    init(_ description: String) { self.description = description }
}
