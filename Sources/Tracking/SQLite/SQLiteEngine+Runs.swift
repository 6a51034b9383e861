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
            SELECT \(RowDecoder.runColumns)
            FROM activities a JOIN contexts c ON c.id = a.context_id \(filter)
            ORDER BY a.started_at DESC, a.id DESC
            """
        var paths: [Int64: [String]] = [:]  // decode each context's path once
        var gone: [RunOwner: Bool] = [:]  // look each process up once
        return try connection.statement(sql).query(student.map { [.text($0)] } ?? []) { row in
            try RowDecoder.run(row, paths: &paths, gone: &gone)
        }
    }

    /// Items grouped by activity id, each group in the order added.
    private func itemRows(student: String?) throws -> [Int64: [ItemRecord]] {
        let filter = student == nil ? "" : "WHERE activity_id IN (SELECT id FROM activities WHERE student = ?)"
        let sql = "SELECT \(RowDecoder.itemColumns) FROM activity_items \(filter) ORDER BY activity_id, sequence"
        var grouped: [Int64: [ItemRecord]] = [:]
        _ = try connection.statement(sql).query(student.map { [.text($0)] } ?? []) { row in
            grouped[row.int(0), default: []].append(try RowDecoder.item(row))
        }
        return grouped
    }
}
