import Classroom
import DeclaredCommands
import EdujamCommandLine
import Foundation
import GameContent
import ReportText
import Runtime
import Tracking

/// `edujam games`: the games published in the store, with their versions (its options and
/// synopsis: ``declaration``).
enum GamesCommand: Command {
    static let declaration = GamesOptions.declaration

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
