import DeclaredCommands
import Tracking

/// `edujam new`, parsed once from the options ``declaration`` declares.
public struct NewOptions {
    /// `edujam new` as the command line declares it: its synopsis, options and help, which dispatch, `--help`, the
    /// completions, the man page and docs/cli.md are made from.
    public static let declaration = CommandDeclaration(
        "new", summary: "start a game that already plays", example: "new my-quiz --topic math",
        usage: ["new NAME [options]"],
        description: """
            Creates DIR/NAME (default games/NAME) with a game.lua that already plays (a three-question
            quiz) and tests/ with a transcript and a bot that pass. The game's id is NAME in capitals.
            """,
        options: [
            OptionDeclaration(
                "--topic", value: "T", "math, science, literacyAndWriting, ... (docs/lua-api.md)",
                kind: .choice(Topic.allCases.map(\.rawValue))),
            OptionDeclaration("--type", value: "T", "the context type (default quiz)"),
        ],
        positional: .text, docs: "docs/authoring.md", gamesFolder: .writes)

    /// `--store` and `--games`.
    public var common: CommonOptions
    /// The new game's name: its folder's, in the games folder.
    public var name: String
    /// `--topic`, as typed.
    public var topic: String?
    /// `--type`, as typed.
    public var type: String?

    /// - Throws: ``UsageError`` unless exactly one name is given.
    public init(_ words: [String]) throws {
        let arguments = try Arguments(words, declared: Self.declaration.options)
        name = try arguments.onlyPositional("new takes one name, like my-quiz")
        common = CommonOptions(arguments)
        topic = arguments.value("--topic")
        type = arguments.value("--type")
    }
}
