/// The initializers of ClassKit's three `CLSActivityItem` subclasses, each making the
/// ``ActivityItem`` with the matching ``ActivityItem/Value``.
///
/// ClassKit's items are objects that a later `item.score = 7` changes in place; an
/// ``ActivityItem`` is a value, so a changed item is recorded again (``Activity/record(_:)``).
extension ActivityItem {
    /// ClassKit's `CLSQuantityItem(identifier:title:)` with its `quantity` (0 by default, as there).
    public init(identifier: String, title: String, quantity: Double = 0) {
        self.init(identifier: identifier, title: title, value: .quantity(quantity))
    }

    /// ClassKit's `CLSScoreItem(identifier:title:score:maxScore:)`.
    public init(identifier: String, title: String, score: Double, maxScore: Double) {
        self.init(identifier: identifier, title: title, value: .score(score, maxScore: maxScore))
    }

    /// ClassKit's `CLSBinaryItem(identifier:title:type:)` with its `value` (false by default, as there).
    public init(identifier: String, title: String, type: BinaryValueType, value: Bool = false) {
        self.init(identifier: identifier, title: title, value: .binary(value, type))
    }
}
