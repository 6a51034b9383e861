import Foundation

/// One saved attempt, as reported by ``TrackingStore/runs(student:)`` and exported as JSON.
///
/// JSON keys (stable, documented in `docs/tracking-model.md`): `id`, `student`, `identifierPath`,
/// `title`, `outcome`, `done`, `started`, `startedAt` (ISO 8601, UTC), `durationSeconds`, `progress`,
/// `primaryItem` (null when none) and `items`.
public struct RunRecord: Codable, Equatable, Sendable {
    /// The activity's row id.
    public var id: Int64
    /// Who made the attempt.
    public var student: String
    /// The context's identifier path, root first.
    public var identifierPath: [String]
    /// The context's title.
    public var title: String
    /// How the attempt ended; `.running` if it never did.
    public var outcome: RunOutcome
    /// Whether the student, the game or a teacher marked it done.
    public var done: Bool
    /// Whether the game ever started it (`activity.start()`); a launch that never did (left at the
    /// level menu) is kept but counts for no assignment.
    public var started: Bool
    /// When it was first started (its creation time if never started), ISO 8601 in UTC.
    public var startedAt: String
    /// Time spent, as of the last save.
    public var durationSeconds: Double
    /// The union length of the progress ranges, 0...1.
    public var progress: Double
    /// The primary item's identifier, nil when none.
    @ExplicitNull public var primaryItem: String?
    /// Every item, in the order added.
    public var items: [ItemRecord]
}

/// One activity item inside a ``RunRecord``.
///
/// Keys: `identifier`, `title`, `kind`; `value` (a number for quantity, a Boolean for binary);
/// `valueType` (binary only); `score` and `maxScore` (score only). Keys that do not apply are absent.
public struct ItemRecord: Codable, Equatable, Sendable {
    /// A quantity's number or a binary item's Boolean.
    public enum Value: Codable, Equatable, Sendable {
        /// A quantity.
        case number(Double)
        /// A binary result.
        case bool(Bool)

        /// Decodes a JSON number or Boolean.
        /// - Parameter decoder: The decoder.
        /// - Throws: `DecodingError` for any other JSON value.
        public init(from decoder: any Decoder) throws {
            let c = try decoder.singleValueContainer()
            if let flag = try? c.decode(Bool.self) {
                self = .bool(flag)
            } else {
                self = .number(try c.decode(Double.self))
            }
        }

        /// Encodes as a bare JSON number or Boolean.
        /// - Parameter encoder: The encoder.
        /// - Throws: Encoding errors.
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.singleValueContainer()
            switch self {
            case .number(let n): try c.encode(n)
            case .bool(let b): try c.encode(b)
            }
        }
    }

    /// The item identifier.
    public var identifier: String
    /// The item title.
    public var title: String
    /// quantity, binary or score.
    public var kind: ItemKind
    /// Quantity and binary items only.
    public var value: Value?
    /// Binary items only.
    public var valueType: BinaryValueType?
    /// Score items only.
    public var score: Double?
    /// Score items only.
    public var maxScore: Double?

    /// Builds the record of an in-memory item.
    /// - Parameter item: The item.
    public init(_ item: ActivityItem) {
        identifier = item.identifier
        title = item.title
        kind = item.kind
        switch item.value {
        case .quantity(let q): value = .number(q)
        case .binary(let b, let type):
            value = .bool(b)
            valueType = type
        case .score(let s, let m):
            score = s
            maxScore = m
        }
    }
}
