import Foundation

/// The `contexts` table: its columns (the row id aside), the values of a context's row, and the
/// decoding of one. Contexts are found by their path, which is unique.
enum ContextRow {
    /// The columns, in the order ``values(_:parentID:)`` gives and ``decode(_:parent:)`` reads
    /// (after the row id).
    static let columns = TableColumns(
        "contexts",
        [
            "parent_id": "bigint", "path": "text", "identifier": "text", "title": "text", "type": "integer",
            "custom_type_name": "text", "topic": "text", "summary": "text", "display_order": "integer",
            "is_assignable": "boolean", "age_min": "bigint", "age_max": "bigint", "minutes_min": "bigint",
            "minutes_max": "bigint", "capabilities": "text", "keywords": "text", "universal_link": "text",
            "created_at": "float8", "modified_at": "float8",
        ])

    /// What a context an outbox snapshot carries holds (``RunSnapshot/ContextStep``): the parent,
    /// path, identifier, title, type and custom type name, and the two times; the rest keep
    /// their defaults.
    static let stepColumns = columns.without(Array(columns.names.dropFirst(6).dropLast(2)))

    /// A context's row id looked up by its path (one `?`): how a row points at a context by its
    /// natural key.
    static let byPath = "(SELECT id FROM contexts WHERE path = ?)"

    /// Every context, parents before children (`id`, then ``columns``).
    static let selectAll = "SELECT id, \(columns.list) FROM contexts ORDER BY id"

    /// What an upsert by path updates (both engines' SQL: the path, the id and the creation time stay).
    static let onPathConflict =
        "ON CONFLICT (path) DO UPDATE SET \(columns.excluded(except: ["path", "identifier", "created_at"]))"

    /// The values of ``columns``, in order.
    static func values(_ c: Context, parentID: Int64?) throws -> [SQLValue] {
        [
            .integer(parentID.map(Int.init)), .text(try JSON.encode(c.identifierPath)), .text(c.identifier),
            .text(c.title), .integer(Int64(c.type.rawValue)), .text(c.customTypeName), .text(c.topic?.rawValue),
            .text(c.summary), .integer(Int64(c.displayOrder)), .bool(c.isAssignable),
            .integer(c.suggestedAge?.lowerBound), .integer(c.suggestedAge?.upperBound),
            .integer(c.suggestedCompletionMinutes?.lowerBound), .integer(c.suggestedCompletionMinutes?.upperBound),
            .text(try JSON.encode(c.capabilityList)), .text(try JSON.encode(c.keywords)),
            .text(c.universalLinkURL?.absoluteString),
            .real(c.dateCreated.timeIntervalSince1970), .real(c.dateLastModified.timeIntervalSince1970),
        ]
    }

    /// The values of ``stepColumns`` for the context at `depth` of a snapshot's chain, its parent
    /// given as `parent` (its row id, or what an engine looks it up by).
    static func stepValues(_ snapshot: RunSnapshot, depth: Int, parent: SQLValue) throws -> [SQLValue] {
        let step = snapshot.contexts[depth]
        return [
            parent, .text(try JSON.encode(Array(snapshot.identifierPath.prefix(depth + 1)))), .text(step.identifier),
            .text(step.title), .integer(Int64(step.type.rawValue)), .text(step.customTypeName),
            .real(snapshot.createdAt), .real(snapshot.createdAt),
        ]
    }

    /// One context row (`id` then ``columns``), attached to `parent`.
    static func decode(_ row: some SQLRow, parent: Context?) throws -> Context {
        guard let identifier = row.text(3), let title = row.text(4),
            let type = ContextType(rawValue: Int(row.int(5)))
        else { throw TrackingError.corruptRow("contexts") }
        let context = Context(
            identifier: identifier, title: title, type: type, parent: parent,
            date: Date(timeIntervalSince1970: row.double(18)))
        context.rowID = row.int(0)
        context.customTypeName = row.text(6)
        context.topic = try row.text(7).flatMap { try Topic.named($0) }
        context.summary = row.text(8)
        context.displayOrder = Int(row.int(9))
        context.isAssignable = row.int(10) != 0
        context.suggestedAge = range(row.optionalInt(11), row.optionalInt(12))
        context.suggestedCompletionMinutes = range(row.optionalInt(13), row.optionalInt(14))
        context.capabilityList = try JSON.decode(
            [ProgressReportingCapability].self, from: row.text(15), column: "capabilities")
        context.keywords = try JSON.decode([String].self, from: row.text(16), column: "keywords")
        context.universalLinkURL = row.text(17).flatMap(URL.init(string:))
        context.dateLastModified = Date(timeIntervalSince1970: row.double(19))
        return context
    }

    /// Builds the context tree from ``selectAll``'s rows as they come, parents before children.
    struct Tree {
        private var byID: [Int64: Context] = [:]
        /// The main context with its descendants attached, or nil while no row made one.
        private(set) var root: Context?

        /// Attaches one row's context to its parent; a row whose parent is not here (deleted
        /// meanwhile) is left out.
        mutating func add(_ row: some SQLRow) throws {
            let parent = row.isNull(1) ? nil : byID[row.int(1)]
            guard row.isNull(1) || parent != nil else { return }
            let context = try decode(row, parent: parent)
            byID[row.int(0)] = context
            if let parent { parent.attach(context) } else { root = root ?? context }
        }
    }

    private static func range(_ low: Int?, _ high: Int?) -> ClosedRange<Int>? {
        guard let low, let high, low <= high else { return nil }
        return low...high
    }
}
