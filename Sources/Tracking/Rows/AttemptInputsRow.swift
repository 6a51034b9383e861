/// The `attempt_inputs` table: one attempt's replay record (``AttemptInputs``) as JSON, with its
/// size in bytes (the table's CHECK holds both to ``Limits/replayRecordBytes``, so a reader can
/// leave an oversized one in the database), the values of its row, and the decoding of one.
enum AttemptInputsRow {
    /// The columns, in the order ``values(_:attempt:)`` gives.
    static let columns = TableColumns(
        "attempt_inputs", ["activity_id": "bigint", "record": "text", "bytes": "integer"])

    /// How a record written again for its attempt replaces the stored one (both engines' SQL).
    static let onKeyConflict = "ON CONFLICT (activity_id) DO UPDATE SET \(columns.excluded(except: ["activity_id"]))"

    /// One record into an attempt by its row id (``values(_:attempt:)``), replacing the stored one.
    static let upsert = "\(columns.insert()) \(onKeyConflict)"

    /// `record` as a reader selects it (`i` the table's alias): NULL past the bound, so a row
    /// written around the CHECK (by the store's owner) costs no reader its memory.
    static let boundedRecord = "CASE WHEN i.bytes <= \(Limits.replayRecordBytes) THEN i.record END"

    /// A record's row: `attempt` (the attempt's row id, or what an engine looks it up by), then the record.
    static func values(_ inputs: AttemptInputs, attempt: SQLValue) -> [SQLValue] {
        let json = inputs.json()
        return [attempt, .text(json), .integer(Int64(json.utf8.count))]
    }

    /// The rows of the attempts of a save whose replay records changed, each by its attempt's UUID.
    static func changed(_ activities: [Activity]) -> [[SQLValue]] {
        activities.compactMap { activity in
            guard activity.inputsChanged, let inputs = activity.inputs else { return nil }
            return values(inputs, attempt: .text(activity.uuid.lowercasedString))
        }
    }

    /// A stored record (the text of ``boundedRecord``, or nil).
    /// - Throws: ``TrackingError/corruptRow(_:)`` when it is missing, too long or not a record.
    static func decode(_ text: String?) throws -> AttemptInputs {
        guard let text else { throw TrackingError.corruptRow("attempt_inputs.record (missing or too long)") }
        return try AttemptInputs.decode(json: text)
    }
}
