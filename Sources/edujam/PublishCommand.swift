import Authoring
import Classroom
import DeclaredCommands
import Foundation
import GameContent
import Runtime
import School
import Tracking

/// `edujam publish`: a game's files into the school's store, as an immutable version named by
/// their hash (its options and synopsis: ``declaration``).
enum PublishCommand: Command {
    static let declaration = CommandDeclaration(
        "publish", summary: "check games and put them in the store", example: "publish games/math-jam",
        usage: [
            "publish GAME... [options]               check each game (a folder, or a game's id) and store its files",
            "publish --revert GAME VERSION           make an earlier version of a game current again",
            "publish --retire GAME VERSION [--since DATE|now]   its attempts stop counting",
            "publish --unretire GAME VERSION         a retired version counts again",
            "publish --give GAME LOGIN               hand a game to another teacher",
        ],
        description: """
            GAME is a game's folder, from any games folder, or the id of a game in the games folder
            (edujam publish MATH-JAM takes the games installed with EduJam).
            Checks each game as edujam check does (a game with errors is refused, with the errors, and
            nothing of it is stored), then stores its files (game.lua and the modules it may require,
            nothing else) as a version named by their SHA-256 and makes that version the one students
            play; its activities are written into the catalog as catalog --publish does. Publishing the
            same files again changes nothing. A teacher's or the store owner's command. VERSION is at
            least 8 digits of a version edujam games --all lists.
            A fix replaces the version students played: at a terminal, publish asks whether that
            version's attempts stop counting (--retire-replaced answers for it). A retired version's
            attempts count for no assignment, every one or, with --since, those started from then on.
            A game belongs to the teacher who published it first: only they (or the store's owner)
            publish, revert, retire or un-retire its versions, and --give hands it to another teacher.
            """,
        options: [
            OptionDeclaration("--revert", "make an earlier version of GAME current again"),
            OptionDeclaration("--retire", "retire VERSION of GAME: its attempts stop counting"),
            OptionDeclaration(
                "--since", value: "DATE", "with --retire: only attempts started from DATE (or now) on stop counting"),
            OptionDeclaration("--unretire", "make a retired VERSION of GAME count again"),
            OptionDeclaration("--give", "hand GAME to the teacher LOGIN"),
            OptionDeclaration(
                "--retire-replaced", value: "WHEN",
                "what a fix does to the version it replaces: all (its attempts stop counting), now (from now on), no",
                kind: .choice(["all", "now", "no"])),
        ]
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
        case .retire(let game, let version, let from):
            let context = try StoreContext(options.common)
            let identity = try context.store.identity()
            try Identity.requireTeacher("publish --retire", identity: identity)
            let retired = try context.store.retireVersion(
                game, version, from: from, by: Identity.publisher(identity: identity))
            Output.line(Retiring.said(retired))
            return .success
        case .unretire(let game, let version):
            let context = try StoreContext(options.common)
            try Identity.requireTeacher("publish --unretire", identity: try context.store.identity())
            let was = try context.store.unretireVersion(game, version)
            Output.line(
                was
                    ? "version \(version) of \(Terminal.cleanLine(game)) counts again"
                    : "version \(version) of \(Terminal.cleanLine(game)) was not retired: nothing changed")
            return .success
        case .give(let game, let login):
            let context = try StoreContext(options.common)
            try Identity.requireTeacher("publish --give", identity: try context.store.identity())
            let moved = try context.store.giveGame(game, to: login)
            Output.line(
                moved
                    ? "\(Terminal.cleanLine(game)) is now \(Terminal.cleanLine(login))'s"
                    : "\(Terminal.cleanLine(game)) was \(Terminal.cleanLine(login))'s already: nothing changed")
            return .success
        case .publish(let folders):
            return try publish(folders, options)
        }
    }

    /// Checks the games, then publishes those without errors.
    private static func publish(_ words: [String], _ options: PublishOptions) throws -> ExitStatus {
        let folders = try words.map { try gameFolder($0, options.common) }
        let collection = try oneCollection(of: folders)
        let store = try StoreLocation(options.common).open(root: .games(collection), clock: .real())
        let identity = try store.identity()
        try Identity.requireTeacher("publish", identity: identity)  // before any game is checked
        let results = CheckCommand.checked(folders, settings: options.check.settings)
        let publisher = Identity.publisher(identity: identity)
        let refused = try GamePublishing.publish(checked: results, into: store, by: publisher) { note in
            switch note {
            case .refused(let folder, let reason): GameFiles.refuse(folder, reason)
            case .refusal(let refusal): Output.error("edujam publish: \(refusal)")
            case .published(let published, let replaced):
                Output.line(GameFiles.said(published.outcome, game: published.gameID))
                if let replaced {
                    try Retiring.replaced(
                        replaced, of: published.gameID, choice: options.replaced, store: store, by: publisher)
                }
            }
        }
        return refused == 0 ? .success : .failure
    }

    /// The game folder `word` names: a folder with a `game.lua`, or the id of a game in the games
    /// folder (`--games`, `EDUJAM_GAMES`, `./games`, else the games installed with EduJam), so that
    /// `edujam publish MATH-JAM` needs no path.
    /// - Throws: ``UsageError`` for a folder without `game.lua`, a level's path, or an id no game
    ///   of the games folder declares.
    static func gameFolder(_ word: String, _ common: CommonOptions) throws -> String {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: word, isDirectory: &isFolder) {
            let folder = (word as NSString).standardizingPath
            let hasGame = FileManager.default.fileExists(
                atPath: (folder as NSString).appendingPathComponent("game.lua"))
            guard isFolder.boolValue, hasGame else {
                throw UsageError("\(word) is not a game folder: it has no game.lua")
            }
            return folder
        }
        // A path is never taken for an id: `mine/quiz` mistyped is not looked up as a game.
        if word.hasPrefix("/") || word.hasPrefix(".") || isPathLike(word) {
            throw NoSuchGame(description: "no such game folder: \(Terminal.cleanLine(word))")
        }
        let target: GameTarget
        do {
            target = try GameTarget.locate(word, gamesFolder: { try Installation.gamesToRead(common) })
        } catch is GameNotHere {
            let games = (try? Installation.games(common)) ?? Installation.installedGames
            throw NoSuchGame(
                description: "no game of \(games) declares '\(Terminal.cleanLine(word))', and it is no folder here "
                    + "(the games folder is --games, else EDUJAM_GAMES, ./games, or the games installed with EduJam)")
        }
        guard target.level == nil else {
            let game = word.split(separator: "/").first.map(String.init) ?? word
            throw UsageError("'\(word)' is a level of a game: publish the game, \(game)")
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
    /// - Throws: ``UsageError`` naming two folders of different collections.
    private static func oneCollection(of folders: [String]) throws -> GameCollection {
        var first: (folder: String, collection: GameCollection)?
        for games in folders.map(PathText.parent(of:)) {
            let collection = try GameCollection.load(from: games)
            guard let seen = first else {
                first = (games, collection)
                continue
            }
            guard seen.collection.id == collection.id else {
                throw UsageError(
                    "\(seen.folder) holds games of \(seen.collection.id) and \(games) of \(collection.id): "
                        + "each collection has a store of its own; publish them apart")
            }
        }
        return first?.collection ?? GameCollection()
    }
}

/// `publish` was given a word that is neither a game folder nor a game's id in the games folder.
struct NoSuchGame: Error, CustomStringConvertible {
    let description: String
}

/// A game's files into the store, as `publish` and `catalog --publish` store them, said.
enum GameFiles {
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

/// What a fix does to the version it replaces, and how retiring is said.
enum Retiring {
    /// `retired MATH-JAM version 3f2a9c01d2e4: every attempt that ran it stops counting`.
    static func said(_ retired: RetiredVersion) -> String {
        "retired \(Terminal.cleanLine(retired.gameID)) version \(retired.version.short): "
            + (retired.from == nil ? "every attempt that ran it" : retired.scope + " that ran it")
            + " no longer counts for any assignment"
    }

    /// After a fix of `game` replaced `version`: retires it as `choice` says; without a choice,
    /// asks at a terminal (the answer defaults to keeping it) and, elsewhere, keeps it and says
    /// how to retire it.
    static func replaced(
        _ version: GameVersion, of game: String, choice: PublishOptions.Replaced?, store: TrackingStore,
        by teacher: String
    ) throws {
        let answer = try choice ?? ask(version, of: game)
        switch answer {
        case .all, .now:
            let retired = try store.retireVersion(
                game, version.description, from: answer == .now ? Date() : nil, by: teacher)
            Output.line(said(retired))
        case .no:
            Output.line(
                "version \(version.short), which this replaces, still counts: to retire it, edujam publish --retire \(Terminal.cleanLine(game)) \(version.short) [--since now]"
            )
        }
    }

    /// Asks at a terminal; anything but `a` or `n`, or no terminal, keeps the version.
    private static func ask(_ version: GameVersion, of game: String) throws -> PublishOptions.Replaced {
        guard isatty(STDIN_FILENO) == 1 else { return .no }
        Output.line(
            "Version \(version.short) of \(Terminal.cleanLine(game)), which this replaces, still counts for attempts that ran it."
        )
        Output.write([.text("Retire it? [a]ll its attempts stop counting, [n]ew attempts only, [k]eep it (default): ")])
        switch LineReader().next(interrupted: { false })?.trimmingCharacters(in: .whitespaces).lowercased() {
        case "a", "all": return .all
        case "n", "new", "now": return .now
        default: return .no
        }
    }
}
