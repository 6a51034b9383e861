import Foundation

/// A saved attempt's replay record, with what names the attempt. JSON keys (in `export --json`'s
/// `replayRecords`): `uuid`, `id`, `student`, `identifierPath`, `inputs` (``AttemptInputs``).
public struct SavedInputs: Codable, Equatable, Sendable {
    /// The attempt's UUID, lowercase.
    public var uuid: String
    /// The attempt's row id (a run's `id` in `report --json`).
    public var id: Int64
    /// Who played it.
    public var student: String
    /// The context played, root first.
    public var identifierPath: [String]
    /// The record.
    public var inputs: AttemptInputs
    /// The version of the game the attempt ran (64 hex digits), when it recorded one.
    public var gameVersion: String?
}

/// Why an attempt's replay record cannot be had; says which attempt.
public enum ReplayRecordError: Error, Equatable, CustomStringConvertible {
    /// The text cannot be the start of a UUID.
    case notAnAttempt(String)
    /// No attempt this login can read has a UUID starting so.
    case noAttempt(String)
    /// More than one does: a longer prefix is needed.
    case ambiguous(String)
    /// The attempt was saved without a record (before replay records, or by no game run).
    case noRecord(uuid: String)
    /// Its record cannot be read (a hostile or damaged row).
    case unreadable(uuid: String, reason: String)
    /// The store holds no attempts of its own (offline).
    case noDatabase

    public var description: String {
        switch self {
        case .notAnAttempt(let text):
            return "'\(text)' is not an attempt: give its UUID or the first 4 or more of its characters"
        case .noAttempt(let prefix): return "no attempt you can read has a UUID starting with '\(prefix)'"
        case .ambiguous(let prefix): return "more than one attempt's UUID starts with '\(prefix)': give more of it"
        case .noRecord(let uuid): return "attempt \(uuid) has no replay record (saved without one)"
        case .unreadable(let uuid, let reason): return "the replay record of attempt \(uuid) cannot be read: \(reason)"
        case .noDatabase: return "this store holds no attempts to replay"
        }
    }
}

extension TrackingStore {
    /// The replay record of the attempt whose UUID starts with `prefix`, among those this login
    /// may read (a school server's row-level security: a student's own, a teacher's classes').
    /// - Parameter prefix: A UUID, or its first 4 or more characters (any case).
    /// - Throws: ``ReplayRecordError``, or an engine error.
    public func replayRecord(attempt prefix: String) throws -> SavedInputs {
        let typed = prefix.lowercased()
        guard (4...36).contains(typed.count), typed.allSatisfy({ $0.isHexDigit || $0 == "-" }) else {
            throw ReplayRecordError.notAnAttempt(prefix)
        }
        let rows = try recordRows(where: "CAST(a.uuid AS text) LIKE ?", [.text(typed + "%")], limit: 2)
        guard let row = rows.first else { throw ReplayRecordError.noAttempt(typed) }
        guard rows.count == 1 else { throw ReplayRecordError.ambiguous(typed) }
        return try row.decoded().get()
    }

    /// Every readable replay record of `student` (everyone's when nil), oldest attempt first; a
    /// record that cannot be read is left out.
    public func replayRecords(student: String?) throws -> [SavedInputs] {
        let rows =
            try student.map { try recordRows(where: "a.student = ?", [.text($0)]) }
            ?? recordRows(where: "1 = 1", [])
        return rows.compactMap { try? $0.decoded().get() }
    }

    /// The replay records of the attempts `ids` this login may read, each as its row gives it, by
    /// the attempt's UUID (lowercase): what `verify` reads, a batch at a time, and decodes on the
    /// thread that replays it (``StoredReplayRecord/decoded()``). Each record is read within its
    /// bound (``AttemptInputsRow/boundedRecord``), so a batch of `ids` costs at most its count
    /// times ``Limits/replayRecordBytes``.
    public func replayRecords(attempts ids: [Int64]) throws -> [String: StoredReplayRecord] {
        guard !ids.isEmpty else { return [:] }
        let marks = ids.map { _ in "?" }.joined(separator: ", ")
        let rows = try recordRows(where: "a.id IN (\(marks))", ids.map { .integer($0) })
        return Dictionary(rows.map { ($0.uuid, $0) }, uniquingKeysWith: { _, last in last })
    }

    private func recordRows(where filter: String, _ values: [SQLValue], limit: Int? = nil) throws
        -> [StoredReplayRecord]
    {
        guard let sql = engine.sql else { throw ReplayRecordError.noDatabase }
        let query = """
            SELECT a.id, a.uuid, a.student, c.path, \(AttemptInputsRow.boundedRecord), i.activity_id, a.game_version
            FROM activities a JOIN contexts c ON c.id = a.context_id LEFT JOIN attempt_inputs i ON i.activity_id = a.id
            WHERE \(filter) ORDER BY a.id \(limit.map { "LIMIT \($0)" } ?? "")
            """
        return try sql.query(query, values) { row in
            StoredReplayRecord(
                uuid: (row.text(1) ?? "").lowercased(), id: row.int(0), student: row.text(2) ?? "",
                path: row.text(3), record: row.text(4), hasRecord: !row.isNull(5), gameVersion: row.text(6))
        }
    }
}

/// An attempt's replay record as a store read gives it: the row's text, not yet decoded, so that
/// a reader with many threads (`verify`) decodes each on the thread that replays it, not all of
/// them on the one that reads. Codable, so that such a reader can hand it to another process.
public struct StoredReplayRecord: Codable, Sendable {
    /// The attempt's UUID, lowercase.
    public let uuid: String
    let id: Int64
    let student: String
    let path: String?
    /// The record's JSON, or nil when there is none or it is past ``Limits/replayRecordBytes``.
    let record: String?
    /// Whether the attempt was saved with a record (its text may still be unreadable).
    public let hasRecord: Bool
    let gameVersion: String?

    /// The bytes of the record's text this holds (0 when none): what a reader counts against the
    /// memory it lets a batch take.
    public var bytes: Int { record?.utf8.count ?? 0 }

    /// The record decoded, with what names the attempt; or why it cannot be had: none was
    /// saved, or the row cannot be read (a hostile or damaged row, or one past its bound).
    public func decoded() -> Result<SavedInputs, ReplayRecordError> {
        guard hasRecord else { return .failure(.noRecord(uuid: uuid)) }
        do {
            let identifierPath =
                try path.flatMap(CompactRecordReader.strings)
                ?? JSON.decode([String].self, from: path, column: "contexts.path")
            let inputs = try AttemptInputsRow.decode(record)
            return .success(
                SavedInputs(
                    uuid: uuid, id: id, student: student, identifierPath: identifierPath, inputs: inputs,
                    gameVersion: gameVersion))
        } catch {
            return .failure(.unreadable(uuid: uuid, reason: UnreadableRow.reason(error)))
        }
    }
}
