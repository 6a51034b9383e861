import Authoring
import Foundation

/// `edujam new NAME [--topic T] [--type T] [--games DIR]`
enum NewCommand {
    static let usage = """
        usage: edujam new NAME [--topic T] [--type T] [--games DIR]
        Creates DIR/NAME (default games/NAME) with a game.lua that already plays (a three-question
        quiz) and tests/ with a transcript and a bot that pass. The game's id is NAME in capitals.
          --topic T    math, science, literacyAndWriting, ... (docs/lua-api.md)
          --type T     the context type (default quiz)
        """
    static let spec = Arguments.Spec(valued: ["--topic", "--type"])

    static func run(_ words: [String]) throws -> ExitStatus {
        let arguments = try Arguments(words, spec: spec)
        guard arguments.positionals.count == 1 else { throw UsageError("new takes one name, like my-quiz") }
        var options = Scaffold.Options(name: arguments.positionals[0])
        options.topic = arguments.value("--topic")
        if let type = arguments.value("--type") { options.type = type }
        let games = try Installation.namedGames(arguments) ?? "games"  // new games go in this project
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
        Output.line("""

            next:
              edujam play \(folder)           play it
              edujam check \(folder)          find mistakes
              edujam test \(folder)           run its tests
            Tutorial: docs/authoring.md
            """)
        return .success
    }
}
