import DeclaredCommands
import EdujamCommandLine

/// What runs each command of `Program.edujam`: the grammar (EdujamCommandLine)
/// says what the words mean, and this table which ``Command`` runs them.
enum CommandRegistry {
    static let all: [any Command.Type] = [
        PlayCommand.self, ReportCommand.self, CatalogCommand.self, PublishCommand.self, GamesCommand.self,
        ClassCommand.self, AssignCommand.self, InboxCommand.self, DoneCommand.self, TestCommand.self,
        FuzzCommand.self, NewCommand.self, CheckCommand.self, ExportCommand.self, PushCommand.self, SyncCommand.self,
        StoreSchemaCommand.self, ServerCommand.self, ReplayCommand.self, VerifyCommand.self,
    ]

    /// The command `name` names, or nil.
    static func command(named name: String) -> (any Command.Type)? { all.first { $0.declaration.name == name } }
}
