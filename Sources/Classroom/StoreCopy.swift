import Tracking

/// `edujam store copy FROM TO`: a store's history copied into another store, SQLite to PostgreSQL
/// or back, by natural keys: contexts by path, attempts (with items and events) by UUID, classes
/// by name, people and imported classes by `sourcedId`, assignments by class, title and creation
/// time, published game versions by their name and each game's current version by the game.
/// What the destination already holds is kept as it is, so copying twice changes nothing.
/// The destination is written in one transaction; its schema is brought up to date first.
///
/// Every context, attempt, item and event is checked first with the readers' rules
/// (`StoredRowRules`, and at most ``Limits/itemsPerAttempt`` items per attempt), and every game
/// version's files against its name: one the program could not read refuses the whole copy,
/// naming the row, before anything is written. Durations beyond
/// ``SafeNumbers/maximumDurationSeconds`` (older versions could save an infinite one), event
/// times outside the years 0000 to 9999 and progress ranges past ``Limits/progressRanges`` are
/// written clamped, as every reader reads them (`TableCopy`).
public enum StoreCopy {
    /// How many rows the copy added to each table of the destination, in copy order.
    public typealias Added = [(table: String, rows: Int)]

    /// What a copy did: the rows it added, and what it kept out of the attempts the destination
    /// already held ended (an ended attempt is kept whole: nothing is added to it).
    public struct Report {
        /// The rows added to each table, in copy order.
        public var added: Added
        /// The source's items, events and replay records of attempts the destination holds
        /// ended that the destination does not have, per table (only tables with some).
        public var keptOut: Added
        /// How many such attempts the source has more rows of.
        public var endedAttempts: Int
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
                """, rule: GameTables.unreadable),
        Step(
            table: "game_current", read: "SELECT game, version, set_by, set_at FROM game_current",
            write: "INSERT INTO game_current (game, version, set_by, set_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING"
        ),
        Step(
            table: "retired_versions",
            read: "SELECT version, game, retired_from, retired_by, retired_at FROM retired_versions ORDER BY version",
            write: """
                INSERT INTO retired_versions (version, game, retired_from, retired_by, retired_at)
                VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING
                """),
    ]

    private static let assignmentTables = [
        "assignments", "assignment_recipients", "assignment_activities", "assignment_done",
    ]

    /// Copies the history of the store at `source` into the store at `destination`. An attempt the
    /// destination holds ended is kept whole: none of the source's items, events or replay record
    /// is added to it (a copy edited elsewhere could otherwise turn a failed attempt into a
    /// passed one); what was kept out is reported.
    /// - Returns: The rows added to each table, and what was kept out.
    /// - Throws: ``Refusal`` naming a source row the program could not read,
    ///   ``TrackingError/rootMismatch(expected:found:)`` when the two stores belong to
    ///   different collections, or either engine's errors; the destination is then unchanged.
    public static func copy(from source: StoreAddress, to destination: StoreAddress) throws -> Report {
        guard let from = try source.engine() as? any StoreRows & StoreEngine,
            let to = try destination.engine() as? any StoreRows & StoreEngine
        else { preconditionFailure("every engine reads and writes plain rows") }
        try from.migrate(parts: [ClassroomSchema.part])
        let rows = try steps.map { try from.rows($0.read, []) }
        try check(rows)  // before the destination is touched
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
            endedAttempts: endedAttempts.count)
    }

    /// The UUIDs (lowercase) of the attempts `store` holds ended.
    private static func ended(in store: any StoreRows) throws -> Set<String> {
        Set(
            try store.rows("SELECT uuid FROM activities WHERE ended_at IS NOT NULL", []).compactMap(\.first).map {
                text($0).lowercased()
            })
    }

    /// Throws ``Refusal`` for the first row, in copy order, the program could not read, or for
    /// the item past ``Limits/itemsPerAttempt`` in one attempt.
    private static func check(_ rows: [[[SQLValue]]]) throws {
        var students: [String: String] = [:]  // each attempt's student, by UUID, to name its rows
        for (step, stepRows) in zip(steps, rows) {
            var items: [String: Int] = [:]
            for row in stepRows {
                let key = naturalKey(step.table, row, students: students)
                if let reason = step.rule(row) { throw Refusal(table: step.table, row: key, reason: reason) }
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
        }
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
        case "game_versions": return "\(cut(row[0])) of \(cut(row[1]))"
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
