import Foundation
import Runtime

/// edujam: dispatches a command and maps every outcome to an exit status, here and only here.
let commands: [String: (usage: String, run: ([String]) throws -> ExitStatus)] = [
    "play": (PlayCommand.usage, PlayCommand.run),
    "report": (ReportCommand.usage, ReportCommand.run),
    "test": (TestCommand.usage, TestCommand.run),
    "fuzz": (FuzzCommand.usage, FuzzCommand.run),
    "new": (NewCommand.usage, NewCommand.run),
    "check": (CheckCommand.usage, CheckCommand.run),
]

let overview = """
    usage: edujam <command> [options]

    commands:
      play      play a game in the terminal          edujam play games/math-jam
      report    list saved attempts                  edujam report --json
      test      run the games' transcripts and bots  edujam test
      fuzz      play a game with random input        edujam fuzz games/math-jam --runs 10000
      new       start a new game that already plays  edujam new my-quiz --topic math
      check     find mistakes in games, with hints   edujam check games/my-quiz

    Run `edujam <command> --help` for a command's options. Docs: README.md, docs/.
    """

@MainActor func main() -> ExitStatus {
    let words = Array(CommandLine.arguments.dropFirst())
    guard let name = words.first, name != "--help", name != "-h", name != "help" else {
        Output.line(overview)
        return words.isEmpty ? .usage : .success
    }
    guard let command = commands[name] else {
        Output.error("edujam: unknown command '\(name)'\(Suggest.hint(for: name, among: Array(commands.keys)))\n\n\(overview)")
        return .usage
    }
    let rest = Array(words.dropFirst())
    if rest.contains("--help") || rest.contains("-h") {
        Output.line(command.usage)
        return .success
    }
    do {
        return try command.run(rest)
    } catch let error as UsageError {
        Output.error("edujam \(name): \(error)\n\n\(command.usage)")
        return .usage
    } catch {
        Output.error("edujam \(name): \(error)")
        return .failure
    }
}

exit(main().rawValue)
