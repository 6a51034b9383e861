/// One activity item inside a ``RunRecord``: the model's item (``item``), with the JSON it has
/// always had.
///
/// Keys: `identifier`, `title`, `kind`; `value` (a number for quantity, a Boolean for binary);
/// `valueType` (binary only); `score` and `maxScore` (score only). Keys that do not apply are
/// absent, and decoding refuses a record that has one (or lacks one its kind needs), so an outbox
/// file or an export reads back as exactly the item it was written from.
public struct ItemRecord: Codable, Equatable, Sendable {
    /// A quantity's number or a binary item's Boolean: the old shape of ``value``.
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

    /// The item as the model holds it.
    public var item: ActivityItem

    /// The item identifier.
    public var identifier: String {
        get { item.identifier }
        set { item.identifier = newValue }
    }
    /// The item title.
    public var title: String {
        get { item.title }
        set { item.title = newValue }
    }
    /// quantity, binary or score: derived from the value.
    public var kind: ItemKind { item.kind }

    /// Builds the record of an in-memory item.
    /// - Parameter item: The item.
    public init(_ item: ActivityItem) {
        self.item = item
    }
}

extension ItemRecord {
    /// The JSON keys, in the order they are written.
    private enum Key: String, CodingKey, CaseIterable {
        case identifier, title, kind, value, valueType, score, maxScore
    }

    /// Decodes today's JSON of an item.
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` for a missing or mistyped key, an unknown kind, or a key that
    ///   does not apply to the kind.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        let kind = try c.decode(ItemKind.self, forKey: .kind)
        let value: ActivityItem.Value
        switch kind {
        case .quantity:
            value = .quantity(try c.decode(Double.self, forKey: .value))
        case .binary:
            // A binary item has always been written with its type; presenting it as true/false
            // when a hand-written record lacks it is what `activity.binary` does by default.
            let type = try c.decodeIfPresent(BinaryValueType.self, forKey: .valueType) ?? .trueFalse
            value = .binary(try c.decode(Bool.self, forKey: .value), type)
        case .score:
            value = .score(
                try c.decode(Double.self, forKey: .score), maxScore: try c.decode(Double.self, forKey: .maxScore))
        }
        try Self.refuseKeys(in: c, besides: Self.keys(of: value), kind: kind)
        item = ActivityItem(
            identifier: try c.decode(String.self, forKey: .identifier),
            title: try c.decode(String.self, forKey: .title),
            value: value)
    }

    /// Encodes the keys that apply to the item's kind, in today's order.
    /// - Parameter encoder: The encoder.
    /// - Throws: Encoding errors.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(identifier, forKey: .identifier)
        try c.encode(title, forKey: .title)
        try c.encode(kind, forKey: .kind)
        switch item.value {
        case .quantity(let number):
            try c.encode(number, forKey: .value)
        case .binary(let flag, let type):
            try c.encode(flag, forKey: .value)
            try c.encode(type, forKey: .valueType)
        case .score(let score, let maxScore):
            try c.encode(score, forKey: .score)
            try c.encode(maxScore, forKey: .maxScore)
        }
    }

    /// The keys a value of this kind is written with, beside identifier, title and kind.
    private static func keys(of value: ActivityItem.Value) -> Set<Key> {
        switch value {
        case .quantity: return [.value]
        case .binary: return [.value, .valueType]
        case .score: return [.score, .maxScore]
        }
    }

    /// Throws for a key (not null) that a `kind` item is never written with.
    private static func refuseKeys(
        in c: KeyedDecodingContainer<Key>, besides own: Set<Key>, kind: ItemKind
    ) throws {
        for key in Key.allCases where !own.contains(key) && ![.identifier, .title, .kind].contains(key) {
            if c.contains(key), try !c.decodeNil(forKey: key) {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: c, debugDescription: "a \(kind.rawValue) item has no \(key.rawValue)")
            }
        }
    }
}

extension ItemRecord {
    /// A quantity's number or a binary item's Boolean; nil for a score.
    @available(*, deprecated, message: "switch over `item.value` (ActivityItem.Value)")
    public var value: Value? {
        switch item.value {
        case .quantity(let number): return .number(number)
        case .binary(let flag, _): return .bool(flag)
        case .score: return nil
        }
    }

    /// A binary item's value type; nil for other kinds.
    @available(*, deprecated, message: "switch over `item.value` (ActivityItem.Value)")
    public var valueType: BinaryValueType? {
        if case .binary(_, let type) = item.value { type } else { nil }
    }

    /// A score item's score; nil for other kinds.
    @available(*, deprecated, message: "switch over `item.value` (ActivityItem.Value)")
    public var score: Double? {
        if case .score(let score, _) = item.value { score } else { nil }
    }

    /// A score item's maximum; nil for other kinds.
    @available(*, deprecated, message: "switch over `item.value` (ActivityItem.Value)")
    public var maxScore: Double? {
        if case .score(_, let maxScore) = item.value { maxScore } else { nil }
    }
}
