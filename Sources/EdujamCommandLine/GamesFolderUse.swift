import DeclaredCommands

/// Whether a command reads the games folder (the executable's `Installation.games(_:)`), declared as its
/// ``CommandDeclaration/group``. docs/cli.md's table of the commands that need one is made from it.
enum GamesFolderUse: String, CaseIterable, Sendable {
    /// It reads none: the store it opens names its collection, so it works in any folder.
    case none = ""
    /// It reads the games there, and fails when there is none.
    case reads
    /// It reads one only for a game the store does not have (a local copy, a game not published).
    case whenNotInStore
    /// It creates a new game there.
    case writes
}

extension CommandDeclaration {
    /// A command declared with its use of the games folder; its actions read what it reads.
    init(
        _ name: String, summary: String, example: String, usage: [String] = [], description: String,
        options: [OptionDeclaration] = [], positional: ValueKind? = nil, actions: [CommandDeclaration] = [],
        docs: String = "", gamesFolder: GamesFolderUse
    ) {
        self.init(
            name, summary: summary, example: example, usage: usage, description: description, options: options,
            positional: positional, actions: actions, docs: docs, group: gamesFolder.rawValue)
    }

    /// Whether it reads the games folder.
    var gamesFolder: GamesFolderUse { GamesFolderUse(rawValue: group) ?? .none }

    /// Every option `--help` lists: its own, its actions' (once each), then the common ones.
    var allOptions: [OptionDeclaration] { allOptions(common: CommonOptions.declared) }
}
