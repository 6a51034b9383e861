extension SQLiteEngine {
    package func acceptedStatementIDs(endpoint: String) throws -> Set<String> {
        let rows = try connection.statement("SELECT statement_id FROM lrs_accepted WHERE endpoint = ?")
            .query([.text(endpoint)]) { $0.text(0) ?? "" }
        return Set(rows)
    }

    package func recordAcceptedStatements(_ ids: [String], endpoint: String, at time: Double) throws {
        try connection.transaction {
            let insert = try connection.statement(AcceptedStatementRow.columns.insert(verb: "INSERT OR IGNORE"))
            for id in ids { try insert.run([.text(endpoint), .text(id), .real(time)]) }
        }
    }
}
