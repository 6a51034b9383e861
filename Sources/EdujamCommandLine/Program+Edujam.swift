import DeclaredCommands

extension Program {
    /// edujam as its declarations, its commands in the order `edujam help` lists them: help, the
    /// completions, the man page and docs/cli.md are made from it, and the executable dispatches
    /// by its commands' names. A new command is its grammar (a declaration and the options type
    /// that parses with it), one line here and one in the executable's registry; help, the
    /// completions, the man page and docs/cli.md's generated blocks follow from its declaration
    /// (`CommandDeclarationTests` fails until `make docs` has regenerated docs/cli.md).
    public static let edujam = Program(
        name: "edujam", version: edujamVersion,
        commands: [
            PlayCommandOptions.declaration, ReportOptions.declaration, CatalogOptions.declaration,
            PublishOptions.declaration, GamesOptions.declaration, ClassOptions.declaration, AssignOptions.declaration,
            InboxOptions.declaration, DoneOptions.declaration, TestOptions.declaration, FuzzOptions.declaration,
            NewOptions.declaration, CheckOptions.declaration, ExportOptions.declaration, PushOptions.declaration,
            SyncOptions.declaration, StoreOptions.declaration, ServerSetupOptions.declaration,
            ReplayOptions.declaration, VerifyOptions.declaration,
        ],
        commonOptions: CommonOptions.declared,
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
