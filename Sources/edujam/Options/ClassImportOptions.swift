import DeclaredCommands

/// `edujam class import`, parsed once from the options ``ClassImportCommand/declaration`` declares.
struct ClassImportOptions {
    var common: CommonOptions
    /// The folder of the school's OneRoster 1.1 CSV export.
    var folder: String
    /// `--create-logins`: create the students' and teachers' missing logins (PostgreSQL).
    var createLogins: Bool

    /// - Throws: ``UsageError`` for positional words or no `--oneroster`.
    init(_ words: [String]) throws {
        let arguments = try Arguments(words, declared: ClassImportCommand.declaration.options)
        guard arguments.positionals.isEmpty else { throw UsageError("class import takes no positional arguments") }
        guard let folder = arguments.value("--oneroster") else {
            throw UsageError("say what to import: class import --oneroster DIR")
        }
        common = CommonOptions(arguments)
        self.folder = folder
        createLogins = arguments.flag("--create-logins")
    }
}
