/// One row of the report: a name and how to measure it.
///
/// A row is one file under `Rows/`, an `extension Row` with a static
/// property or function, listed once in ``Row/all(_:)``. A row may produce several
/// lines (the CPU row gives one per workload).
struct Row: Sendable {
    /// What `--only` selects: the full name, or the group before `/`.
    var name: String
    var measure: @Sendable (Context) throws -> [Measurement]

    /// Every row, in report order. The rows that time the wall clock on every core (`fuzz/scaling`,
    /// `verify/scaling`) and the latency of a school's saves (`store/saves`) come before
    /// `store/players`: it starts 300 processes and a PostgreSQL server, whose exits and
    /// background writes are still running for a while after it.
    static func all(_ context: Context) -> [Row] {
        cpuOverhead(context) + [
            sandboxStart, bridgeCall, playthroughs, playthroughFloor, memory, fuzzScaling, verify, verifyScaling,
            store, schoolStore, district, schoolSaves, schoolPlayers, rosterImport,
        ]
    }

    func isSelected(by only: String?) -> Bool {
        guard let only else { return true }
        return name == only || name.split(separator: "/").first.map(String.init) == only
    }
}
