import DeclaredCommands
import School

/// `edujam play`, parsed once from the options ``declaration`` declares. (Runtime's
/// `PlayOptions` is what the run gets; this is what was typed.)
public struct PlayCommandOptions {
    /// `edujam play` as the command line declares it: its synopsis, options and help, which dispatch, `--help`, the
    /// completions, the man page and docs/cli.md are made from.
    public static let declaration = CommandDeclaration(
        "play", summary: "play a game in the terminal", example: "play games/math-jam",
        usage: ["play <game folder | identifier path> [options]"],
        description: """
            Plays a game in the terminal (or with piped answers, one per line) and saves the attempt.
            On a PostgreSQL store you play as your login: a student as their name on the rosters, a
            teacher under their own login (--student may name only that login).
            """,
        options: [
            OptionDeclaration("--level", value: "ID", "the level to play (default: a menu of the game's levels)"),
            OptionDeclaration(
                "--student", value: "NAME", "who plays (default: $USER; on a PostgreSQL store, your login)"),
            OptionDeclaration(
                "--seed", value: "N",
                "the random seed: the same seed plays the same game again (not for a student on the school server)"),
            OptionDeclaration(
                "--record", value: "FILE", "also write the session as a test case in FILE (a .play transcript)",
                kind: .file),
            OptionDeclaration(
                "--driver", value: "jsonl",
                "one JSON object per event on stdout, answers on stdin (docs/playtesting.md)",
                kind: .choice(["jsonl"])),
            OptionDeclaration(
                "--watch", "play again whenever a file of the game (`game.lua` or a module) changes (Ctrl-C stops)"),
        ],
        positional: .directory, docs: "docs/lua-api.md", gamesFolder: .whenNotInStore)

    /// How the student's answers arrive and the events leave.
    public enum Driver: String {
        /// One JSON object per event on stdout, answers on stdin, on a virtual clock.
        case jsonl
    }

    /// `--store` and `--games`.
    public var common: CommonOptions
    /// A game folder or identifier path, as typed (``GameTarget/resolve(_:gamesFolder:)``).
    public var game: String
    /// The level to play; nil for the menu of levels.
    public var level: String?
    /// `--student` as typed; checked against the store's name rule before play.
    public var student: String?
    /// The random seed; nil for a random one.
    public var seed: Int?
    /// The `.play` file to record the session in.
    public var record: String?
    /// Nil for a person at a terminal or a pipe.
    public var driver: Driver?
    /// `--watch`: play again whenever a file of the game changes.
    public var watch: Bool

    /// - Throws: ``UsageError`` for no game or several, a seed that is not a whole number, an unknown driver.
    public init(_ words: [String]) throws {
        let arguments = try Arguments(words, declared: Self.declaration.options)
        game = try arguments.onlyPositional("play takes one game folder or identifier path")
        common = CommonOptions(arguments)
        watch = arguments.flag("--watch")
        level = arguments.value("--level")
        student = arguments.value("--student")
        seed = try arguments.integer("--seed")
        record = arguments.value("--record")
        if let name = arguments.value("--driver") {
            guard let driver = Driver(rawValue: name) else { throw UsageError("--driver takes jsonl, got '\(name)'") }
            self.driver = driver
        }
    }
}
