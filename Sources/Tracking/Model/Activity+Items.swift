extension Activity {
    /// The featured metric; nil means progress is the headline.
    public var primaryItem: ActivityItem? { items.primary }

    /// The other metrics, at most one per kind, in the order added.
    public var additionalItems: [ActivityItem] { items.additional }

    /// The item with `identifier`, primary or additional.
    /// - Parameter identifier: An item identifier.
    /// - Returns: The item, or nil.
    public func item(withIdentifier identifier: String) -> ActivityItem? { items.item(identifier) }

    /// Sets the primary item. Its kind is locked once set.
    /// - Parameter item: The item; validated first.
    /// - Throws: ``TrackingError/primaryKindLocked(existing:attempted:)``,
    ///   ``TrackingError/duplicateItemIdentifier(_:)``, item validation errors, or
    ///   ``TrackingError/notStarted`` when the activity cannot change.
    public func setPrimaryItem(_ item: ActivityItem) throws {
        try requireMutable()
        try items.setPrimary(item)
        changed()
    }

    /// Adds an additional item; a later item of the same kind replaces the earlier one.
    /// - Parameter item: The item; validated first.
    /// - Throws: ``TrackingError/duplicateItemIdentifier(_:)``, item validation errors, or
    ///   ``TrackingError/notStarted`` when the activity cannot change.
    public func addAdditionalItem(_ item: ActivityItem) throws {
        try requireMutable()
        try items.addAdditional(item)
        changed()
    }

    /// Records `item`: the first item becomes primary, the primary's identifier updates the primary,
    /// anything else is an additional item.
    /// - Parameter item: The item; validated first.
    /// - Throws: As ``setPrimaryItem(_:)`` and ``addAdditionalItem(_:)``.
    public func record(_ item: ActivityItem) throws {
        try requireMutable()
        try items.record(item)
        changed()
    }

    /// Records a quantity item, such as hints used. See ``record(_:)``.
    /// - Parameters:
    ///   - id: The item identifier.
    ///   - title: Shown in reports.
    ///   - value: A finite number.
    /// - Throws: As ``record(_:)``.
    public func setQuantity(id: String, title: String, value: Double) throws {
        try record(ActivityItem(identifier: id, title: title, value: .quantity(value)))
    }

    /// Records a binary item. See ``record(_:)``.
    /// - Parameters:
    ///   - id: The item identifier.
    ///   - title: Shown in reports.
    ///   - value: The result.
    ///   - valueType: How to present it.
    /// - Throws: As ``record(_:)``.
    public func setBinary(id: String, title: String, value: Bool, valueType: BinaryValueType) throws {
        try record(ActivityItem(identifier: id, title: title, value: .binary(value, valueType)))
    }

    /// Records a score item. See ``record(_:)``.
    /// - Parameters:
    ///   - id: The item identifier.
    ///   - title: Shown in reports.
    ///   - score: Between 0 and `maxScore`.
    ///   - maxScore: Greater than 0.
    /// - Throws: ``TrackingError/invalidScore(score:maxScore:)`` and as ``record(_:)``.
    public func setScore(id: String, title: String, score: Double, maxScore: Double) throws {
        try record(ActivityItem(identifier: id, title: title, value: .score(score, maxScore: maxScore)))
    }

    /// Removes the primary and every additional item (ClassKit's `removeAllActivityItems()`).
    /// - Throws: ``TrackingError/notStarted`` when the activity cannot change.
    public func removeAllItems() throws {
        try requireMutable()
        items.removeAll()
        changed()
    }
}
