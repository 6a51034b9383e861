import Classroom
import DeclaredCommands
import Foundation
import GameContent
import ReportText
import Runtime
import Tracking

/// `edujam games`: the games published in the store, with their versions (its options and
/// synopsis: ``declaration``).
enum GamesCommand: Command {
    static let declaration = CommandDeclaration(
        "games", summary: "list the games published in the store", example: "games --all",
        usage: ["games [options]"],
        description: """
            Lists each game published in the store (edujam publish): the version students play (the
            first 12 digits of its SHA-256), who published it and when, and how many earlier versions
            it has; with --all, each earlier version under it, newest first.
            """,
        options: [
            OptionDeclaration("--all", "list every earlier version too"),
            OptionDeclaration("--json", "print JSON instead of a list"),
        ],
        docs: "docs/teacher.md")

    static func run(_ words: [String]) throws -> ExitStatus {
        let options = try GamesOptions(words)
        let store = try StoreContext(options.common, reading: true).store
        let games = try store.publishedGames()
        let retired = Dictionary(
            try store.retiredVersions().map { ($0.version, $0) }, uniquingKeysWith: { first, _ in first })
        if options.json {
            try Output.json(games.map { GameListing($0, retired: retired) })
            return .success
        }
        guard !games.isEmpty else {
            Output.line("No game is published in this store (edujam publish GAME: a folder, or a game's id).")
            return .success
        }
        for game in games {
            Output.line(GameListing.lines(game, all: options.all, retired: retired).joined(separator: "\n"))
        }
        return .success
    }
}
