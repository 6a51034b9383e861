extension SQLiteEngine {
    /// Two indexed queries (runs, then their items) keep this fast for hundreds of thousands of
    /// attempts; see ``StoreEngine/runs(student:)``.
    package func runs(student: String?) throws -> [RunRecord] {
        try connection.transaction(readOnly: true) {
            var runs = try runRows(student: student)
            let items = try itemRows(student: student)
            for index in runs.indices {
                runs[index].items = items[runs[index].id] ?? []
            }
            return runs
        }
    }

    private func runRows(student: String?) throws -> [RunRecord] {
        let filter = student == nil ? "" : "WHERE a.student = ?"
        let sql = """
            SELECT a.id, a.student, c.path, c.title, a.outcome, a.done_by, a.started_at, a.duration, a.progress,
                a.primary_item, a.context_id, a.was_started, a.owner_host, a.owner_pid, a.owner_start
            FROM activities a JOIN contexts c ON c.id = a.context_id \(filter)
            ORDER BY a.started_at DESC, a.id DESC
            """
        var paths: [Int64: [String]] = [:]  // decode each context's path once
        var gone: [RunOwner: Bool] = [:]  // look each process up once
        return try connection.statement(sql).query(student.map { [.text($0)] } ?? []) { row in
            let contextID = row.int(10)
            let path = try paths[contextID] ?? JSON.decode([String].self, from: row.text(2), column: "contexts.path")
            paths[contextID] = path
            guard var outcome = row.text(4).flatMap(RunOutcome.init(rawValue:)) else {
                throw TrackingError.corruptRow("activities.outcome")
            }
            if outcome == .running, ownerIsGone(row, cache: &gone) { outcome = .interrupted }
            return RunRecord(
                id: row.int(0), student: row.text(1) ?? "", identifierPath: path, title: row.text(3) ?? "",
                outcome: outcome, done: !row.isNull(5), started: row.int(11) != 0,
                startedAt: ISO8601.string(fromEpoch: row.double(6)),
                // Clamped, not refused: versions before the limit could save an infinite duration.
                durationSeconds: SafeNumbers.duration(row.double(7)),
                progress: try row.finite(8, "activities.progress", in: 0...1),
                primaryItem: row.text(9), items: [])
        }
    }

    /// Whether the process that saved this running row (columns 12-14) is gone. A row saved
    /// before owners were recorded has none: no edujam that old can still be playing it.
    private func ownerIsGone(_ row: Statement, cache: inout [RunOwner: Bool]) -> Bool {
        guard !row.isNull(13) else { return true }
        let owner = RunOwner(
            host: row.text(12) ?? "", pid: Int32(truncatingIfNeeded: row.int(13)), start: row.text(14) ?? "")
        if let known = cache[owner] { return known }
        let isGone = owner.isGone
        cache[owner] = isGone
        return isGone
    }

    /// Items grouped by activity id, each group in the order added.
    private func itemRows(student: String?) throws -> [Int64: [ItemRecord]] {
        let filter = student == nil ? "" : "WHERE activity_id IN (SELECT id FROM activities WHERE student = ?)"
        let sql = """
            SELECT activity_id, sequence, identifier, title, kind, quantity, flag, value_type, score, max_score
            FROM activity_items \(filter) ORDER BY activity_id, sequence
            """
        var grouped: [Int64: [ItemRecord]] = [:]
        _ = try connection.statement(sql).query(student.map { [.text($0)] } ?? []) { row in
            grouped[row.int(0), default: []].append(ItemRecord(try activityItem(row)))
        }
        return grouped
    }

    /// Decodes an `activity_items` row selected as `activity_id, sequence, identifier, title, kind,
    /// quantity, flag, value_type, score, max_score`.
    func activityItem(_ row: Statement) throws -> ActivityItem {
        guard let identifier = row.text(2), let title = row.text(3),
            let kind = row.text(4).flatMap(ItemKind.init(rawValue:))
        else {
            throw TrackingError.corruptRow("activity_items")
        }
        let value: ActivityItem.Value
        switch kind {
        case .quantity: value = .quantity(try row.finite(5, "activity_items.quantity"))
        case .binary:
            guard let type = row.text(7).flatMap(BinaryValueType.init(rawValue:)) else {
                throw TrackingError.corruptRow("activity_items.value_type")
            }
            value = .binary(row.int(6) != 0, type)
        case .score:
            value = .score(
                try row.finite(8, "activity_items.score"), maxScore: try row.finite(9, "activity_items.max_score"))
        }
        return ActivityItem(identifier: identifier, title: title, value: value)
    }
}
