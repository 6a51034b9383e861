import Foundation

/// JSON helpers for the few columns stored as JSON text (paths, keywords, capabilities).
package enum JSON {
    /// Encodes `value` as compact JSON text with sorted keys, so equal values store equal text.
    package static func encode<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// Decodes JSON text read from `column`.
    /// - Throws: ``TrackingError/corruptRow(_:)`` naming the column.
    package static func decode<T: Decodable>(_ type: T.Type, from text: String?, column: String) throws -> T {
        guard let text, let value = try? JSONDecoder().decode(type, from: Data(text.utf8)) else {
            throw TrackingError.corruptRow(column)
        }
        return value
    }
}
