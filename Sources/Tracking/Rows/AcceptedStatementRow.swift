/// The `lrs_accepted` table: the xAPI statements an LRS accepted, by endpoint, so a push sends
/// each statement once.
enum AcceptedStatementRow {
    /// The columns: `endpoint, statement_id, accepted_at`.
    static let columns = TableColumns(
        "lrs_accepted", ["endpoint": "text", "statement_id": "text", "accepted_at": "float8"])
}
