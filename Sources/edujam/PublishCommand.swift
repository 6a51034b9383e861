import Authoring
import Classroom
import DeclaredCommands
import EdujamCommandLine
import Foundation
import GameContent
import Runtime
import School
import Tracking

/// `edujam publish`: a game's files into the school's store, as an immutable version named by
/// their hash (its options and synopsis: ``declaration``).
enum PublishCommand: Command {
    static let declaration = PublishOptions.declaration

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
        let common = options.common
        let folders: [String]
        do {
            folders = try words.map { word in
                try GamePublishing.gameFolder(
                    word, gamesFolder: { try Installation.gamesToRead(common) },
                    lookedIn: { (try? Installation.games(common)) ?? Installation.installedGames })
            }
        } catch {
            try refuseAStudent(common)  // a student hears that publishing is not theirs, not where games are
            throw error
        }
        let collection = try GamePublishing.oneCollection(of: folders)
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
}

extension PublishCommand {
    /// Refuses a login that is not a teacher's, on a school server; a store file has no logins
    /// and is not opened here, so a mistyped path creates nothing.
    private static func refuseAStudent(_ common: CommonOptions) throws {
        guard case .server = try? StoreLocation(common).address() else { return }
        guard let store = try? StoreContext(common).store, let identity = try? store.identity() else { return }
        try Identity.requireTeacher("publish", identity: identity)
    }
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
