import Foundation
import GameContent
import Runtime
import Tracking

/// What `play` was asked to launch: a game folder, or an identifier path found in the games folder.
public struct GameTarget {
    /// The game's folder.
    public var folder: String
    /// The level the identifier path names below the game, if any.
    public var level: String?
    /// The collection of the games folder it is in.
    public var collection: GameCollection

    /// The game `word` names: a ``GameWordError`` when it names none.
    /// - Parameter gamesFolder: The games folder to look in for an identifier path, asked only then.
    public static func resolve(_ word: String, gamesFolder: () throws -> String) throws -> GameTarget {
        do {
            return try locate(word, gamesFolder: gamesFolder)
        } catch let missing as GameNotHere {
            throw missing.usage
        }
    }

    /// The identifier path `word` names below the collection's root `root`: `MATH-JAM/` and `a//b`
    /// read as ever, and the root may be typed or not.
    /// - Throws: ``GameWordError`` for a bad identifier path.
    public static func identifierPath(_ word: String, root: String) throws -> [String] {
        let typed = word.split(separator: "/").joined(separator: "/")
        var path = typed.isEmpty ? [] : try GameWordError.identifiers(typed)
        if path.first == root { path.removeFirst() }
        return path
    }

    /// The game `word` names.
    /// - Throws: ``GameNotHere`` when `word` is an identifier path no game in the games folder
    ///   declares; ``GameWordError`` when it is neither a game folder nor an identifier path.
    public static func locate(_ word: String, gamesFolder: () throws -> String) throws -> GameTarget {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: word, isDirectory: &isFolder), isFolder.boolValue {
            guard FileManager.default.fileExists(atPath: (word as NSString).appendingPathComponent("game.lua")) else {
                throw GameWordError("'\(word)' is a folder without a game.lua: name a game's folder or its id")
            }
            let parent = PathText.parent(of: word)
            try Catalog.requireUniqueID(ofGameIn: word, loader: GameJobs().lookupDeclarations)
            return GameTarget(folder: word, level: nil, collection: try GameCollection.load(from: parent))
        }
        let gamesFolder = try gamesFolder()
        let collection = try GameCollection.load(from: gamesFolder)
        let path = try identifierPath(word, root: collection.id)
        guard let gameID = path.first else {
            throw GameWordError("'\(word)' is neither a game folder nor an identifier path")
        }
        let found = try Catalog.lookup(game: gameID, in: gamesFolder, loader: GameJobs().lookupDeclarations)
        guard case .found(let folder) = found else {
            var missing = GameNotHere(word: word, path: path, gamesFolder: gamesFolder, collection: collection)
            if case .otherCase(let id) = found { missing.suggestion = IdentifierPathText.text([id] + path.dropFirst()) }
            throw missing
        }
        let level = path.count > 1 ? IdentifierPathText.text(path.dropFirst()) : nil
        return GameTarget(folder: folder, level: level, collection: collection)
    }
}

/// A word that names no game (not a game folder, not an identifier path, a level's path where a
/// game's is wanted): a mistake in how the game was named, which a command line answers as one of
/// its own usage errors.
public struct GameWordError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }

    /// The identifiers of an identifier path as typed: `MATH-JAM/LEVEL-1`, written as
    /// ``IdentifierPathText`` writes it (`MATH-JAM/unit%2F1` for level `unit/1`).
    /// - Throws: ``GameWordError`` for an empty identifier in the path or a bad `%` escape.
    public static func identifiers(_ text: String) throws -> [String] {
        do {
            return try IdentifierPathText.identifiers(in: text)
        } catch {
            throw GameWordError("\(error) (identifiers joined by '/', like MATH-JAM/LEVEL-1)")
        }
    }
}
