/// What a value or positional word is, so a shell's completion can offer the right words.
public enum ValueKind: Equatable, Sendable {
    /// Any text (a name, a number, a date): nothing to offer.
    case text
    /// A file name.
    case file
    /// A folder name.
    case directory
    /// A file name, or a URL the shell cannot guess: completion offers files.
    case fileOrURL
    /// One of these words.
    case choice([String])
}

/// One option a command takes: the one place its name, value and help are written. The command's
/// parser accepts exactly the options declared (``Arguments/init(_:options:common:hint:)``), and
/// help, the completions, the man page and the docs' tables are made from the same declaration.
public struct OptionDeclaration: Sendable {
    /// `--level`.
    public let name: String
    /// The value's placeholder (`ID`), or nil for a flag that takes none.
    public let value: String?
    /// One line (or several joined by newlines) for `--help`, the man page and the docs.
    public let help: String
    /// What completion offers for the value.
    public let kind: ValueKind
    /// Whether the option may be given more than once, each value kept (`--student S`...).
    public let repeatable: Bool
    /// What only this machine says (a default that is its number of cores), added by `--help` and
    /// left out of the docs, completions and man page made for every machine.
    public let onThisMachine: String?

    public init(
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
    public var isFlag: Bool { value == nil }

    /// `--level ID`, or `--json` for a flag; `...` after one that repeats.
    public var synopsis: String { (value.map { "\(name) \($0)" } ?? name) + (repeatable ? "..." : "") }
}

/// A command (`play`) or an action of one (`class create`), declared once in the command's own
/// file: dispatch, the overview, the command's `--help`, the shell completions, the man page and
/// the docs' command tables are all made from it (``Program``).
public struct CommandDeclaration: Sendable {
    /// The word that names it: `play`, or `create` for `class create`.
    public let name: String
    /// One line for the overview, lower case, no full stop.
    public let summary: String
    /// A command line that works, without the program name: `play games/math-jam`.
    public let example: String
    /// The synopsis lines, without the program name: positional words and required options, the
    /// rest as `[options]` (the option list follows in `--help`). A command with actions has none
    /// of its own.
    public let usage: [String]
    /// What it does, for `--help` and the man page (plain text, may span lines).
    public let description: String
    /// The options its parser takes, besides the program's common ones (``Program/commonOptions``).
    public let options: [OptionDeclaration]
    /// What its positional words are, or nil when it takes none.
    public let positional: ValueKind?
    /// Its actions (`class create`, `store copy`), each declared the same way.
    public let actions: [CommandDeclaration]
    /// Where in the docs it is described at length, or "".
    public let docs: String
    /// The group a docs table lists it in (``MarkdownBlocks/groupTable(_:heading:groups:)``), or "".
    public let group: String

    public init(
        _ name: String, summary: String, example: String, usage: [String] = [], description: String,
        options: [OptionDeclaration] = [], positional: ValueKind? = nil, actions: [CommandDeclaration] = [],
        docs: String = "", group: String = ""
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
        self.group = group
    }

    /// Every synopsis line: its own, then each action's.
    public var allUsage: [String] { usage + actions.flatMap(\.allUsage) }

    /// Every option `--help` lists: its own, its actions' (once each), then `common`.
    public func allOptions(common: [OptionDeclaration]) -> [OptionDeclaration] {
        var seen: Set<String> = []
        return (options + actions.flatMap(\.options) + common).filter { seen.insert($0.name).inserted }
    }

    /// The action named `name`.
    public func action(_ name: String) -> CommandDeclaration? { actions.first { $0.name == name } }
}
