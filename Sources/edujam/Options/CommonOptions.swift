/// `--store PATH` and `--games DIR`: the options every command takes (``Arguments/common``).
struct CommonOptions {
    /// The store file, or nil for `EDUJAM_STORE` or the default (``StoreLocation``).
    var store: String?
    /// The games folder, or nil for `EDUJAM_GAMES` and the defaults (``Installation``).
    var games: String?

    init(store: String? = nil, games: String? = nil) {
        self.store = store
        self.games = games
    }

    init(_ arguments: Arguments) {
        self.init(store: arguments.value("--store"), games: arguments.value("--games"))
    }
}
