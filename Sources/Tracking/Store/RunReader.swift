import Foundation

/// Reads runs, their items and their events from the rows both engines' queries return, keeping
/// what it can read and reporting each row it cannot (``UnreadableRow``), so one student's row
/// never fails a read for everyone. It reads at most ``Limits/attemptsReadPerStudent`` attempts
/// of each student (the newest), ``Limits/itemsPerAttempt`` items and
/// ``Limits/eventsPerAttempt`` events of each attempt, counting them as the ordered rows come,
/// and reports going past a bound once.
///
/// SQLite hands rows over one at a time, so a row past a bound costs a step and nothing is kept.
/// PostgreSQL sends a whole result at once: its queries (`bounded: true`) also drop in SQL every
/// row past the bound but the first, so what crosses the network and sits in memory is bounded too.
struct RunReader {
    private var paths: [Int64: [String]] = [:]  // decode each context's path once
    private var gone: [RunOwner: Bool] = [:]  // look each process up once
    /// Whose each attempt read is; an attempt not here was not read, nor are its rows.
    private var students: [Int64: String] = [:]
    /// How many rows of each student (attempts) and attempt (items, events) came so far.
    private var attempts: [String: Int] = [:]
    private var items: [Int64: Int] = [:]
    private var events: [Int64: Int] = [:]
    /// The rows skipped, in the order met.
    private(set) var unreadable: [UnreadableRow] = []

    init() {}

    // MARK: - Queries

    /// Runs (``RowDecoder/runColumns``) from `source` (a FROM clause with `a` and `c`) filtered by
    /// `filter`, newest first.
    static func runsSQL(from source: String, filter: String, bounded: Bool) -> String {
        let order = "a.started_at DESC, a.id DESC"
        guard bounded else { return "SELECT \(RowDecoder.runColumns.list) FROM \(source) \(filter) ORDER BY \(order)" }
        return """
            SELECT * FROM (
                SELECT \(RowDecoder.runColumns.list), row_number() OVER (PARTITION BY a.student ORDER BY \(order)) AS n
                FROM \(source) \(filter)
            ) r WHERE n <= \(Limits.attemptsReadPerStudent + 1)
            ORDER BY started_at DESC, id DESC
            """
    }

    /// Items (``ItemRow/columns``) filtered by `filter`, by attempt, in the order added.
    static func itemsSQL(filter: String, bounded: Bool) -> String {
        ordered(
            ItemRow.columns.list, from: "activity_items", filter: filter,
            bound: bounded ? Limits.itemsPerAttempt : nil)
    }

    /// Events (``EventRow/columns``), by attempt, in order.
    static func eventsSQL(bounded: Bool) -> String {
        ordered(
            EventRow.columns.list, from: "attempt_events", filter: "",
            bound: bounded ? Limits.eventsPerAttempt : nil)
    }

    private static func ordered(_ columns: String, from table: String, filter: String, bound: Int?) -> String {
        guard let bound else { return "SELECT \(columns) FROM \(table) \(filter) ORDER BY activity_id, sequence" }
        return """
            SELECT * FROM (
                SELECT \(columns), row_number() OVER (PARTITION BY activity_id ORDER BY sequence) AS n
                FROM \(table) \(filter)
            ) r WHERE n <= \(bound + 1)
            ORDER BY activity_id, sequence
            """
    }

    // MARK: - Rows

    /// One row of ``runsSQL(from:filter:bounded:)``, or nil when it is skipped (and reported).
    mutating func run(_ row: some SQLRow) -> RunRecord? {
        let name = RowDecoder.runColumns.row(row).text("student") ?? ""
        let count = attempts[name, default: 0] + 1
        attempts[name] = count
        let student = UnreadableRow.excerpt(name)
        guard count <= Limits.attemptsReadPerStudent else {
            if count == Limits.attemptsReadPerStudent + 1 {
                let reason = "more than \(Limits.attemptsReadPerStudent) attempts; the older ones were not read"
                unreadable.append(UnreadableRow(table: "activities", student: student, attempt: nil, reason: reason))
            }
            return nil
        }
        do {
            let run = try RowDecoder.run(row, paths: &paths, gone: &gone)
            students[run.id] = run.student
            return run
        } catch {
            let reason = UnreadableRow.reason(error)
            let attempt = RowDecoder.runColumns.row(row).int("id")
            unreadable.append(UnreadableRow(table: "activities", student: student, attempt: attempt, reason: reason))
            return nil
        }
    }

    /// One row of ``itemsSQL(filter:bounded:)`` with its attempt's id, or nil when it is skipped (and
    /// reported, unless its attempt was not read).
    mutating func item(_ row: some SQLRow) -> (attempt: Int64, item: ItemRecord)? {
        let attempt = row.int(0)
        guard let student = students[attempt] else { return nil }
        let count = items[attempt, default: 0] + 1
        items[attempt] = count
        guard count <= Limits.itemsPerAttempt else {
            let reason = "more than \(Limits.itemsPerAttempt) items; the rest were not read"
            if count == Limits.itemsPerAttempt + 1 { skip("activity_items", student, attempt, nil, reason) }
            return nil
        }
        do {
            return (attempt, try ItemRow.record(row))
        } catch {
            skip(
                "activity_items", student, attempt, row.text(2).map(UnreadableRow.excerpt), UnreadableRow.reason(error))
            return nil
        }
    }

    /// One row of ``eventsSQL(bounded:)`` with its attempt's id, or nil when it is skipped (and reported,
    /// unless its attempt was not read).
    mutating func event(_ row: some SQLRow) -> (attempt: Int64, event: AttemptEvent)? {
        let attempt = row.int(0)
        guard let student = students[attempt] else { return nil }
        let count = events[attempt, default: 0] + 1
        events[attempt] = count
        guard count <= Limits.eventsPerAttempt else {
            let reason = "more than \(Limits.eventsPerAttempt) events; the rest were not read"
            if count == Limits.eventsPerAttempt + 1 { skip("attempt_events", student, attempt, nil, reason) }
            return nil
        }
        do {
            return (attempt, try EventRow.decode(row))
        } catch {
            skip("attempt_events", student, attempt, "\(row.int(1))", UnreadableRow.reason(error))
            return nil
        }
    }

    /// Runs read elsewhere (the histories read the runs first): their rows are theirs.
    mutating func know(_ runs: [RunRecord]) {
        for run in runs { students[run.id] = run.student }
    }

    /// Each run with its UUID (`ids`, from `SELECT id, uuid FROM activities`) and events; a run
    /// whose UUID cannot be read is skipped and reported.
    mutating func histories(
        _ runs: [RunRecord], ids: [Int64: UUID], events: [Int64: [AttemptEvent]]
    ) -> [AttemptHistory] {
        runs.compactMap { run in
            guard let uuid = ids[run.id] else {
                skip("activities", run.student, run.id, nil, "uuid is not a UUID")
                return nil
            }
            return AttemptHistory(run: run, uuid: uuid, events: events[run.id] ?? [])
        }
    }

    private mutating func skip(_ table: String, _ student: String, _ attempt: Int64, _ row: String?, _ reason: String) {
        unreadable.append(UnreadableRow(table: table, student: student, attempt: attempt, row: row, reason: reason))
    }
}
