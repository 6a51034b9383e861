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

    /// An attempt: `context path, uuid, student, created_at, started_at, ended_at, outcome,
    /// done_by, duration, progress, ranges, primary_item, was_started, owner_host, owner_pid, owner_start,
    /// game_version`.
    static func activity(_ values: [SQLValue]) -> String? {
        reason {
            let row = ValuesRow(values)
            guard row.text(1).flatMap(UUID.init(uuidString:)) != nil else {
                throw TrackingError.corruptRow("uuid is not a UUID")
            }
            let student = row.text(2) ?? ""
            guard !Validate.isBlank(student), student.count <= Limits.studentNameCharacters else {
                throw TrackingError.corruptRow("student is not 1 to \(Limits.studentNameCharacters) characters")
            }
            _ = try row.finite(3, "created_at")
            _ = try row.finite(4, "started_at")
            if !row.isNull(5) { _ = try row.finite(5, "ended_at") }
            guard let outcome = row.text(6).flatMap(RunOutcome.init(rawValue:)), outcome != .interrupted else {
                throw TrackingError.corruptRow("outcome is not one of \(RowChecks.storedOutcomes.map(\.rawValue))")
            }
            if !row.isNull(7), row.text(7).flatMap(DoneMarker.init(rawValue:)) == nil {
                throw TrackingError.corruptRow("done_by is not one of \(DoneMarker.allCases.map(\.rawValue))")
            }
            _ = try row.finite(9, "progress", in: 0...1)
            _ = try RowDecoder.ranges(row.text(10))
            if let primary = row.text(11), let violation = IdentifierRule.violation(primary, of: .item) {
                throw TrackingError.corruptRow("primary_item: \(violation)")
            }
            for (index, column, bytes) in [
                (13, "owner_host", RunOwner.hostBytes), (15, "owner_start", RunOwner.startBytes),
            ]
            where (row.text(Int32(index))?.utf8.count ?? 0) > bytes {
                throw TrackingError.corruptRow("\(column) is more than \(bytes) bytes")
            }
            _ = try RowDecoder.gameVersion(row.text(16))
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
