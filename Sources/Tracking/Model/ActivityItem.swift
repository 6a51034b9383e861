import Foundation

/// The kind of an activity item: one of ClassKit's three `CLSActivityItem` subclasses.
public enum ItemKind: String, Codable, Sendable, CaseIterable {
    /// A number (`CLSQuantityItem`).
    case quantity
    /// A Boolean (`CLSBinaryItem`).
    case binary
    /// A score out of a maximum (`CLSScoreItem`).
    case score
}

/// How a binary item's Boolean is presented (`CLSBinaryValueType`).
public enum BinaryValueType: String, Codable, Sendable, CaseIterable {
    /// True / false.
    case trueFalse
    /// Pass / fail.
    case passFail
    /// Yes / no.
    case yesNo
    /// Correct / incorrect.
    case correctIncorrect
}

extension String {
    /// Whether `bytes` are this string's UTF-8, compared in place: for a front end that holds a
    /// script's text as bytes and asks whether it is a text it has seen (an item's identifier or
    /// title set again), without making a `String` of them first.
    /// - Parameter bytes: Any bytes; ones that are not UTF-8 equal no string.
    package func hasUTF8(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard utf8.count == bytes.count else { return false }  // O(1) for a native string
        guard let start = bytes.baseAddress, !bytes.isEmpty else { return true }  // both empty
        var text = self  // `withUTF8` may make a native copy of a bridged string: this one's own
        // memcmp: the generic `elementsEqual` walked the bytes through iterators, 270 instructions for 15 bytes.
        return text.withUTF8 { $0.baseAddress.map { memcmp($0, start, bytes.count) == 0 } ?? false }
    }
}

/// One metric of an activity: a quantity, a binary result or a score (`CLSActivityItem`).
public struct ActivityItem: Hashable, Sendable {
    /// The value and its kind.
    public enum Value: Hashable, Sendable {
        /// A number, such as hints used (`CLSQuantityItem`).
        case quantity(Double)
        /// A yes/no result and how to present it (`CLSBinaryItem`).
        case binary(Bool, BinaryValueType)
        /// Points earned out of `maxScore` (`CLSScoreItem`).
        case score(Double, maxScore: Double)
    }

    /// Unique within the owning activity.
    public var identifier: String
    /// Shown in reports.
    public var title: String
    /// The metric.
    public var value: Value

    /// Creates an item; it is validated when added to an activity.
    /// - Parameters:
    ///   - identifier: Unique within the activity, within ``Limits/itemIdentifierBytes``.
    ///   - title: Non-blank, within ``Limits/title``.
    ///   - value: The metric.
    public init(identifier: String, title: String, value: Value) {
        self.identifier = identifier
        self.title = title
        self.value = value
    }

    /// The item's kind, derived from its value.
    public var kind: ItemKind {
        switch value {
        case .quantity: return .quantity
        case .binary: return .binary
        case .score: return .score
        }
    }

    /// Checks the identifier, title and value against ClassKit's rules.
    /// - Throws: ``TrackingError/invalidIdentifier(_:)``, ``TrackingError/identifierRefused(what:reason:)``,
    ///   ``TrackingError/blankTitle``, ``TrackingError/tooLong(_:)``,
    ///   ``TrackingError/nonFinite(field:)`` or ``TrackingError/invalidScore(score:maxScore:)``.
    public func validate() throws {
        try Validate.identifier(identifier, of: .item, what: "item identifier")
        try Validate.title(title)
        switch value {
        case .quantity(let quantity):
            try Validate.finite(quantity, field: "quantity")
        case .binary:
            break
        case .score(let score, let maxScore):
            try Validate.finite(score, field: "score")
            try Validate.finite(maxScore, field: "maxScore")
            if ScoreRule.violation(score: score, maxScore: maxScore) != nil {
                throw TrackingError.invalidScore(score: score, maxScore: maxScore)
            }
        }
    }
}
