import DeclaredCommands
import Runtime
import Tracking

/// `edujam catalog`, parsed once from the options ``declaration`` declares.
public struct CatalogOptions {
    /// `edujam catalog` as the command line declares it: its synopsis, options and help, which dispatch, `--help`, the
    /// completions, the man page and docs/cli.md are made from.
    public static let declaration = CommandDeclaration(
        "catalog", summary: "list (and --publish) activities", example: "catalog --search addition",
        usage: ["catalog [games folder] [options]"],
        description: """
            Lists every game's activity tree (identifier paths, titles, types, topics, summaries, keywords,
            suggested age and time), loading each game.lua without playing it. A broken game is listed
            with its error (each game.lua runs in a process of its own, so one that cannot be
            stopped ends only its own). --publish writes the tree into the store, so teachers can assign activities
            before any student has played them, and stores each game's files as edujam publish does (checked
            without random-input runs).
            """,
        options: [
            OptionDeclaration("--search", value: "WORDS", "only activities whose text has every word"),
            OptionDeclaration(
                "--topic", value: "T", "only games of this topic", kind: .choice(Topic.allCases.map(\.rawValue))),
            OptionDeclaration("--json", "print JSON instead of a tree"),
            OptionDeclaration("--publish", "write the tree and the games' files into the store"),
        ],
        positional: .directory, docs: "docs/teacher.md", gamesFolder: .reads)

    /// `--store` and `--games`.
    public var common: CommonOptions
    /// The games folder named on the command line, if any.
    public var folder: String?
    /// `--search`, lowercased and split at spaces; empty for no search.
    public var words: [String]
    /// `--topic`, checked against ClassKit's topics.
    public var topic: Topic?
    /// `--json`: print JSON instead of lines.
    public var json: Bool
    /// `--publish`: publish the catalog as well as listing it.
    public var publish: Bool

    /// - Throws: ``UsageError`` for a second folder or an unknown topic (with a "did you mean").
    public init(_ words: [String]) throws {
        let arguments = try Arguments(words, declared: Self.declaration.options)
        guard arguments.positionals.count <= 1 else { throw UsageError("catalog takes at most one games folder") }
        common = CommonOptions(arguments)
        folder = arguments.positionals.first
        self.words = (arguments.value("--search") ?? "").lowercased().split(separator: " ").map(String.init)
        if let name = arguments.value("--topic") {
            guard let topic = Topic(rawValue: name) else {
                let names = Topic.allCases.map(\.rawValue)
                throw UsageError(
                    "unknown topic '\(name)'\(Suggest.hint(for: name, among: names)) (one of: \(names.joined(separator: ", ")))"
                )
            }
            self.topic = topic
        }
        json = arguments.flag("--json")
        publish = arguments.flag("--publish")
    }
}
