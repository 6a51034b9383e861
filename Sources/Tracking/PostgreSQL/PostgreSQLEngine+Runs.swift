import Foundation

extension PostgreSQLEngine {
    /// The runs, then their items, in one read-only snapshot and one round trip.
    package func runs(student: String?) throws -> [RunRecord] {
        let values: [SQLValue] = student.map { [.text($0)] } ?? []
        // One student's attempts look their contexts up one by one: `OFFSET 0` keeps the planner
        // from turning the lookup into a join, which under a student's row-level security it ran
        // as a merge over the whole catalog. Everyone's attempts need most contexts: a join.
        let contexts =
            student == nil
            ? "JOIN contexts c ON c.id = a.context_id"
            : "CROSS JOIN LATERAL (SELECT path, title FROM contexts WHERE id = a.context_id OFFSET 0) c"
        let runs = """
            SELECT \(RowDecoder.runColumns)
            FROM activities a \(contexts) \(student == nil ? "" : "WHERE a.student = $1")
            ORDER BY a.started_at DESC, a.id DESC
            """
        let filter = student == nil ? "" : "WHERE activity_id IN (SELECT id FROM activities WHERE student = $1)"
        let items = "SELECT \(RowDecoder.itemColumns) FROM activity_items \(filter) ORDER BY activity_id, sequence"
        let results = try snapshot([(runs, values), (items, values)])
        var paths: [Int64: [String]] = [:]  // decode each context's path once
        var gone: [RunOwner: Bool] = [:]  // look each process up once
        var grouped: [Int64: [ItemRecord]] = [:]
        for row in results[1].rows { grouped[row.int(0), default: []].append(try RowDecoder.item(row)) }
        return try results[0].map { row in
            var run = try RowDecoder.run(row, paths: &paths, gone: &gone)
            run.items = grouped[run.id] ?? []
            return run
        }
    }

    package func histories(of runs: [RunRecord]) throws -> [AttemptHistory] {
        let results = try snapshot([
            ("SELECT id, uuid FROM activities", []),
            ("SELECT \(RowDecoder.eventColumns) FROM attempt_events ORDER BY activity_id, sequence", []),
        ])
        var ids: [Int64: UUID] = [:]
        for row in results[0].rows { ids[row.int(0)] = row.text(1).flatMap(UUID.init(uuidString:)) }
        var events: [Int64: [AttemptEvent]] = [:]
        for row in results[1].rows { events[row.int(0), default: []].append(try RowDecoder.event(row)) }
        return try runs.map { run in
            guard let uuid = ids[run.id] else { throw TrackingError.corruptRow("activities.uuid") }
            return AttemptHistory(run: run, uuid: uuid, events: events[run.id] ?? [])
        }
    }

    package func acceptedStatementIDs(endpoint: String) throws -> Set<String> {
        Set(
            try connection.query("SELECT statement_id FROM lrs_accepted WHERE endpoint = $1", [.text(endpoint)]).map {
                $0.text(0) ?? ""
            })
    }

    package func recordAcceptedStatements(_ ids: [String], endpoint: String, at time: Double) throws {
        try connection.query(
            """
            INSERT INTO lrs_accepted (endpoint, statement_id, accepted_at) SELECT $1, id, $3 FROM unnest($2::text[]) id
            ON CONFLICT DO NOTHING
            """, [.text(endpoint), PGArray.text(ids), .real(time)])
    }

    /// Runs read-only statements in one snapshot and one round trip; returns their results.
    func snapshot(_ statements: [(sql: String, values: [SQLValue])]) throws -> [PGResult] {
        let results = try connection.pipeline(
            [("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", [])] + statements + [("COMMIT", [])])
        return Array(results.dropFirst().dropLast())
    }
}

extension PostgreSQLEngine {
    /// The attempt, its items and its next event number: one snapshot, one round trip.
    package func latestAttempt(contextID: Int64, student: String?) throws -> SavedAttempt? {
        let values: [SQLValue] = [.integer(contextID)] + (student.map { [.text($0)] } ?? [])
        let latest = """
            SELECT id FROM activities WHERE context_id = $1 \(student == nil ? "" : "AND student = $2")
            ORDER BY created_at DESC, id DESC LIMIT 1
            """
        let results = try snapshot([
            ("SELECT \(RowDecoder.savedAttemptColumns) FROM activities WHERE id = (\(latest))", values),
            (
                "SELECT \(RowDecoder.itemColumns) FROM activity_items WHERE activity_id = (\(latest)) ORDER BY sequence",
                values
            ),
            ("SELECT COALESCE(MAX(sequence) + 1, 0) FROM attempt_events WHERE activity_id = (\(latest))", values),
        ])
        guard let row = results[0].rows.first else { return nil }
        var attempt = try RowDecoder.savedAttempt(row)
        attempt.items = try results[1].map { (try RowDecoder.activityItem($0), $0.int(1)) }
        attempt.nextEvent = Int(results[2].rows.first?.int(0) ?? 0)
        return attempt
    }
}
