import Foundation

/// Reads runs, their items and their events from the rows both engines' queries return, keeping
/// what it can read and reporting each row it cannot (``UnreadableRow``), so one student's row
/// never fails a read for everyone. Its queries bound what is loaded: at most
/// ``Limits/attemptsReadPerStudent`` attempts of each student, ``Limits/itemsPerAttempt`` items
/// and ``Limits/eventsReadPerAttempt`` events of each attempt, each query returning one row more
/// than the bound so that going past it is reported.
package struct RunReader {
    private var paths: [Int64: [String]] = [:]  // decode each context's path once
    private var gone: [RunOwner: Bool] = [:]  // look each process up once
    /// Whose each attempt read is; an attempt not here was not read, nor are its rows.
    private var students: [Int64: String] = [:]
    /// The rows skipped, in the order met.
    package private(set) var unreadable: [UnreadableRow] = []

    package init() {}

    // MARK: - Queries

    /// Runs (``RowDecoder/runColumns`` then their rank among their student's, newest first) from
    /// `source` (a FROM clause with `a` and `c`) filtered by `filter`, newest first, bounded.
    package static func runsSQL(from source: String, filter: String) -> String {
        """
        SELECT * FROM (
            SELECT \(RowDecoder.runColumns),
                row_number() OVER (PARTITION BY a.student ORDER BY a.started_at DESC, a.id DESC) AS n
            FROM \(source) \(filter)
        ) r WHERE n <= \(Limits.attemptsReadPerStudent + 1)
        ORDER BY started_at DESC, id DESC
        """
    }

    /// Items (``RowDecoder/itemColumns`` then their rank in their attempt) filtered by `filter`, bounded.
    package static func itemsSQL(filter: String) -> String {
        bounded(RowDecoder.itemColumns, from: "activity_items", filter: filter, to: Limits.itemsPerAttempt)
    }

    /// Events (``RowDecoder/eventColumns`` then their rank in their attempt), bounded.
    package static let eventsSQL = bounded(
        RowDecoder.eventColumns, from: "attempt_events", filter: "", to: Limits.eventsReadPerAttempt)

    private static func bounded(_ columns: String, from table: String, filter: String, to limit: Int) -> String {
        """
        SELECT * FROM (
            SELECT \(columns), row_number() OVER (PARTITION BY activity_id ORDER BY sequence) AS n
            FROM \(table) \(filter)
        ) r WHERE n <= \(limit + 1)
        ORDER BY activity_id, sequence
        """
    }

    // MARK: - Rows

    /// One row of ``runsSQL(from:filter:)``, or nil when it is skipped (and reported).
    package mutating func run(_ row: some SQLRow) -> RunRecord? {
        let student = row.text(1).map(UnreadableRow.excerpt)
        if row.int(15) > Limits.attemptsReadPerStudent {
            let reason = "more than \(Limits.attemptsReadPerStudent) attempts; the older ones were not read"
            unreadable.append(UnreadableRow(table: "activities", student: student, attempt: nil, reason: reason))
            return nil
        }
        do {
            let run = try RowDecoder.run(row, paths: &paths, gone: &gone)
            students[run.id] = run.student
            return run
        } catch {
            let reason = UnreadableRow.reason(error)
            unreadable.append(UnreadableRow(table: "activities", student: student, attempt: row.int(0), reason: reason))
            return nil
        }
    }

    /// One row of ``itemsSQL(filter:)`` with its attempt's id, or nil when it is skipped (and
    /// reported, unless its attempt was not read).
    package mutating func item(_ row: some SQLRow) -> (attempt: Int64, item: ItemRecord)? {
        let attempt = row.int(0)
        guard let student = students[attempt] else { return nil }
        if row.int(10) > Limits.itemsPerAttempt {
            skip("activity_items", student, attempt, nil, "more than \(Limits.itemsPerAttempt) items; the rest were not read")
            return nil
        }
        do {
            return (attempt, try RowDecoder.item(row))
        } catch {
            skip("activity_items", student, attempt, row.text(2).map(UnreadableRow.excerpt), UnreadableRow.reason(error))
            return nil
        }
    }

    /// One row of ``eventsSQL`` with its attempt's id, or nil when it is skipped (and reported,
    /// unless its attempt was not read).
    package mutating func event(_ row: some SQLRow) -> (attempt: Int64, event: AttemptEvent)? {
        let attempt = row.int(0)
        guard let student = students[attempt] else { return nil }
        if row.int(6) > Limits.eventsReadPerAttempt {
            skip("attempt_events", student, attempt, nil, "more than \(Limits.eventsReadPerAttempt) events; the rest were not read")
            return nil
        }
        do {
            return (attempt, try RowDecoder.event(row))
        } catch {
            skip("attempt_events", student, attempt, "\(row.int(1))", UnreadableRow.reason(error))
            return nil
        }
    }

    /// Runs read elsewhere (the histories read the runs first): their rows are theirs.
    package mutating func know(_ runs: [RunRecord]) {
        for run in runs { students[run.id] = run.student }
    }

    /// Each run with its UUID (`ids`, from `SELECT id, uuid FROM activities`) and events; a run
    /// whose UUID cannot be read is skipped and reported.
    package mutating func histories(
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
