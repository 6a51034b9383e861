import DeclaredCommands

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

    /// edujam as its declarations: help, the completions, the man page and docs/cli.md are made from it.
    static var program: Program {
        Program(
            name: "edujam", version: edujamVersion, commands: declarations, commonOptions: CommonOptions.declared,
            overviewFooter: """
                Run `edujam <command> --help` for a command's options, `edujam --version` for the version.
                Docs: README.md, docs/ (installed: PREFIX/share/doc/edujam).
                """,
            manPage: ManPageText(
                summary: "learning games in the terminal, and what a class did with them",
                description: [
                    "Options take their value as \\fB\\-\\-seed 42\\fR or \\fB\\-\\-seed=42\\fR; \\fB\\-\\-\\fR ends the options.",
                    "The full documentation is installed in PREFIX/share/doc/edujam (README.md, docs/).",
                ],
                ending: [
                    ".SH EXIT STATUS",
                    "0 done, 1 something failed, 64 a wrong command line; 124, 129, 130 and 143 as in docs/cli.md.",
                    ".SH SEE ALSO",
                    "The README.md and docs/ of EduJam, docs/cli.md above all.",
                ]))
    }

    /// Every command's declaration, in order.
    static var declarations: [CommandDeclaration] { all.map { $0.declaration } }

    /// The command `name` names, or nil.
    static func command(named name: String) -> (any Command.Type)? { all.first { $0.declaration.name == name } }
}
