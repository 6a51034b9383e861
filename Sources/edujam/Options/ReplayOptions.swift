import DeclaredCommands

/// `edujam replay`, parsed once from the options ``ReplayCommand/declaration`` declares.
struct ReplayOptions {
    var common: CommonOptions
    /// The attempt as typed: its UUID or the start of it.
    var attempt: String
    /// Whether to show it at once, without the student's pauses.
    var fast: Bool
    /// The `.play` file to write instead of showing it.
    var transcript: String?

    /// - Throws: ``UsageError`` unless exactly one attempt is given.
    init(_ words: [String]) throws {
        let arguments = try Arguments(words, declared: ReplayCommand.declaration.options)
        attempt = try arguments.onlyPositional("replay takes one attempt: its UUID or the start of it")
        common = CommonOptions(arguments)
        fast = arguments.flag("--fast")
        transcript = arguments.value("--transcript")
    }
}
