import Tracking

/// The rows of attempt checks (``CheckTables``), the same SQL on both engines.
extension ClassroomEngine {
    /// A stored check, as read.
    struct StoredCheck {
        let state: CheckState
        let difference: String?
        let fingerprint: String
        let checkedAt: Double
        let checkedBy: String
    }

    /// Writes the checks (each replacing the attempt's earlier one) in one pipeline; the caller
    /// holds the transaction.
    func writeChecks(_ rows: [(attempt: Int64, result: CheckResult, fingerprint: String)], by: String, at time: Double)
        throws
    {
        let upsert = """
            INSERT INTO attempt_checks (activity_id, state, difference, fingerprint, checked_at, checked_by)
            VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (activity_id) DO UPDATE SET state = excluded.state,
            difference = excluded.difference, fingerprint = excluded.fingerprint,
            checked_at = excluded.checked_at, checked_by = excluded.checked_by
            """
        try sql.runAll(
            rows.map { row in
                let difference: SQLValue = row.result.difference.map { .text($0) } ?? .null
                return (
                    upsert,
                    [
                        .integer(row.attempt), .text(row.result.state.rawValue), difference, .text(row.fingerprint),
                        .real(time), .text(by),
                    ]
                )
            })
    }

    /// Which of `attempts` this login may store a check of: nil for all on a store file; on a
    /// school server all for the store's owner and, for a teacher, those that count for an
    /// assignment of a class of theirs, as the server's policy asks (`edujam_may_check`,
    /// ``GameOwners``). One query, asking no identity lookup of its own.
    func checkable(_ attempts: [Int64]) throws -> Set<Int64>? {
        guard logins is ServerLogins else { return nil }
        var found: Set<Int64> = []
        for start in stride(from: 0, to: attempts.count, by: 500) {
            let chunk = attempts[start..<min(start + 500, attempts.count)]
            let values = chunk.map { _ in "(CAST(? AS bigint))" }.joined(separator: ", ")
            found.formUnion(
                try rows(
                    """
                    SELECT t.id FROM (VALUES \(values)) AS t(id)
                    WHERE pg_has_role(current_user, (SELECT relowner FROM pg_class WHERE oid = 'classes'::regclass), 'USAGE')
                        OR edujam_may_check(t.id)
                    """,
                    chunk.map { .integer($0) }
                ) { $0.int(0) })
        }
        return found
    }

    /// The stored checks of `attempts` this login may read, by attempt id. A row whose state is
    /// not a stored one is left out (only a schema changed by hand has one); the difference is
    /// read cut to its bound, so a row written around the CHECK costs no reader its memory.
    func checks(of attempts: [Int64]) throws -> [Int64: StoredCheck] {
        var found: [Int64: StoredCheck] = [:]
        for start in stride(from: 0, to: attempts.count, by: 500) {
            let chunk = attempts[start..<min(start + 500, attempts.count)]
            let query = """
                SELECT activity_id, state, substr(difference, 1, \(CheckTables.maxDifferenceBytes)), fingerprint, checked_at,
                    substr(checked_by, 1, \(GameTables.maxPublisherBytes))
                FROM attempt_checks WHERE activity_id IN (\(chunk.map { _ in "?" }.joined(separator: ", ")))
                """
            let rows = try rows(query, chunk.map { .integer($0) }) { row -> (Int64, StoredCheck)? in
                guard let state = CheckState(rawValue: row.text(1) ?? ""), CheckState.stored.contains(state) else {
                    return nil
                }
                return (
                    row.int(0),
                    StoredCheck(
                        state: state, difference: row.text(2), fingerprint: row.text(3) ?? "", checkedAt: row.double(4),
                        checkedBy: row.text(5) ?? "")
                )
            }
            for case (let id, let check)? in rows { found[id] = check }
        }
        return found
    }
}
