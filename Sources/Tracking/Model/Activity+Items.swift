extension Activity {
    /// The featured metric; nil means progress is the headline.
    public var primaryItem: ActivityItem? { items.primary }

    /// The other metrics, at most one per kind, in the order added.
    public var additionalItems: [ActivityItem] { items.additional }

    /// The item with `identifier`, primary or additional.
    /// - Parameter identifier: An item identifier.
    /// - Returns: The item, or nil.
    public func item(withIdentifier identifier: String) -> ActivityItem? { items.item(identifier) }

    /// Chooses the primary item (ClassKit's `primaryActivityItem =`).
    ///
    /// Replaces the default primary (the first item recorded) whatever its kind; an item chosen
    /// before locks the kind. The replaced primary stays as an additional item.
    /// - Parameter item: The item; validated first. An additional item with its identifier is
    ///   promoted.
    /// - Throws: ``TrackingError/primaryKindLocked(existing:attempted:)``,
    ///   ``TrackingError/duplicateItemIdentifier(_:)`` (its identifier has another kind), item
    ///   validation errors, or ``TrackingError/notStarted`` when the activity cannot change.
    public func setPrimaryItem(_ item: ActivityItem) throws {
        try requireMutable()
        try item.validate()
        try items.setPrimary(item)
        changed()
    }

    /// Chooses the item with `identifier` as primary: at once if the activity has it, otherwise
    /// when it is first recorded (until then the current primary stays). See ``setPrimaryItem(_:)``.
    /// - Parameter identifier: An item identifier.
    /// - Throws: As ``setPrimaryItem(_:)``, and ``TrackingError/primaryItemMissing(_:lockedKind:)``
    ///   when there is no such item yet and an earlier choice locked the kind.
    public func setPrimaryItem(withIdentifier identifier: String) throws {
        try requireMutable()
        try Validate.identifier(identifier, of: .item, what: "item identifier")
        try items.namePrimary(identifier)
        changed()
    }

    /// Adds an additional item; a later item of the same kind replaces the earlier one.
    /// - Parameter item: The item; validated first.
    /// - Throws: ``TrackingError/duplicateItemIdentifier(_:)``, item validation errors, or
    ///   ``TrackingError/notStarted`` when the activity cannot change.
    public func addAdditionalItem(_ item: ActivityItem) throws {
        try requireMutable()
        try item.validate()
        try items.addAdditional(item)
        changed()
    }

    /// Records `item`: an item named primary (``setPrimaryItem(withIdentifier:)``) becomes primary;
    /// the first item is primary by default until one is chosen; the primary's identifier updates
    /// the primary; anything else is an additional item.
    /// - Parameter item: The item; validated first.
    /// - Throws: As ``setPrimaryItem(_:)`` and ``addAdditionalItem(_:)``.
    public func record(_ item: ActivityItem) throws {
        try requireMutable()
        try item.validate()
        try items.record(item)
        changed()
    }

    /// Records `item` as ``record(_:)`` does, for a caller that checked its title and value and
    /// its identifier's ``IdentifierRule`` already, argument by argument, to say which argument
    /// broke a rule (the runtime's `activity.*`): only the one rule it leaves to the model,
    /// a blank identifier, is checked here, so an item a game records is validated once.
    /// - Parameters:
    ///   - item: The item, valid but for a blank identifier.
    ///   - isKnown: Whether the caller found an item under this identifier already (which was
    ///     checked when it was recorded: not blank), so the check is not made again.
    /// - Throws: ``TrackingError/invalidIdentifier(_:)`` for a blank identifier; otherwise as
    ///   ``record(_:)``.
    package func record(checkedItem item: ActivityItem, isKnown: Bool = false) throws {
        try requireMutable()
        if !isKnown, Validate.isBlank(item.identifier) { throw TrackingError.invalidIdentifier("item identifier") }
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
