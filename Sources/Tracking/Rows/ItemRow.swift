/// The `activity_items` table: its columns, the values of an item's row, and the decoding of one
/// (only an item the model would have accepted). Every writer and reader of items uses it.
enum ItemRow {
    /// The columns, in the order ``values(_:attempt:sequence:)`` gives and ``decode(_:)`` reads.
    static let columns = TableColumns(
        "activity_items",
        [
            "activity_id": "bigint", "sequence": "integer", "identifier": "text", "title": "text", "kind": "text",
            "quantity": "float8", "flag": "boolean", "value_type": "text", "score": "float8", "max_score": "float8",
        ])

    /// How an item written again (by attempt and identifier) replaces the stored one: both engines' SQL.
    static let onKeyConflict =
        "ON CONFLICT (activity_id, identifier) DO UPDATE SET \(columns.excluded(except: ["activity_id", "identifier"]))"

    /// An item's row: `attempt` (the attempt's row id, or what an engine looks it up by), then the item.
    static func values(_ item: ActivityItem, attempt: SQLValue, sequence: Int64) -> [SQLValue] {
        var quantity: SQLValue = .null
        var flag: SQLValue = .null
        var valueType: SQLValue = .null
        var score: SQLValue = .null
        var maxScore: SQLValue = .null
        switch item.value {
        case .quantity(let q): quantity = .real(q)
        case .binary(let b, let type):
            flag = .bool(b)
            valueType = .text(type.rawValue)
        case .score(let s, let m):
            score = .real(s)
            maxScore = .real(m)
        }
        return [
            attempt, .integer(sequence), .text(item.identifier), .text(item.title), .text(item.kind.rawValue),
            quantity, flag, valueType, score, maxScore,
        ]
    }

    /// One item (``columns``), as a run reports it.
    static func record(_ row: some SQLRow) throws -> ItemRecord { ItemRecord(try decode(row)) }

    /// One item (``columns``), as an activity holds it: only an item the model would have
    /// accepted (``IdentifierRule``, ``Limits/title``, its kind, ``ScoreRule``, finite numbers).
    /// - Throws: ``TrackingError/corruptRow(_:)`` naming the rule a value broke, never the value.
    static func decode(_ row: some SQLRow) throws -> ActivityItem {
        let identifier = try row.text(2) ?? { throw TrackingError.corruptRow("identifier is missing") }()
        if let violation = IdentifierRule.violation(identifier, of: .item) {
            throw TrackingError.corruptRow(violation.description)
        }
        let title = try row.text(3) ?? { throw TrackingError.corruptRow("title is missing") }()
        if let overrun = Limits.title.overrun(title) { throw TrackingError.corruptRow(overrun.description) }
        if Validate.isBlank(title) { throw TrackingError.corruptRow("title is blank") }
        guard let kind = row.text(4).flatMap(ItemKind.init(rawValue:)) else {
            throw TrackingError.corruptRow("kind is not one of \(RowDecoder.names(ItemKind.allCases))")
        }
        let value: ActivityItem.Value
        switch kind {
        case .quantity: value = .quantity(try row.finite(5, "quantity"))
        case .binary:
            guard !row.isNull(6), let type = row.text(7).flatMap(BinaryValueType.init(rawValue:)) else {
                throw TrackingError.corruptRow(
                    "value_type is not one of \(RowDecoder.names(BinaryValueType.allCases))")
            }
            value = .binary(row.int(6) != 0, type)
        case .score:
            let score = try row.finite(8, "score")
            let maxScore = try row.finite(9, "max_score")
            if let violation = ScoreRule.violation(score: score, maxScore: maxScore) {
                throw TrackingError.corruptRow(violation.description)
            }
            value = .score(score, maxScore: maxScore)
        }
        return ActivityItem(identifier: identifier, title: title, value: value)
    }

    /// One item of an attempt being restored to play on (``StoreEngine/latestAttempt(contextID:student:)``)
    /// with its sequence number, or nil when it cannot be read: the attempt goes on without it
    /// (the row stays as it is; the reports name it).
    static func restored(_ row: some SQLRow) -> (item: ActivityItem, sequence: Int64)? {
        (try? decode(row)).map { ($0, row.int(1)) }
    }
}
