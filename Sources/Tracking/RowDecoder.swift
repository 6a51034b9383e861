import Foundation

/// Reads the rows of runs and saved attempts the two engines' queries return in the same column
/// order (``SQLRow``); a table's own rows are read by its row type (``ItemRow``, ``EventRow``).
enum RowDecoder {
    /// The columns of a run: its attempt's (``ActivityRow/projection(with:)``) with its context's
    /// path and title, as ``run(_:paths:gone:)`` reads them.
    static let runColumns = ActivityRow.projection(with: ["c.path", "c.title"])

    /// One run (``runColumns``), its items left empty.
    /// - Parameters:
    ///   - paths: Each context's decoded path, so a path is decoded once.
    ///   - gone: Whether each owning process is gone, so each is looked up once.
    static func run(_ selected: some SQLRow, paths: inout [Int64: [String]], gone: inout [RunOwner: Bool]) throws
        -> RunRecord
    {
        let row = runColumns.row(selected)
        let contextID = row.int("context_id")
        let path = try paths[contextID] ?? JSON.decode([String].self, from: row.text("path"), column: "contexts.path")
        paths[contextID] = path
        guard var outcome = row.text("outcome").flatMap(RunOutcome.init(rawValue:)) else {
            throw TrackingError.corruptRow("outcome is not one of \(names(RunOutcome.allCases))")
        }
        if outcome == .running, ownerIsGone(row, cache: &gone) { outcome = .interrupted }
        return RunRecord(
            id: row.int("id"), student: row.text("student") ?? "", identifierPath: path, title: row.text("title") ?? "",
            outcome: outcome, done: !row.isNull("done_by"), started: row.int("was_started") != 0,
            startedAt: ISO8601.string(fromEpoch: row.double("started_at")),
            // Clamped, not refused: versions before the limit could save an infinite duration.
            durationSeconds: SafeNumbers.duration(row.double("duration")),
            progress: try row.finite("progress", in: 0...1),
            primaryItem: row.text("primary_item"), gameVersion: try gameVersion(row.text("game_version")), items: [],
            uuid: row.text("uuid")?.lowercased())
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

    /// Whether the process that saved this running row (its `owner_` columns) is gone. A row saved
    /// before owners were recorded has none: no edujam that old can still be playing it.
    private static func ownerIsGone(_ row: NamedRow<some SQLRow>, cache: inout [RunOwner: Bool]) -> Bool {
        guard !row.isNull("owner_pid") else { return true }
        let owner = RunOwner(
            host: row.text("owner_host") ?? "", pid: Int32(truncatingIfNeeded: row.int("owner_pid")),
            start: row.text("owner_start") ?? "")
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
