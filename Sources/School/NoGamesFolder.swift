/// No games folder was named and none is where EduJam looks: a set-up problem, not a mistake in
/// how it was called.
public struct NoGamesFolder: Error, CustomStringConvertible {
    /// Where the installed games would be.
    public let installed: String
    /// The store that was to be made for the games folder's collection, when that is why one was
    /// looked for: a command that plays nothing needs one only for a store nobody has claimed yet.
    public var newStore: String?
    /// Whether that store is a school server's: only its database's owner can claim it, with
    /// `store init`, so a teacher or student is sent there rather than to a games folder.
    public var onServer = false

    public init(installed: String) { self.installed = installed }

    public var description: String {
        let looked = "no games folder here: looked in ./games and \(installed)"
        if let newStore, onServer {
            return "the store \(newStore) holds no EduJam collection yet: the database's owner runs "
                + "edujam store init --games DIR (\(looked))"
        }
        let why = newStore.map { "the store \($0) is new, and no games folder says which collection it is for: " } ?? ""
        return why + looked
            + ". Pass --games DIR, set EDUJAM_GAMES, or install the games with `make install` (README.md)"
    }
}
