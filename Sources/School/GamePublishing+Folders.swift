import Foundation
import Runtime

/// Which game folders `publish` was given: a folder, or the id of a game in the games folder.
extension GamePublishing {
    /// The game folder `word` names: a folder with a `game.lua`, or the id of a game in the games
    /// folder, so that `edujam publish MATH-JAM` needs no path.
    /// - Parameters:
    ///   - gamesFolder: The games folder to look in for an id.
    ///   - lookedIn: The games folder to name when no game there declares the id.
    /// - Throws: ``GameWordError`` for a folder without `game.lua` or a level's path; ``NoSuchGame``
    ///   for a path that is no folder, or an id no game of the games folder declares.
    public static func gameFolder(
        _ word: String, gamesFolder: () throws -> String, lookedIn: () -> String
    ) throws -> String {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: word, isDirectory: &isFolder) {
            let folder = (word as NSString).standardizingPath
            let hasGame = FileManager.default.fileExists(
                atPath: (folder as NSString).appendingPathComponent("game.lua"))
            guard isFolder.boolValue, hasGame else {
                throw GameWordError("\(word) is not a game folder: it has no game.lua")
            }
            return folder
        }
        // A path is never taken for an id: `mine/quiz` mistyped is not looked up as a game.
        if word.hasPrefix("/") || word.hasPrefix(".") || isPathLike(word) {
            throw NoSuchGame(description: "no such game folder: \(Terminal.cleanLine(word))")
        }
        let target: GameTarget
        do {
            target = try GameTarget.locate(word, gamesFolder: gamesFolder)
        } catch is GameNotHere {
            let games = lookedIn()
            throw NoSuchGame(
                description: "no game of \(games) declares '\(Terminal.cleanLine(word))', and it is no folder here "
                    + "(the games folder is --games, else EDUJAM_GAMES, ./games, or the games installed with EduJam)")
        }
        guard target.level == nil else {
            let game = word.split(separator: "/").first.map(String.init) ?? word
            throw GameWordError("'\(word)' is a level of a game: publish the game, \(game)")
        }
        return (target.folder as NSString).standardizingPath
    }

    /// Whether `word` reads as a path rather than an identifier path: it has a `/` and its first
    /// part names something here (`mine/quiz` beside `mine/`).
    private static func isPathLike(_ word: String) -> Bool {
        guard word.contains("/"), let first = word.split(separator: "/").first else { return false }
        return FileManager.default.fileExists(atPath: String(first))
    }

    /// The collection every games folder holding one of `folders` belongs to (its `collection.lua`
    /// names the store's root): games of several folders go to one store only when they agree.
    /// - Throws: ``GameWordError`` naming two folders of different collections.
    public static func oneCollection(of folders: [String]) throws -> GameCollection {
        var first: (folder: String, collection: GameCollection)?
        for games in folders.map(PathText.parent(of:)) {
            let collection = try GameCollection.load(from: games)
            guard let seen = first else {
                first = (games, collection)
                continue
            }
            guard seen.collection.id == collection.id else {
                throw GameWordError(
                    "\(seen.folder) holds games of \(seen.collection.id) and \(games) of \(collection.id): "
                        + "each collection has a store of its own; publish them apart")
            }
        }
        return first?.collection ?? GameCollection()
    }
}

/// `publish` was given a word that is neither a game folder nor a game's id in the games folder.
public struct NoSuchGame: Error, CustomStringConvertible {
    public let description: String
}
