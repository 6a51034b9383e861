import DeclaredCommands

/// `edujam new`, parsed once from the options ``NewCommand/declaration`` declares.
struct NewOptions {
    var common: CommonOptions
    var name: String
    var topic: String?
    var type: String?

    /// - Throws: ``UsageError`` unless exactly one name is given.
    init(_ words: [String]) throws {
        let arguments = try Arguments(words, declared: NewCommand.declaration.options)
        name = try arguments.onlyPositional("new takes one name, like my-quiz")
        common = CommonOptions(arguments)
        topic = arguments.value("--topic")
        type = arguments.value("--type")
    }
}
