import Foundation

extension PostgreSQLEngine {
    /// The runs, then their items, in one read-only snapshot and one round trip.
    package func runs(student: String?) throws -> (runs: [RunRecord], unreadable: [UnreadableRow]) {
        let values: [SQLValue] = student.map { [.text($0)] } ?? []
        // One student's attempts look their contexts up one by one: `OFFSET 0` keeps the planner
        // from turning the lookup into a join, which under a student's row-level security it ran
        // as a merge over the whole catalog. Everyone's attempts need most contexts: a join.
        let contexts =
            student == nil
            ? "activities a JOIN contexts c ON c.id = a.context_id"
            : "activities a CROSS JOIN LATERAL (SELECT path, title FROM contexts WHERE id = a.context_id OFFSET 0) c"
        let runs = RunReader.runsSQL(
            from: contexts, filter: student == nil ? "" : "WHERE a.student = $1", bounded: true)
        let items = RunReader.itemsSQL(
            filter: student == nil ? "" : "WHERE activity_id IN (SELECT id FROM activities WHERE student = $1)",
            bounded: true)
        let results = try snapshot([(runs, values), (items, values)])
        var reader = RunReader()
        var read = results[0].rows.compactMap { reader.run($0) }
        var grouped: [Int64: [ItemRecord]] = [:]
        for row in results[1].rows {
            if let item = reader.item(row) { grouped[item.attempt, default: []].append(item.item) }
        }
        for index in read.indices { read[index].items = grouped[read[index].id] ?? [] }
        return (read, reader.unreadable)
    }

    package func histories(of runs: [RunRecord]) throws -> (histories: [AttemptHistory], unreadable: [UnreadableRow]) {
        let results = try snapshot([("SELECT id, uuid FROM activities", []), (RunReader.eventsSQL(bounded: true), [])])
        var reader = RunReader()
        reader.know(runs)
        var ids: [Int64: UUID] = [:]
        for row in results[0].rows { ids[row.int(0)] = row.text(1).flatMap(UUID.init(uuidString:)) }
        var events: [Int64: [AttemptEvent]] = [:]
        for row in results[1].rows {
            if let read = reader.event(row) { events[read.attempt, default: []].append(read.event) }
        }
        let histories = reader.histories(runs, ids: ids, events: events)
        return (histories, reader.unreadable)
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
            INSERT INTO lrs_accepted (\(AcceptedStatementRow.columns.list))
            SELECT $1, id, $3 FROM unnest($2::text[]) id ON CONFLICT DO NOTHING
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
    /// The attempt, its items and its next event number: one snapshot, one round trip. An attempt
    /// whose times `025-finite-attempt-times` would refuse (stored before it, through `psql`) is
    /// never the latest: resumed, it could not be saved again.
    package func latestAttempt(contextID: Int64, student: String?) throws -> SavedAttempt? {
        let values: [SQLValue] = [.integer(contextID)] + (student.map { [.text($0)] } ?? [])
        let latest = """
            SELECT id FROM activities WHERE context_id = $1 \(student == nil ? "" : "AND student = $2")
                AND \(RowChecks.activityTimes(.postgresql).expression)
            ORDER BY created_at DESC, id DESC LIMIT 1
            """
        let results = try snapshot([
            ("\(ActivityRow.selectSaved) WHERE id = (\(latest))", values),
            (
                """
                SELECT \(ItemRow.columns.list) FROM activity_items WHERE activity_id = (\(latest)) ORDER BY sequence
                LIMIT \(Limits.itemsPerAttempt)
                """,
                values
            ),
            ("SELECT COALESCE(MAX(sequence) + 1, 0) FROM attempt_events WHERE activity_id = (\(latest))", values),
        ])
        guard let row = results[0].rows.first else { return nil }
        var attempt = try ActivityRow.saved(row)
        attempt.items = results[1].rows.compactMap { ItemRow.restored($0) }
        attempt.nextEvent = Int(results[2].rows.first?.int(0) ?? 0)
        return attempt
    }
}
