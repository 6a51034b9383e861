import DeclaredCommands

/// `edujam inbox`, parsed once from the options ``InboxCommand/declaration`` declares.
struct InboxOptions {
    var common: CommonOptions
    /// As typed; checked against the store's name rule when the store is open. Required on a
    /// SQLite store, refused to a student on a PostgreSQL store (``Identity``).
    var student: String?
    var json: Bool

    /// The usage error when a SQLite store needs `--student` and it is missing.
    static let needsStudent = "inbox needs --student S"

    /// - Throws: ``UsageError`` for an unknown option.
    init(_ words: [String]) throws {
        let arguments = try Arguments(words, declared: InboxCommand.declaration.options)
        common = CommonOptions(arguments)
        student = arguments.value("--student")
        json = arguments.flag("--json")
    }
}
