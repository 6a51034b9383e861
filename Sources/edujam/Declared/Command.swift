import DeclaredCommands

/// A command edujam dispatches to: its declaration (its grammar's, from EdujamCommandLine) and what runs it.
protocol Command {
    /// Everything the command line, help, completions, man page and docs say about it.
    static var declaration: CommandDeclaration { get }
    /// Runs it with the words after its name.
    /// - Throws: ``UsageError`` for a wrong command line; anything else is the command failing.
    static func run(_ words: [String]) throws -> ExitStatus
}
