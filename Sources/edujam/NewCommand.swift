import Authoring
import DeclaredCommands
import EdujamCommandLine
import Foundation
import Tracking

/// `edujam new`: a game that already plays (its options and synopsis: ``declaration``).
enum NewCommand: Command {
    static let declaration = NewOptions.declaration

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
