import Tracking

/// `edujam store copy FROM TO`: a store's history copied into another store, SQLite to PostgreSQL
/// or back, by natural keys: contexts by path, attempts (with items and events) by UUID, classes
/// by name, people and imported classes by `sourcedId`, assignments by class, title and creation
/// time, published game versions by their name and each game's current version by the game.
/// What the destination already holds is kept as it is, so copying twice changes nothing.
/// The destination is written in one transaction; its schema is brought up to date first.
///
/// Every context, attempt, item and event is checked first with the readers' rules
/// (`StoredRowRules`, and at most ``Limits/itemsPerAttempt`` items per attempt): one the program
/// could not read refuses the whole copy, naming the row, before anything is written. Every game
/// version's files are checked against its name: a version that fails is left out (with a game's
/// current version or retirement naming it), named in ``Report/skipped``, and the rest is copied. Durations beyond
/// ``SafeNumbers/maximumDurationSeconds`` (older versions could save an infinite one), event
/// times outside the years 0000 to 9999 and progress ranges past ``Limits/progressRanges`` are
/// written clamped, as every reader reads them (`TableCopy`).
public enum StoreCopy {
    /// How many rows the copy added to each table of the destination, in copy order.
    public typealias Added = [(table: String, rows: Int)]

    /// What a copy did: the rows it added, what it kept out of the attempts the destination
    /// already held ended (an ended attempt is kept whole: nothing is added to it), and the
    /// source's rows it left out because they cannot be read.
    public struct Report {
        /// The rows added to each table, in copy order.
        public var added: Added
        /// The source's items, events and replay records of attempts the destination holds
        /// ended that the destination does not have, per table (only tables with some).
        public var keptOut: Added
        /// How many such attempts the source has more rows of.
        public var endedAttempts: Int
        /// The source's rows left out, and why: game versions whose files cannot be read, and the
        /// rows that name them.
        public var skipped: [Refusal]
    }

    /// One table's rows: read from the source with the natural keys of what they point to,
    /// written to the destination by looking those keys up; `rule` says why a row cannot be read.
    fileprivate struct Step: Sendable {
        let table: String
        let read: String
        let write: String
        var rule: @Sendable ([SQLValue]) -> String? = { _ in nil }
        var prepare: @Sendable ([SQLValue]) -> [SQLValue] = { $0 }
        /// For a row of an attempt's (items, events, replay records): whether the destination
        /// holds it (``TableCopy/held(_:)``).
        var held: @Sendable ([SQLValue]) -> (sql: String, values: [SQLValue])? = { _ in nil }
        /// A row that breaks `rule` is left out, not a refusal of the whole copy.
        var skipsUnreadable = false
        /// The column holding the game version a row names, for rows that follow their version.
        var versionColumn: Int?
    }

    /// A source row the program could not read: the copy writes nothing.
    public struct Refusal: Error, Equatable, CustomStringConvertible {
        /// The table: `activity_items`.
        public let table: String
        /// Which row, by its natural key: `'q1' of ana's attempt 7F0C…`.
        public let row: String
        /// The rule it breaks, never the value.
        public let reason: String

        public var description: String {
            "cannot copy: the source's \(table) row \(row) cannot be read (\(reason)); nothing was copied"
        }

        /// How a row the copy left out is named: `left out the source's game_versions row … (why)`.
        public var skippedDescription: String { "left out the source's \(table) row \(row) (\(reason))" }
    }

    private static let steps: [Step] = [
        Step(.contexts), Step(.activities), Step(.items), Step(.events), Step(.inputs),
        Step(
            table: "classes", read: "SELECT name, created_at FROM classes ORDER BY id",
            write: "INSERT INTO classes (name, created_at) VALUES (?, ?) ON CONFLICT DO NOTHING"),
        Step(ofClass: "class_students", columns: ["student", "position"]),
        Step(
            table: "roster_people", read: "SELECT sourced_id, username, given_name, family_name FROM roster_people",
            write: """
                INSERT INTO roster_people (sourced_id, username, given_name, family_name) VALUES (?, ?, ?, ?)
                ON CONFLICT DO NOTHING
                """),
        Step(ofClass: "roster_classes", columns: ["sourced_id", "title"]),
        Step(ofClass: "roster_enrollments", columns: ["person", "role", "position", "left_at"]),
        Step(.acceptedStatements),
        Step(
            table: "game_versions",
            read:
                "SELECT version, game, package, bytes, published_by, published_at FROM game_versions ORDER BY published_at, version",
            write: """
                INSERT INTO game_versions (version, game, package, bytes, published_by, published_at)
                VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING
                """, rule: GameTables.unreadable, skipsUnreadable: true, versionColumn: 0),
        Step(
            table: "game_owners", read: "SELECT game, owner, since FROM game_owners ORDER BY game",
            write: "INSERT INTO game_owners (game, owner, since) VALUES (?, ?, ?) ON CONFLICT DO NOTHING"),
        Step(
            table: "game_current", read: "SELECT game, version, set_by, set_at FROM game_current",
            write:
                "INSERT INTO game_current (game, version, set_by, set_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
            versionColumn: 1),
        Step(
            table: "retired_versions",
            read: "SELECT version, game, retired_from, retired_by, retired_at FROM retired_versions ORDER BY version",
            write: """
                INSERT INTO retired_versions (version, game, retired_from, retired_by, retired_at)
                VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING
                """, versionColumn: 0),
    ]

    private static let assignmentTables = [
        "assignments", "assignment_recipients", "assignment_activities", "assignment_done",
    ]

    /// Copies the history of the store at `source` into the store at `destination`. An attempt the
    /// destination holds ended is kept whole: none of the source's items, events or replay record
    /// is added to it (a copy edited elsewhere could otherwise turn a failed attempt into a
    /// passed one); what was kept out is reported, and so are the game versions left out.
    /// - Returns: The rows added to each table, what was kept out, and the rows left out.
    /// - Throws: ``Refusal`` naming a source row the program could not read (but a game version's),
    ///   ``TrackingError/rootMismatch(expected:found:)`` when the two stores belong to
    ///   different collections, or either engine's errors; the destination is then unchanged.
    public static func copy(from source: StoreAddress, to destination: StoreAddress) throws -> Report {
        guard let from = try source.engine() as? any StoreRows & StoreEngine,
            let to = try destination.engine() as? any StoreRows & StoreEngine
        else { preconditionFailure("every engine reads and writes plain rows") }
        try from.migrate(parts: [ClassroomSchema.part])
        var rows = try steps.map { try from.rows($0.read, []) }
        let skipped = try check(&rows)  // before the destination is touched
        try to.migrate(parts: [ClassroomSchema.part])
        let tables = steps.map(\.table) + assignmentTables
        let before = try counts(to, tables)
        var keptOut: [String: Int] = [:]
        var endedAttempts: Set<String> = []
        try to.inTransaction {
            let ended = try self.ended(in: to)  // before this copy adds any
            try claimRoot(from: from, to: to)
            for (step, stepRows) in zip(steps, rows) {
                for row in stepRows {
                    if let held = step.held(row), ended.contains(text(row[0]).lowercased()) {
                        if try to.rows(held.sql, held.values).isEmpty {
                            keptOut[step.table, default: 0] += 1
                            endedAttempts.insert(text(row[0]).lowercased())
                        }
                        continue
                    }
                    try to.run(step.write, step.prepare(row))
                }
                if step.table == "class_students" { try copyAssignments(from: from, to: to) }
            }
        }
        let after = try counts(to, tables)
        return Report(
            added: tables.indices.map { (tables[$0], after[$0] - before[$0]) },
            keptOut: steps.compactMap { step in keptOut[step.table].map { (step.table, $0) } },
            endedAttempts: endedAttempts.count, skipped: skipped)
    }

    /// The UUIDs (lowercase) of the attempts `store` holds ended.
    private static func ended(in store: any StoreRows) throws -> Set<String> {
        Set(
            try store.rows("SELECT uuid FROM activities WHERE ended_at IS NOT NULL", []).compactMap(\.first).map {
                text($0).lowercased()
            })
    }

    /// Throws ``Refusal`` for the first row, in copy order, the program could not read, or for
    /// the item past ``Limits/itemsPerAttempt`` in one attempt; removes from `rows` each game
    /// version that cannot be read, and each row that names one.
    /// - Returns: The rows removed, and why.
    private static func check(_ rows: inout [[[SQLValue]]]) throws -> [Refusal] {
        var students: [String: String] = [:]  // each attempt's student, by UUID, to name its rows
        var skipped: [Refusal] = []
        var leftOut: Set<String> = []  // the versions left out
        for (index, step) in steps.enumerated() {
            var items: [String: Int] = [:]
            var kept: [[SQLValue]] = []
            for row in rows[index] {
                let key = naturalKey(step.table, row, students: students)
                if let column = step.versionColumn, leftOut.contains(text(row[column])) {
                    skipped.append(Refusal(table: step.table, row: key, reason: "its version was left out"))
                    continue
                }
                if let reason = step.rule(row) {
                    guard step.skipsUnreadable, let column = step.versionColumn else {
                        throw Refusal(table: step.table, row: key, reason: reason)
                    }
                    skipped.append(Refusal(table: step.table, row: key, reason: reason))
                    leftOut.insert(text(row[column]))
                    continue
                }
                kept.append(row)
                switch step.table {
                case "activities": students[text(row[1])] = text(row[2])
                case "activity_items":
                    let count = items[text(row[0]), default: 0] + 1
                    items[text(row[0])] = count
                    if count > Limits.itemsPerAttempt {
                        let reason = "more than \(Limits.itemsPerAttempt) items in one attempt"
                        throw Refusal(table: step.table, row: key, reason: reason)
                    }
                default: break
                }
            }
            rows[index] = kept
        }
        return skipped
    }

    /// How a refusal names a row: a context by its path, an attempt by its student and UUID, an
    /// item or event by its identifier or number and its attempt; texts cut to 64 characters.
    private static func naturalKey(_ table: String, _ row: [SQLValue], students: [String: String]) -> String {
        func cut(_ value: SQLValue) -> String {
            let text = text(value)
            return text.count > 64 ? String(text.prefix(64)) + "…" : text
        }
        func attempt(_ uuid: SQLValue) -> String {
            "of \(cut(.text(students[text(uuid)] ?? "")))'s attempt \(cut(uuid))"
        }
        switch table {
        case "contexts": return cut(row[1])
        case "activities": return "\(cut(row[1])) (\(cut(row[2])))"
        case "activity_items": return "'\(cut(row[2]))' \(attempt(row[0]))"
        case "attempt_events": return "\(cut(row[1])) \(attempt(row[0]))"
        case "game_versions", "retired_versions": return "\(cut(row[0])) of \(cut(row[1]))"
        case "game_current": return "\(cut(row[1])) of \(cut(row[0]))"
        default: return ""
        }
    }

    private static func text(_ value: SQLValue) -> String {
        switch value {
        case .text(let text): return text
        case .integer(let number): return String(number)
        case .real(let number): return String(number)
        case .null: return ""
        }
    }

    /// The destination takes the source's root, or must already have the same one, and the later
    /// of the two days before which attempts were removed (``RemovedAttempts``).
    private static func claimRoot(from: any StoreRows, to: any StoreRows) throws {
        let select = "SELECT value FROM store_info WHERE key = 'root_identifier'"
        guard case .text(let root)? = try first(from.rows(select, [])) else { return }
        try to.run(
            "INSERT INTO store_info (key, value) VALUES ('root_identifier', ?) ON CONFLICT DO NOTHING", [.text(root)])
        if case .text(let found)? = try first(to.rows(select, [])), found != root {
            throw TrackingError.rootMismatch(expected: root, found: found)
        }
        // Attempts the source's owner removed are missing from the copy too.
        if let removed = try RemovedAttempts.day(in: from) { try RemovedAttempts.record(removed, in: to) }
    }

    /// Assignments have no natural key of their own: one is the same assignment when its class,
    /// title and creation time match. Its recipients, activities and Done marks follow it.
    private static func copyAssignments(from: any StoreRows, to: any StoreRows) throws {
        let assignments = try from.rows(
            """
            SELECT s.id, c.name, s.title, s.instructions, s.due_at, s.whole_class, s.created_at, s.completed_at
            FROM assignments s JOIN classes c ON c.id = s.class_id ORDER BY s.id
            """, [])
        for row in assignments {
            let key = [row[1], row[2], row[6]]
            let existing = try first(
                to.rows(
                    "SELECT id FROM assignments WHERE class_id = (SELECT id FROM classes WHERE name = ?) AND title = ? AND created_at = ?",
                    key))
            let insert = """
                INSERT INTO assignments (class_id, title, instructions, due_at, whole_class, created_at, completed_at)
                VALUES ((SELECT id FROM classes WHERE name = ?), ?, ?, ?, ?, ?, ?) RETURNING id
                """
            let id = try existing ?? first(to.rows(insert, Array(row.dropFirst()))) ?? .null
            try copyAssignmentParts(of: row[0], into: id, from: from, to: to)
        }
    }

    /// An assignment's recipients, activities (by path) and Done marks (by path and student):
    /// each read by the source assignment's id, written under the destination's; a mark's time
    /// within the years 0000 to 9999, as every reader reads it (a store file may hold an infinite
    /// one, which a school's server refuses: `027-done-marks-finite`).
    private static let assignmentParts: [(read: String, write: String, prepare: @Sendable ([SQLValue]) -> [SQLValue])] =
        [
            (
                "SELECT student FROM assignment_recipients WHERE assignment_id = ?",
                "INSERT INTO assignment_recipients (assignment_id, student) VALUES (?, ?) ON CONFLICT DO NOTHING",
                { $0 }
            ),
            (
                """
                SELECT c.path, aa.position FROM assignment_activities aa JOIN contexts c ON c.id = aa.context_id
                WHERE aa.assignment_id = ?
                """,
                """
                INSERT INTO assignment_activities (assignment_id, context_id, position)
                VALUES (?, (SELECT id FROM contexts WHERE path = ?), ?) ON CONFLICT DO NOTHING
                """,
                { $0 }
            ),
            (
                """
                SELECT c.path, d.student, d.done_at FROM assignment_done d JOIN contexts c ON c.id = d.context_id
                WHERE d.assignment_id = ?
                """,
                """
                INSERT INTO assignment_done (assignment_id, context_id, student, done_at)
                VALUES (?, (SELECT id FROM contexts WHERE path = ?), ?, ?) ON CONFLICT DO NOTHING
                """,
                { row in
                    guard row.count == 3, case .real(let seconds) = row[2] else { return row }
                    return [row[0], row[1], .real(SafeNumbers.time(seconds))]
                }
            ),
        ]

    private static func copyAssignmentParts(
        of source: SQLValue, into id: SQLValue, from: any StoreRows, to: any StoreRows
    ) throws {
        for part in assignmentParts {
            for row in try from.rows(part.read, [source]) { try to.run(part.write, [id] + part.prepare(row)) }
        }
    }

    /// The first column of the first row.
    private static func first(_ rows: [[SQLValue]]) -> SQLValue? { rows.first.flatMap(\.first) }

    private static func counts(_ store: any StoreRows, _ tables: [String]) throws -> [Int] {
        try tables.map { table in
            guard case .integer(let count)? = try first(store.rows("SELECT count(*) FROM \(table)", [])) else {
                return 0
            }
            return Int(count)
        }
    }
}

extension StoreCopy.Step {
    /// A table whose rows belong to a class (`class_id`): read with the class's name in place of
    /// its id, written by looking the name up, so a row follows its class into the destination.
    init(ofClass table: String, columns: [String]) {
        let list = columns.joined(separator: ", ")
        let values = Array(repeating: "?", count: columns.count).joined(separator: ", ")
        self.init(
            table: table,
            read: "SELECT c.name, \(columns.map { "t.\($0)" }.joined(separator: ", ")) FROM \(table) t "
                + "JOIN classes c ON c.id = t.class_id",
            write: "INSERT INTO \(table) (class_id, \(list)) VALUES ((SELECT id FROM classes WHERE name = ?), "
                + "\(values)) ON CONFLICT DO NOTHING")
    }

    /// A tracking table, copied as Tracking's row layer says (``TableCopy``).
    init(_ copy: TableCopy) {
        self.init(
            table: copy.table, read: copy.read, write: copy.write, rule: copy.rule, prepare: copy.prepare,
            held: { copy.held($0) })
    }
}
