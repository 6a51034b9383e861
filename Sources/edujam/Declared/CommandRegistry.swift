/// Every command edujam dispatches to, in the order `edujam help` lists them. A new command is
/// its own file(s) and one line here; help, the completions, the man page and docs/cli.md's
/// generated blocks follow from its declaration (`CommandDeclarationTests` fails until
/// `make docs` has regenerated docs/cli.md).
enum CommandRegistry {
    static var all: [any Command.Type] {
        [
            PlayCommand.self, ReportCommand.self, CatalogCommand.self, PublishCommand.self, GamesCommand.self,
            ClassCommand.self, AssignCommand.self,
            InboxCommand.self, DoneCommand.self, TestCommand.self, FuzzCommand.self, NewCommand.self,
            CheckCommand.self, ExportCommand.self, PushCommand.self, SyncCommand.self, StoreSchemaCommand.self,
            ServerCommand.self,
            ReplayCommand.self, VerifyCommand.self,
        ]
    }

    /// Every command's declaration, in order.
    static var declarations: [CommandDeclaration] { all.map { $0.declaration } }

    /// The command `name` names, or nil.
    static func command(named name: String) -> (any Command.Type)? { all.first { $0.declaration.name == name } }
}
