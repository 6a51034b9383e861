import Authoring
import DeclaredCommands
import Foundation
import Tracking

/// `edujam new`: a game that already plays (its options and synopsis: ``declaration``).
enum NewCommand: Command {
    static let declaration = CommandDeclaration(
        "new", summary: "start a game that already plays", example: "new my-quiz --topic math",
        usage: ["new NAME [options]"],
        description: """
            Creates DIR/NAME (default games/NAME) with a game.lua that already plays (a three-question
            quiz) and tests/ with a transcript and a bot that pass. The game's id is NAME in capitals.
            """,
        options: [
            OptionDeclaration(
                "--topic", value: "T", "math, science, literacyAndWriting, ... (docs/lua-api.md)",
                kind: .choice(Topic.allCases.map(\.rawValue))),
            OptionDeclaration("--type", value: "T", "the context type (default quiz)"),
        ],
        positional: .text, docs: "docs/authoring.md", gamesFolder: .writes)

    static func run(_ words: [String]) throws -> ExitStatus {
        let parsed = try NewOptions(words)
        var options = Scaffold.Options(name: parsed.name)
        options.topic = parsed.topic
        if let type = parsed.type { options.type = type }
        let games = try Installation.namedGames(parsed.common) ?? "games"  // new games go in this project
        let files: [String]
        do {
            files = try Scaffold.create(options, in: games)
        } catch let refusal as Scaffold.Refusal where refusal.clashesWithAGame {
            Output.error("edujam new: \(refusal)")
            return .failure
        } catch let refusal as Scaffold.Refusal {
            throw UsageError(refusal.description)
        }
        let folder = (games as NSString).appendingPathComponent(options.name)
        Output.line("created \(folder) (id \(Scaffold.id(for: options.name))):")
        for file in files { Output.line("  \(file)") }
        Output.line(
            """

            next:
              edujam play \(folder)           play it
              edujam check \(folder)          find mistakes
              edujam test \(folder)           run its tests
            Tutorial: docs/authoring.md
            """)
        return .success
    }
}
