import Foundation

/// The readers' rules for one row as `edujam store copy` reads it (``StoreRows``, each column a
/// ``SQLValue``): a copy refuses what a reader could not read, by the same decoders.
///
/// Each function takes the row in its copy read's column order and returns why it cannot be
/// read (the rule, never the value), or nil.
enum StoredRowRules {
    /// A context: `parent path, path`, then `identifier, title, type, custom_type_name, topic,
    /// summary, display_order, is_assignable, age_min, age_max, minutes_min, minutes_max,
    /// capabilities, keywords, universal_link, created_at, modified_at`.
    static func context(_ values: [SQLValue]) -> String? {
        reason {
            let row = ValuesRow([.null] + values)  // where the loader reads the row id
            let path = try JSON.decode([String].self, from: row.text(2), column: "path is not a list of identifiers")
            guard (1...Limits.depth).contains(path.count), path.last == row.text(3) else {
                throw TrackingError.corruptRow("path is not 1 to \(Limits.depth) identifiers ending in its own")
            }
            try ContextRow.decode(row, parent: nil).validate()
        }
    }

    /// An attempt, as ``TableCopy/activities`` reads it: its context's path, then its columns
    /// but `saved_at`, read by name.
    static func activity(_ values: [SQLValue]) -> String? {
        reason {
            let row = TableCopy.activities.columns.row(ValuesRow(values))
            guard row.text("uuid").flatMap(UUID.init(uuidString:)) != nil else {
                throw TrackingError.corruptRow("uuid is not a UUID")
            }
            let student = row.text("student") ?? ""
            guard !Validate.isBlank(student), student.count <= Limits.studentNameCharacters else {
                throw TrackingError.corruptRow("student is not 1 to \(Limits.studentNameCharacters) characters")
            }
            _ = try row.finite("created_at")
            _ = try row.finite("started_at")
            if !row.isNull("ended_at") { _ = try row.finite("ended_at") }
            guard let outcome = row.text("outcome").flatMap(RunOutcome.init(rawValue:)), outcome != .interrupted else {
                throw TrackingError.corruptRow("outcome is not one of \(RowChecks.storedOutcomes.map(\.rawValue))")
            }
            if !row.isNull("done_by"), row.text("done_by").flatMap(DoneMarker.init(rawValue:)) == nil {
                throw TrackingError.corruptRow("done_by is not one of \(DoneMarker.allCases.map(\.rawValue))")
            }
            _ = try row.finite("progress", in: 0...1)
            _ = try RowDecoder.ranges(row.text("ranges"))
            if let primary = row.text("primary_item"), let violation = IdentifierRule.violation(primary, of: .item) {
                throw TrackingError.corruptRow("primary_item: \(violation)")
            }
            for (column, bytes) in [("owner_host", RunOwner.hostBytes), ("owner_start", RunOwner.startBytes)]
            where (row.text(column)?.utf8.count ?? 0) > bytes {
                throw TrackingError.corruptRow("\(column) is more than \(bytes) bytes")
            }
            _ = try RowDecoder.gameVersion(row.text("game_version"))
        }
    }

    /// An item: `attempt uuid, sequence, identifier, title, kind, quantity, flag, value_type,
    /// score, max_score` (``ItemRow/columns`` with the attempt's UUID first).
    static func item(_ values: [SQLValue]) -> String? {
        reason { _ = try ItemRow.decode(ValuesRow(values)) }
    }

    /// An event: `attempt uuid, sequence, kind, at, progress, outcome` (``EventRow/columns``).
    static func event(_ values: [SQLValue]) -> String? {
        reason { _ = try EventRow.decode(ValuesRow(values)) }
    }

    /// A replay record: `attempt uuid, record, bytes` (``AttemptInputsRow/columns``).
    static func inputs(_ values: [SQLValue]) -> String? {
        reason {
            let row = ValuesRow(values)
            guard let text = row.text(1), row.int(2) == Int64(text.utf8.count) else {
                throw TrackingError.corruptRow("bytes is not the record's size")
            }
            _ = try AttemptInputsRow.decode(text)
        }
    }

    private static func reason(_ check: () throws -> Void) -> String? {
        do {
            try check()
            return nil
        } catch {
            return UnreadableRow.reason(error)
        }
    }
}

/// One row of plain values, read as the decoders read a database row.
private struct ValuesRow: SQLRow {
    let values: [SQLValue]

    init(_ values: [SQLValue]) { self.values = values }

    func text(_ index: Int32) -> String? {
        switch value(index) {
        case .text(let text): return text
        case .integer(let number): return String(number)
        case .real(let number): return String(number)
        case .null: return nil
        }
    }

    func int(_ index: Int32) -> Int64 {
        switch value(index) {
        case .integer(let number): return number
        case .real(let number): return number.isFinite ? Int64(exactly: number.rounded(.towardZero)) ?? 0 : 0
        case .text(let text): return Int64(text) ?? 0
        case .null: return 0
        }
    }

    func double(_ index: Int32) -> Double {
        switch value(index) {
        case .integer(let number): return Double(number)
        case .real(let number): return number
        case .text(let text): return Double(text) ?? 0
        case .null: return 0
        }
    }

    func isNull(_ index: Int32) -> Bool {
        if case .null = value(index) { return true }
        return false
    }

    private func value(_ index: Int32) -> SQLValue {
        Int(index) < values.count ? values[Int(index)] : .null
    }
}
