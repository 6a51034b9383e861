import DeclaredCommands
import Runtime
import School

/// `--store STORE` and `--games DIR`: the options every command takes (``declared``).
public struct CommonOptions {
    /// The store file, or nil for `EDUJAM_STORE`, the machine's config or the default (``StoreLocation``).
    public var store: String?
    /// The games folder, or nil for `EDUJAM_GAMES` and the defaults (the executable's `Installation`).
    public var games: String?

    /// The options every command's parser takes besides its own (``Arguments/init(_:declared:)``).
    static let declared = [
        OptionDeclaration(
            "--store", value: "STORE",
            "the store: a file or a PostgreSQL URL (default: EDUJAM_STORE, else the\nstore of /etc/edujam/edujam.conf, else ~/.local/share/edujam/edujam.sqlite)",
            kind: .fileOrURL),
        OptionDeclaration(
            "--games", value: "DIR", "the games folder (default: EDUJAM_GAMES, ./games, else the installed games)",
            kind: .directory),
    ]

    /// The options as given; nil for what was not.
    public init(store: String? = nil, games: String? = nil) {
        self.store = store
        self.games = games
    }

    init(_ arguments: Arguments) {
        self.init(store: arguments.value("--store"), games: arguments.value("--games"))
    }
}

extension Arguments {
    /// Parses `words` (without the program and command names) against what the command declares
    /// and ``CommonOptions/declared``, an unknown option named with the nearest declared one.
    /// - Throws: ``UsageError`` naming the unknown option or the missing value.
    init(_ words: [String], declared options: [OptionDeclaration]) throws {
        try self.init(
            words, options: options, common: CommonOptions.declared, hint: { Suggest.hint(for: $0, among: $1) })
    }
}
