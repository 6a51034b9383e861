import DeclaredCommands

/// `edujam class import`, parsed once from the options ``declaration`` declares.
public struct ClassImportOptions {
    /// `edujam class import` as the command line declares it: its synopsis, options and help, which dispatch, `--help`,
    /// the completions, the man page and docs/cli.md are made from.
    public static let declaration = CommandDeclaration(
        "import", summary: "classes, students and teachers from a OneRoster 1.1 CSV export",
        example: "class import --oneroster oneroster-export", usage: ["class import --oneroster DIR [--create-logins]"],
        description:
            "Imports classes, students and teachers from a OneRoster 1.1 CSV export. A broken export changes nothing; a student the store cannot take is left out and named, with their row, and the rest imported.",
        options: [
            OptionDeclaration("--oneroster", value: "DIR", "the folder of the OneRoster CSV files", kind: .directory),
            OptionDeclaration(
                "--create-logins", "create the students' and teachers' missing logins (a PostgreSQL store)"),
        ],
        docs: "docs/interop.md")

    /// `--store` and `--games`.
    public var common: CommonOptions
    /// The folder of the school's OneRoster 1.1 CSV export.
    public var folder: String
    /// `--create-logins`: create the students' and teachers' missing logins (PostgreSQL).
    public var createLogins: Bool

    /// - Throws: ``UsageError`` for positional words or no `--oneroster`.
    public init(_ words: [String]) throws {
        let arguments = try Arguments(words, declared: Self.declaration.options)
        guard arguments.positionals.isEmpty else { throw UsageError("class import takes no positional arguments") }
        guard let folder = arguments.value("--oneroster") else {
            throw UsageError("say what to import: class import --oneroster DIR")
        }
        common = CommonOptions(arguments)
        self.folder = folder
        createLogins = arguments.flag("--create-logins")
    }
}
