import DeclaredCommands

/// `edujam sync`, parsed once from the options ``SyncCommand/declaration`` declares.
struct SyncOptions {
    var common: CommonOptions

    /// - Throws: ``UsageError`` for a positional word: sync takes none.
    init(_ words: [String]) throws {
        let arguments = try Arguments(words, declared: SyncCommand.declaration.options)
        guard arguments.positionals.isEmpty else {
            throw UsageError("sync takes no arguments, only --store and --games")
        }
        common = CommonOptions(arguments)
    }
}
