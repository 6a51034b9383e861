import DeclaredCommands

/// `edujam sync`, parsed once from the options ``declaration`` declares.
public struct SyncOptions {
    /// `edujam sync` as the command line declares it: its synopsis, options and help, which dispatch, `--help`, the
    /// completions, the man page and docs/cli.md are made from.
    public static let declaration = CommandDeclaration(
        "sync", summary: "send work kept while offline", example: "sync --store postgresql:///edujam",
        usage: ["sync [options]"],
        description: """
            Sends the attempts kept on this computer while the school server could not be reached (the
            outbox), and says what it sent and what still waits. Every edujam command that opens the
            school server's store sends them too; sync is for saying so, or for sending without playing.
            Exit status 0 when nothing waits, 1 when something does.
            """,
        docs: "docs/student.md")

    /// `--store` and `--games`.
    public var common: CommonOptions

    /// - Throws: ``UsageError`` for a positional word: sync takes none.
    public init(_ words: [String]) throws {
        let arguments = try Arguments(words, declared: Self.declaration.options)
        guard arguments.positionals.isEmpty else {
            throw UsageError("sync takes no arguments, only --store and --games")
        }
        common = CommonOptions(arguments)
    }
}
