/// An activity's items: one primary and the additional ones, with what changed since the last save.
///
/// Rules (ClassKit plus the Livefront observation): identifiers are unique within the activity,
/// the primary item's kind is locked once set, and additional items keep one item per kind.
struct ItemSet {
    private(set) var primary: ActivityItem?
    private(set) var additional: [ActivityItem] = []
    /// Insertion order, stored so reports list items as they were added.
    private(set) var sequence: [String: Int64] = [:]
    private var nextSequence: Int64 = 1
    /// Identifiers to upsert at the next save.
    var dirty: Set<String> = []
    /// Identifiers to delete at the next save.
    var removed: Set<String> = []

    /// Sets the primary item.
    /// - Throws: ``TrackingError/primaryKindLocked(existing:attempted:)`` when the kind differs
    ///   from the current primary's; ``TrackingError/duplicateItemIdentifier(_:)`` when an
    ///   additional item already uses the identifier; item validation errors.
    mutating func setPrimary(_ item: ActivityItem) throws {
        try item.validate()
        if let current = primary, current.kind != item.kind {
            throw TrackingError.primaryKindLocked(existing: current.kind, attempted: item.kind)
        }
        guard !additional.contains(where: { $0.identifier == item.identifier }) else {
            throw TrackingError.duplicateItemIdentifier(item.identifier)
        }
        if let current = primary, current.identifier != item.identifier { forget(current.identifier) }
        primary = item
        remember(item.identifier)
    }

    /// Adds an additional item, replacing the earlier additional item of the same kind.
    /// - Throws: ``TrackingError/duplicateItemIdentifier(_:)`` when the primary item, or an
    ///   additional item of another kind, already uses the identifier; item validation errors.
    mutating func addAdditional(_ item: ActivityItem) throws {
        try item.validate()
        if primary?.identifier == item.identifier { throw TrackingError.duplicateItemIdentifier(item.identifier) }
        if let clash = additional.first(where: { $0.identifier == item.identifier }), clash.kind != item.kind {
            throw TrackingError.duplicateItemIdentifier(item.identifier)
        }
        if let index = additional.firstIndex(where: { $0.kind == item.kind }) {
            let old = additional[index]
            if old.identifier != item.identifier { forget(old.identifier) }
            additional[index] = item  // one per kind: the later item takes the earlier one's place
        } else {
            additional.append(item)
        }
        remember(item.identifier)
    }

    /// Records `item` where it belongs: as the primary item if there is none or it has the
    /// primary's identifier, otherwise as an additional item.
    /// - Throws: As ``setPrimary(_:)`` or ``addAdditional(_:)``.
    mutating func record(_ item: ActivityItem) throws {
        if primary == nil || primary?.identifier == item.identifier {
            try setPrimary(item)
        } else {
            try addAdditional(item)
        }
    }

    /// Removes every item, primary included.
    mutating func removeAll() {
        for identifier in sequence.keys { forget(identifier) }
        primary = nil
        additional = []
    }

    /// Restores a stored item without marking it dirty; used when loading.
    mutating func restore(_ item: ActivityItem, isPrimary: Bool, sequence position: Int64) {
        if isPrimary { primary = item } else { additional.append(item) }
        sequence[item.identifier] = position
        nextSequence = max(nextSequence, position + 1)
    }

    /// The item with `identifier`, primary or additional.
    func item(_ identifier: String) -> ActivityItem? {
        primary?.identifier == identifier ? primary : additional.first { $0.identifier == identifier }
    }

    /// Every item, primary first.
    var all: [ActivityItem] { (primary.map { [$0] } ?? []) + additional }

    private mutating func remember(_ identifier: String) {
        if sequence[identifier] == nil {
            sequence[identifier] = nextSequence
            nextSequence += 1
        }
        dirty.insert(identifier)
        removed.remove(identifier)
    }

    private mutating func forget(_ identifier: String) {
        sequence.removeValue(forKey: identifier)
        dirty.remove(identifier)
        removed.insert(identifier)
    }
}
