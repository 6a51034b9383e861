import Classroom
import Foundation
import GameContent
import Runtime
import Tracking

/// One game as `edujam games --json` prints it.
public struct GameListing: Encodable {
    /// One version.
    public struct Version: Encodable {
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
    public struct Retired: Encodable {
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

    public init(_ g: PublishedGame, retired: [GameVersion: RetiredVersion]) {
        game = g.gameID
        current = Version(g.current)
        setBy = g.setBy
        setAt = ISO8601.string(fromEpoch: g.setAt.timeIntervalSince1970)
        earlier = g.earlier.map { Version($0, retired: retired[$0.version]) }
    }

    /// A game's line, its earlier versions' lines with `all`.
    public static func lines(_ game: PublishedGame, all: Bool, retired: [GameVersion: RetiredVersion]) -> [String] {
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

/// One class as `class list` shows it: its students, and for a class imported from OneRoster its
/// teachers and the students who left.
///
/// Text: `3B: ana, bo (teacher: Jane Smith; left: cy)`. JSON: the class's `name` and `students`,
/// plus `oneRoster` (``ClassRoster``: `sourcedId`, `teachers`, `students` and `left`, each person
/// with `sourcedId`, `username`, `givenName`, `familyName`) when imported, else `null`.
public struct ClassListing: Encodable {
    let schoolClass: SchoolClass
    let roster: ClassRoster?

    public init(schoolClass: SchoolClass, roster: ClassRoster?) {
        self.schoolClass = schoolClass
        self.roster = roster
    }

    private enum CodingKeys: String, CodingKey {
        case name, students, oneRoster
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(schoolClass.name, forKey: .name)
        try c.encode(schoolClass.students, forKey: .students)
        try c.encode(roster, forKey: .oneRoster)
    }

    /// The text line; names from the store pass `Terminal.cleanLine`, as every table cell does.
    public var line: String {
        let students =
            schoolClass.students.isEmpty
            ? "(no students)" : schoolClass.students.map(Terminal.cleanLine).joined(separator: ", ")
        var notes: [String] = []
        if let roster {
            if !roster.teachers.isEmpty {
                notes.append(
                    "\(roster.teachers.count == 1 ? "teacher" : "teachers"): "
                        + roster.teachers.map { Terminal.cleanLine($0.displayName) }.joined(separator: ", "))
            }
            if !roster.left.isEmpty {
                notes.append("left: " + roster.left.map { Terminal.cleanLine($0.username) }.joined(separator: ", "))
            }
        }
        return "\(Terminal.cleanLine(schoolClass.name)): \(students)"
            + (notes.isEmpty ? "" : " (\(notes.joined(separator: "; ")))")
    }
}
