import Foundation

/// Reads the rows of runs and saved attempts the two engines' queries return in the same column
/// order (``SQLRow``); a table's own rows are read by its row type (``ItemRow``, ``EventRow``).
enum RowDecoder {
    /// The columns of a run, in the order ``run(_:paths:gone:)`` reads them.
    static let runColumns = """
        a.id, a.student, c.path, c.title, a.outcome, a.done_by, a.started_at, a.duration, a.progress,
        a.primary_item, a.context_id, a.was_started, a.owner_host, a.owner_pid, a.owner_start, a.game_version
        """

    /// One run (``runColumns``), its items left empty.
    /// - Parameters:
    ///   - paths: Each context's decoded path, so a path is decoded once.
    ///   - gone: Whether each owning process is gone, so each is looked up once.
    static func run(_ row: some SQLRow, paths: inout [Int64: [String]], gone: inout [RunOwner: Bool]) throws
        -> RunRecord
    {
        let contextID = row.int(10)
        let path = try paths[contextID] ?? JSON.decode([String].self, from: row.text(2), column: "contexts.path")
        paths[contextID] = path
        guard var outcome = row.text(4).flatMap(RunOutcome.init(rawValue:)) else {
            throw TrackingError.corruptRow("outcome is not one of \(names(RunOutcome.allCases))")
        }
        if outcome == .running, ownerIsGone(row, cache: &gone) { outcome = .interrupted }
        return RunRecord(
            id: row.int(0), student: row.text(1) ?? "", identifierPath: path, title: row.text(3) ?? "",
            outcome: outcome, done: !row.isNull(5), started: row.int(11) != 0,
            startedAt: ISO8601.string(fromEpoch: row.double(6)),
            // Clamped, not refused: versions before the limit could save an infinite duration.
            durationSeconds: SafeNumbers.duration(row.double(7)),
            progress: try row.finite(8, "progress", in: 0...1),
            primaryItem: row.text(9), gameVersion: try gameVersion(row.text(15)), items: [])
    }

    /// A stored game version, nil or as ``GameVersionRule`` has it.
    /// - Throws: ``TrackingError/corruptRow(_:)`` for any other text (a row written past the checks).
    static func gameVersion(_ text: String?) throws -> String? {
        guard let text else { return nil }
        if let violation = GameVersionRule.violation(text) {
            throw TrackingError.corruptRow("game_version \(violation.reason)")
        }
        return text
    }

    /// Whether the process that saved this running row (columns 12-14) is gone. A row saved
    /// before owners were recorded has none: no edujam that old can still be playing it.
    private static func ownerIsGone(_ row: some SQLRow, cache: inout [RunOwner: Bool]) -> Bool {
        guard !row.isNull(13) else { return true }
        let owner = RunOwner(
            host: row.text(12) ?? "", pid: Int32(truncatingIfNeeded: row.int(13)), start: row.text(14) ?? "")
        if let known = cache[owner] { return known }
        let isGone = owner.isGone
        cache[owner] = isGone
        return isGone
    }

    /// `quantity, binary, score`: the raw values a column may hold.
    static func names<T: RawRepresentable<String>>(_ cases: [T]) -> String {
        cases.map(\.rawValue).joined(separator: ", ")
    }

    /// An attempt's progress ranges (`[[start, end], ...]` JSON), each within 0...1 and in order.
    /// - Throws: ``TrackingError/corruptRow(_:)``.
    static func ranges(_ text: String?) throws -> [ClosedRange<Double>] {
        try JSON.decode([[Double]].self, from: text, column: "ranges is not a list of ranges").map { pair in
            guard pair.count == 2, pair[0].isFinite, pair[1].isFinite, 0 <= pair[0], pair[0] <= pair[1], pair[1] <= 1
            else { throw TrackingError.corruptRow("ranges are not within 0...1") }
            return pair[0]...pair[1]
        }
    }
}
