/// ClassKit's `CLSActivity` spellings, each forwarding to the EduJam member it names.
///
/// ClassKit's methods cannot fail; these throw what the EduJam member throws (a range out of
/// 0...1, an attempt not started), so a port adds `try`. The settable properties (``progress``,
/// ``primaryActivityItem``) cannot throw: like ClassKit, they ignore a value the model refuses;
/// call ``setProgress(_:)`` or ``setPrimaryItem(_:)`` to get the error.
extension Activity {
    /// ClassKit's `addProgressRange(fromStart:toEnd:)`: ``addProgressRange(from:to:)``.
    /// - Throws: As ``addProgressRange(from:to:)``.
    public func addProgressRange(fromStart start: Double, toEnd end: Double) throws {
        try addProgressRange(from: start, to: end)
    }

    /// ClassKit's `primaryActivityItem`: reads ``primaryItem``; setting calls ``setPrimaryItem(_:)``
    /// and ignores a refusal, as ClassKit does. Setting nil changes nothing: EduJam clears the
    /// primary only with ``removeAllItems()``.
    public var primaryActivityItem: ActivityItem? {
        get { primaryItem }
        set { if let newValue { try? setPrimaryItem(newValue) } }
    }

    /// ClassKit's `additionalActivityItems`: ``additionalItems``.
    public var additionalActivityItems: [ActivityItem] { additionalItems }

    /// ClassKit's `addAdditionalActivityItem(_:)`: ``addAdditionalItem(_:)``.
    /// - Throws: As ``addAdditionalItem(_:)``.
    public func addAdditionalActivityItem(_ item: ActivityItem) throws {
        try addAdditionalItem(item)
    }

    /// ClassKit's `removeAllActivityItems()`: ``removeAllItems()``.
    /// - Throws: As ``removeAllItems()``.
    public func removeAllActivityItems() throws {
        try removeAllItems()
    }
}
