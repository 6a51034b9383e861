import GameContent

extension ModuleLoader {
    /// The path, relative to the game's folder, that a file function's `path` names when
    /// called from code of the chunk `source` (`@./test/test.lua`). A path beginning with `..`
    /// is read from the folder of the calling file, as a test suite run from its own folder
    /// reads `../json.lua`: `../json.lua` from `./test/test.lua` is `json.lua`. Every other path
    /// is relative to the game's folder, as before. Nil when the path leads above the game's
    /// folder (or the caller is no file of the game).
    static func resolve(_ path: String, calledFrom source: String) -> String? {
        guard path == ".." || path.hasPrefix("../") else { return path }
        guard source.hasPrefix("@./") else { return nil }
        var parts = Array(source.dropFirst(3).split(separator: "/", omittingEmptySubsequences: false).dropLast())
        for part in path.split(separator: "/", omittingEmptySubsequences: false) {
            switch part {
            case "..":
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            case ".": continue
            default: parts.append(part)
            }
        }
        return parts.joined(separator: "/")
    }

    /// Why a file the folder has is not the game's to read, or nil: the files under `tests/`
    /// (bots, transcripts) are not published (``GamePackage/read(folder:)``), so a run that read
    /// one would not replay from the published game.
    static func unpublished(_ relative: String) -> String? {
        guard relative.hasPrefix(GamePackage.testsFolder + "/") else { return nil }
        return "files under \(GamePackage.testsFolder)/ are not published with the game"
    }
}
