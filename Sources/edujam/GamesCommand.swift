import Classroom
import DeclaredCommands
import EdujamCommandLine
import Foundation
import GameContent
import Runtime
import Tracking

/// `edujam games`: the games published in the store, with their versions (its options and
/// synopsis: ``declaration``).
enum GamesCommand: Command {
    static let declaration = GamesOptions.declaration

    static func run(_ words: [String]) throws -> ExitStatus {
        let options = try GamesOptions(words)
        let store = try StoreContext(options.common, reading: true).store
        let games = try store.publishedGames()
        let retired = Dictionary(
            try store.retiredVersions().map { ($0.version, $0) }, uniquingKeysWith: { first, _ in first })
        if options.json {
            try Output.json(games.map { GameListing($0, retired: retired) })
            return .success
        }
        guard !games.isEmpty else {
            Output.line("No game is published in this store (edujam publish GAME: a folder, or a game's id).")
            return .success
        }
        for game in games {
            Output.line(lines(game, all: options.all, retired: retired).joined(separator: "\n"))
        }
        return .success
    }

    /// A game's line, its earlier versions' lines with `all`.
    private static func lines(_ game: PublishedGame, all: Bool, retired: [GameVersion: RetiredVersion]) -> [String] {
        var first = "\(Terminal.cleanLine(game.gameID))  \(line(game.current))"
        if game.setAt != game.current.publishedAt {
            first += "  (current since \(time(game.setAt)), \(Terminal.cleanLine(game.setBy)))"
        }
        if !all, !game.earlier.isEmpty {
            first += "  \(game.earlier.count) earlier version\(game.earlier.count == 1 ? "" : "s")"
        }
        return [first]
            + (all
                ? game.earlier.map { version in
                    "    \(line(version))"
                        + (retired[version.version].map { "  retired: \($0.scope) stops counting" } ?? "")
                } : [])
    }

    /// `3f2a9c01d2e4  2026-12-01 20:40 UTC  maria`.
    private static func line(_ version: PublishedVersion) -> String {
        "\(version.version.short)  \(time(version.publishedAt))  \(Terminal.cleanLine(version.publishedBy))"
    }

    /// A time to the minute, in UTC.
    private static func time(_ date: Date) -> String {
        let text = ISO8601.string(fromEpoch: date.timeIntervalSince1970)
        return String(text.prefix(16)).replacingOccurrences(of: "T", with: " ") + " UTC"
    }
}

/// One game as `edujam games --json` prints it.
struct GameListing: Encodable {
    /// One version.
    struct Version: Encodable {
        let version: String
        let bytes: Int
        let publishedBy: String
        let publishedAt: String
        /// Set when a teacher retired it: from when its attempts stop counting (null: every one).
        let retired: Retired?

        init(_ v: PublishedVersion, retired: RetiredVersion? = nil) {
            version = v.version.description
            bytes = v.bytes
            publishedBy = v.publishedBy
            publishedAt = ISO8601.string(fromEpoch: v.publishedAt.timeIntervalSince1970)
            self.retired = retired.map(Retired.init)
        }
    }

    /// A retired version's facts.
    struct Retired: Encodable {
        @ExplicitNull var from: String?
        let by: String
        let at: String

        init(_ r: RetiredVersion) {
            from = r.from.map { ISO8601.string(fromEpoch: $0.timeIntervalSince1970) }
            by = r.retiredBy
            at = ISO8601.string(fromEpoch: r.retiredAt.timeIntervalSince1970)
        }
    }

    let game: String
    let current: Version
    let setBy: String
    let setAt: String
    let earlier: [Version]

    init(_ g: PublishedGame, retired: [GameVersion: RetiredVersion]) {
        game = g.gameID
        current = Version(g.current)
        setBy = g.setBy
        setAt = ISO8601.string(fromEpoch: g.setAt.timeIntervalSince1970)
        earlier = g.earlier.map { Version($0, retired: retired[$0.version]) }
    }
}
