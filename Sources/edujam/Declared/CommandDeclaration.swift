/// What a value or positional word is, so a shell's completion can offer the right words.
enum ValueKind: Equatable, Sendable {
    /// Any text (a name, a number, a date): nothing to offer.
    case text
    /// A file name.
    case file
    /// A folder name.
    case directory
    /// A store: a file name, or a PostgreSQL URL the shell cannot guess.
    case store
    /// One of these words.
    case choice([String])
}

/// Whether a command reads the games folder (``Installation/games(_:)``). docs/cli.md's table of
/// the commands that need one is made from it.
enum GamesFolderUse: CaseIterable, Sendable {
    /// It reads none: the store it opens names its collection, so it works in any folder.
    case none
    /// It reads the games there, and fails when there is none.
    case reads
    /// It reads one only for a game the store does not have (a local copy, a game not published).
    case whenNotInStore
    /// It creates a new game there.
    case writes
}

/// One option a command takes: the one place its name, value and help are written. The command's
/// parser accepts exactly the options declared (``Arguments/init(_:declared:)``), and help, the
/// completions, the man page and docs/cli.md are made from the same declaration.
struct OptionDeclaration: Sendable {
    /// `--level`.
    let name: String
    /// The value's placeholder (`ID`), or nil for a flag that takes none.
    let value: String?
    /// One line (or several joined by newlines) for `--help`, the man page and docs/cli.md.
    let help: String
    /// What completion offers for the value.
    let kind: ValueKind
    /// Whether the option may be given more than once, each value kept (`--student S`...).
    let repeatable: Bool
    /// What only this machine says (`--jobs`'s default, its cores), added by `--help` and left out
    /// of the docs, completions and man page made for every machine.
    let onThisMachine: String?

    init(
        _ name: String, value: String? = nil, _ help: String, kind: ValueKind = .text, repeatable: Bool = false,
        onThisMachine: String? = nil
    ) {
        self.name = name
        self.value = value
        self.help = help
        self.kind = kind
        self.repeatable = repeatable
        self.onThisMachine = onThisMachine
    }

    /// Whether the option takes no value.
    var isFlag: Bool { value == nil }

    /// `--level ID`, or `--json` for a flag; `...` after one that repeats.
    var synopsis: String { (value.map { "\(name) \($0)" } ?? name) + (repeatable ? "..." : "") }
}

/// A command (`play`) or an action of one (`class create`), declared once in the command's own
/// file: dispatch, `edujam help`, `edujam COMMAND --help`, the shell completions, the man page
/// and docs/cli.md's command tables are all made from it (``CommandRegistry``).
struct CommandDeclaration: Sendable {
    /// The word that names it: `play`, or `create` for `class create`.
    let name: String
    /// One line for the overview, lower case, no full stop.
    let summary: String
    /// A command line that works, without the program name: `play games/math-jam`.
    let example: String
    /// The synopsis lines, without `edujam `: positional words and required options, the rest as
    /// `[options]` (the option list follows in `--help`). A command with actions has none of its own.
    let usage: [String]
    /// What it does, for `--help` and the man page (plain text, may span lines).
    let description: String
    /// The options its parser takes, besides ``CommonOptions/declared``.
    let options: [OptionDeclaration]
    /// What its positional words are, or nil when it takes none.
    let positional: ValueKind?
    /// Its actions (`class create`, `store copy`), each declared the same way.
    let actions: [CommandDeclaration]
    /// Where in docs/ it is described at length, or "".
    let docs: String
    /// Whether it reads the games folder; its actions read what it reads.
    let gamesFolder: GamesFolderUse

    init(
        _ name: String, summary: String, example: String, usage: [String] = [], description: String,
        options: [OptionDeclaration] = [], positional: ValueKind? = nil, actions: [CommandDeclaration] = [],
        docs: String = "", gamesFolder: GamesFolderUse = .none
    ) {
        self.name = name
        self.summary = summary
        self.example = example
        self.usage = usage
        self.description = description
        self.options = options
        self.positional = positional
        self.actions = actions
        self.docs = docs
        self.gamesFolder = gamesFolder
    }

    /// Every synopsis line: its own, then each action's.
    var allUsage: [String] { usage + actions.flatMap(\.allUsage) }

    /// Every option `--help` lists: its own, its actions' (once each), then the common ones.
    var allOptions: [OptionDeclaration] {
        var seen: Set<String> = []
        return (options + actions.flatMap(\.options) + CommonOptions.declared).filter { seen.insert($0.name).inserted }
    }

    /// The action named `name`.
    func action(_ name: String) -> CommandDeclaration? { actions.first { $0.name == name } }
}

/// A command edujam dispatches to: its declaration and what runs it.
protocol Command {
    /// Everything the command line, help, completions, man page and docs say about it.
    static var declaration: CommandDeclaration { get }
    /// Runs it with the words after its name.
    /// - Throws: ``UsageError`` for a wrong command line; anything else is the command failing.
    static func run(_ words: [String]) throws -> ExitStatus
}
