extension SQLiteEngine {
    /// Two indexed queries (runs, then their items) keep this fast for hundreds of thousands of
    /// attempts; see ``StoreEngine/runs(student:)``.
    package func runs(student: String?) throws -> (runs: [RunRecord], unreadable: [UnreadableRow]) {
        try connection.transaction(readOnly: true) {
            var reader = RunReader()
            let values: [SQLValue] = student.map { [.text($0)] } ?? []
            let runsSQL = RunReader.runsSQL(
                from: "activities a JOIN contexts c ON c.id = a.context_id",
                filter: student == nil ? "" : "WHERE a.student = ?", bounded: false)
            var runs = try connection.statement(runsSQL).query(values) { reader.run($0) }.compactMap { $0 }
            let itemsSQL = RunReader.itemsSQL(
                filter: student == nil ? "" : "WHERE activity_id IN (SELECT id FROM activities WHERE student = ?)",
                bounded: false)
            var grouped: [Int64: [ItemRecord]] = [:]
            _ = try connection.statement(itemsSQL).query(values) { row in
                if let read = reader.item(row) { grouped[read.attempt, default: []].append(read.item) }
            }
            for index in runs.indices {
                runs[index].items = grouped[runs[index].id] ?? []
            }
            return (runs, reader.unreadable)
        }
    }
}
