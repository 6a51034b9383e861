import Tracking

/// How many of an assignment's counted attempts ran one version of a game (``RunRecord/gameVersion``):
/// what tells a teacher that students of one assignment played different versions.
///
/// JSON keys: `version` (null for attempts that recorded none) and `attempts`.
public struct GameVersionCount: Codable, Equatable, Sendable {
    /// The version, nil for attempts saved without one.
    @ExplicitNull public var version: String?
    /// How many counted attempts ran it.
    public var attempts: Int

    /// Each version among `runs` with its count, the most played first (then by version, those
    /// without one last), so the order never depends on the order of the rows.
    static func counts(_ runs: [RunRecord]) -> [GameVersionCount] {
        Dictionary(grouping: runs, by: \.gameVersion)
            .map { GameVersionCount(version: $0.key, attempts: $0.value.count) }
            .sorted { a, b in
                a.attempts != b.attempts ? a.attempts > b.attempts : (a.version ?? "~") < (b.version ?? "~")
            }
    }
}

extension AssignmentReport {
    /// `2 game versions: 3f2a9c01d2e4 (5 attempts), 9b1c0d7e6f5a (2 attempts)`, each version in its
    /// short form (``GameVersionRule/short(_:)``); nil when its attempts ran one version (or none).
    public var versionsNote: String? {
        guard gameVersions.count > 1 else { return nil }
        let each = gameVersions.map { count in
            let name = count.version.map(GameVersionRule.short) ?? "no version recorded"
            return "\(name) (\(count.attempts) attempt\(count.attempts == 1 ? "" : "s"))"
        }
        return "\(gameVersions.count) game versions: " + each.joined(separator: ", ")
    }
}
