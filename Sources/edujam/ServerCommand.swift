import DeclaredCommands
import EdujamCommandLine
import SchoolServer

/// `edujam server setup`: a school's store on this machine's PostgreSQL cluster in one command,
/// as root (``ServerSetup``; docs/admin.md).
enum ServerCommand: Command {
    static let declaration = ServerSetupOptions.declaration

    static func run(_ words: [String]) throws -> ExitStatus {
        let settings = try ServerSetupOptions.parse(words)
        let report = ServerSetup.Report(said: { Output.line($0) }, warned: { Output.error($0) })
        try ServerSetup.run(
            settings, program: Installation.executable,
            games: { try Installation.games(CommonOptions(games: settings.games)) }, report: report)
        return .success
    }
}
