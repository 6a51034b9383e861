import Foundation
import GameContent

/// What this computer last learned from each store about its published games: the collection
/// the store was claimed for, and each game's current version. `play ID` runs that version from
/// the game cache when the school server cannot be reached (docs/playing.md, "When the network drops").
///
/// A small JSON file beside the cache's entries (`<cache>/current.json`), keyed by the store as
/// the outbox names it (a server's URL without its password), so two schools' games of
/// the same id never meet. It is a cache: written whole through a temporary file and a rename,
/// read with a bound; one that cannot be read is an empty index, never the reason a command fails.
struct GameSourceIndex: Codable, Equatable, Sendable {
    /// One store's part.
    struct Store: Codable, Equatable, Sendable {
        /// The collection's root identifier the store was claimed for, and its title.
        var root: String
        var title: String
        /// Game id → its current version's hex name, as last seen.
        var games: [String: String] = [:]
    }

    /// Store (as the outbox names it) → what was learned from it.
    var stores: [String: Store] = [:]

    /// The most the file may hold: thousands of games' lines, far beyond a school's.
    static let maxBytes = 1 << 20

    /// The index file in `cache`'s folder.
    static func path(in cache: GameCache) -> String {
        (cache.folder as NSString).appendingPathComponent("current.json")
    }

    /// The index in `cache`, empty when there is none or it cannot be read (too big, not JSON).
    static func read(in cache: GameCache) -> GameSourceIndex {
        let path = path(in: cache)
        guard let size = fileSize(path), size <= maxBytes,
            let data = FileManager.default.contents(atPath: path), data.count <= maxBytes,
            let index = try? JSONDecoder().decode(GameSourceIndex.self, from: data)
        else { return GameSourceIndex() }
        return index
    }

    /// The current version of `game` last seen at `store`, if it is a valid name.
    func version(of game: String, at store: String) -> GameVersion? {
        stores[store]?.games[game].flatMap(GameVersion.init)
    }

    /// Records what `store` said; the file is rewritten only when something changed.
    /// - Parameter current: Game id → current version, for the games just seen.
    static func remember(
        root: (id: String, title: String), current: [String: GameVersion], at store: String, in cache: GameCache
    ) {
        var index = read(in: cache)
        var entry = index.stores[store] ?? Store(root: root.id, title: root.title)
        (entry.root, entry.title) = root
        for (game, version) in current { entry.games[game] = version.description }
        guard entry != index.stores[store] else { return }
        index.stores[store] = entry
        index.write(in: cache)
    }

    /// Writes the index whole: a temporary file (0600) renamed over the old one.
    private func write(in cache: GameCache) {
        guard let data = try? JSONEncoder().encode(self), data.count <= Self.maxBytes else { return }
        let path = Self.path(in: cache)
        let temporary = path + ".new-\(UUID().uuidString)"
        guard FileManager.default.createFile(atPath: temporary, contents: data, attributes: [.posixPermissions: 0o600])
        else { return }
        if rename(temporary, path) != 0 { unlink(temporary) }
    }

    /// The size of a regular file at `path` (not followed if a symlink), or nil.
    private static func fileSize(_ path: String) -> Int? {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(status.st_size)
    }
}
