import Authoring
import Classroom
import Foundation
import GameContent
import Runtime
import Tracking

/// `edujam publish`: a game's files into the school's store, as an immutable version named by
/// their hash (its options and synopsis: ``declaration``).
enum PublishCommand: Command {
    static let declaration = CommandDeclaration(
        "publish", summary: "check games and put them in the store", example: "publish games/math-jam",
        usage: [
            "publish GAME_FOLDER... [options]        check each game and store its files as its current version",
            "publish --revert GAME VERSION           make an earlier version of a game current again",
        ],
        description: """
            Checks each game as edujam check does (a game with errors is refused, with the errors, and
            nothing of it is stored), then stores its files (game.lua and the modules it may require,
            nothing else) as a version named by their SHA-256 and makes that version the one students
            play; its activities are written into the catalog as catalog --publish does. Publishing the
            same files again changes nothing. A teacher's or the store owner's command. VERSION is at
            least 8 digits of a version edujam games --all lists.
            """,
        options: [OptionDeclaration("--revert", "make an earlier version of GAME current again")]
            + CheckCommand.declaration.options,
        positional: .directory, docs: "docs/teacher.md")

    static func run(_ words: [String]) throws -> ExitStatus {
        let options = try PublishOptions(words)
        switch options.action {
        case .revert(let game, let version):
            let context = try StoreContext(options.common)
            let identity = try context.store.identity()
            try Identity.requireTeacher("publish --revert", identity: identity)
            let outcome = try context.store.revertGame(
                game, to: version, by: Identity.publisher(identity: identity))
            Output.line(GameFiles.said(outcome, game: game))
            return .success
        case .publish(let folders):
            return try publish(folders.map { ($0 as NSString).standardizingPath }, options)
        }
    }

    /// Checks the games, then publishes those without errors.
    private static func publish(_ folders: [String], _ options: PublishOptions) throws -> ExitStatus {
        let games = try gamesFolder(of: folders)
        let collection = try GameCollection.load(from: games)
        let store = try StoreLocation.open(options.common, root: .games(collection), clock: .real())
        let identity = try store.identity()
        try Identity.requireTeacher("publish", identity: identity)  // before any game is checked
        let order = try Catalog.gameFolders(in: games).map(PathText.name(of:))
        let results = CheckCommand.checked(folders, settings: options.check.settings)
        for result in results where result.hasErrors {
            let errors = result.findings.filter { $0.severity == .error }.count
            GameFiles.refuse(result.folder, "\(errors) error\(errors == 1 ? "" : "s")")
        }
        let passed = results.filter { !$0.hasErrors }.map(\.folder)
        var refused = results.count - passed.count
        for (folder, loaded) in zip(passed, GameJobs.declarations(passed)) {
            let name = PathText.name(of: folder)
            guard case .success(let declaration) = loaded else {
                if case .failure(let error) = loaded { GameFiles.refuse(folder, "\(error)") }
                refused += 1
                continue
            }
            let publisher = Identity.publisher(identity: identity)
            guard
                let outcome = try GameFiles.publish(folder: folder, gameID: declaration.id, into: store, by: publisher)
            else {
                refused += 1
                continue
            }
            Output.line(GameFiles.said(outcome, game: declaration.id))
            try Catalog.publish(declaration, order: order.firstIndex(of: name) ?? order.count, into: store)
        }
        return refused == 0 ? .success : .failure
    }

    /// The one games folder holding every game folder named (its `collection.lua` is the store's root).
    /// - Throws: ``UsageError`` for a folder without `game.lua` or games of two folders.
    private static func gamesFolder(of folders: [String]) throws -> String {
        for folder in folders
        where !FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent("game.lua")) {
            throw UsageError("\(folder) is not a game folder: it has no game.lua")
        }
        let parents = Set(folders.map(PathText.parent(of:)))
        guard parents.count == 1, let games = parents.first else {
            throw UsageError("publish games of one games folder at a time")
        }
        return games
    }
}

/// A game's files into the store, as `publish` and `catalog --publish` store them.
enum GameFiles {
    /// Reads the game in `folder` (``GamePackage/read(folder:)``) and publishes it; a game whose
    /// files cannot be read or are over the limits is refused, said on stderr.
    /// - Returns: What changed, or nil when it was refused.
    /// - Throws: The store's errors.
    static func publish(folder: String, gameID: String, into store: TrackingStore, by publisher: String) throws
        -> PublishOutcome?
    {
        let package: GamePackage
        do {
            package = try GamePackage.read(folder: folder)
        } catch {
            refuse(folder, "\(error)")
            return nil
        }
        return try store.publishGame(package, gameID: gameID, by: publisher)
    }

    /// Says on stderr that the game in `folder` was refused, and why.
    static func refuse(_ folder: String, _ reason: String) {
        Output.error("edujam publish: \(PathText.name(of: folder)) refused: \(reason); nothing of it was stored")
    }

    /// `published MATH-JAM version 3f2a9c01d2e4 (new)`.
    static func said(_ outcome: PublishOutcome, game: String) -> String {
        let what: String
        switch outcome {
        case .unchanged: what = "unchanged"
        case .new: what = "new"
        case .madeCurrentAgain: what = "an earlier version, current again"
        }
        return "published \(Terminal.cleanLine(game)) version \(outcome.version.short) (\(what))"
    }
}
