/// An optional that encodes as JSON `null` instead of leaving its key out, so every key of a
/// report stays in the document whether or not it has a value.
///
/// Swift's synthesized `Encodable` skips a nil optional; readers of `--json` output want stable
/// keys. Marking the property is the one way EduJam does it, instead of a hand-written
/// `encode(to:)` per type:
///
/// ```swift
/// struct Row: Codable {
///     var name: String
///     @ExplicitNull var due: String?   // {"name":"x","due":null}
/// }
/// ```
///
/// Decoding accepts the key as `null` or absent.
@propertyWrapper
public struct ExplicitNull<Value: Codable>: Codable {
    /// The optional value.
    public var wrappedValue: Value?

    /// Wraps `wrappedValue`.
    public init(wrappedValue: Value?) {
        self.wrappedValue = wrappedValue
    }

    /// Decodes `null` as nil, anything else as a `Value`.
    /// - Throws: `DecodingError` when the value is neither.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        wrappedValue = container.decodeNil() ? nil : try container.decode(Value.self)
    }

    /// Encodes the value, or `null` when there is none.
    /// - Throws: Encoding errors.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
    }
}

extension ExplicitNull: Equatable where Value: Equatable {}
extension ExplicitNull: Sendable where Value: Sendable {}

extension KeyedDecodingContainer {
    /// Lets a synthesized `init(from:)` read an ``ExplicitNull`` property whose key is absent.
    /// - Returns: The wrapped value, nil when the key is absent or `null`.
    /// - Throws: `DecodingError` for a value of another type.
    public func decode<Value>(_ type: ExplicitNull<Value>.Type, forKey key: Key) throws -> ExplicitNull<Value> {
        ExplicitNull(wrappedValue: try decodeIfPresent(Value.self, forKey: key))
    }
}
