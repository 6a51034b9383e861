/// An activity's items: one primary and the additional ones, with what changed since the last save.
///
/// Rules (ClassKit plus the Livefront observation):
/// - Identifiers are unique within the activity, and an identifier keeps its kind.
/// - The primary item is chosen explicitly (``setPrimary(_:)``, ``namePrimary(_:)``), as in
///   ClassKit. Until then the first item recorded is primary by default; an explicit choice
///   replaces that default whatever its kind.
/// - The kind lock holds only between explicit choices: once an item was chosen, a later choice
///   must have its kind.
/// - A replaced primary stays as an additional item; additional items keep one item per kind.
///
/// The items come here valid: ``Activity`` checks each one (``ActivityItem/validate()``) at its
/// door, or takes the word of the runtime, which checked every argument as it read it. An
/// attempt holds at most ``Limits/itemsPerAttempt`` items, so an item is found by comparing
/// identifiers, not by hashing them: a game records an item on every answer.
struct ItemSet {
    private(set) var primary: ActivityItem?
    private(set) var additional: [ActivityItem] = []
    /// Whether ``primary`` was chosen explicitly; false while it is only the first item recorded.
    private(set) var primaryIsChosen = false
    /// An identifier named primary before any item had it: it becomes primary when recorded.
    private(set) var namedPrimary: String?
    /// Insertion order, stored so reports list items as they were added: its keys are the
    /// identifiers held, primary and additional.
    private(set) var sequence: [String: Int64] = [:]
    private var nextSequence: Int64 = 1
    /// Identifiers to upsert at the next save, in the order changed: as few as the items, so a
    /// scan finds one faster than hashing it would.
    private var changed: [String] = []
    /// Identifiers to delete at the next save.
    private(set) var removed: Set<String> = []

    /// Identifiers to upsert at the next save.
    var dirty: Set<String> { Set(changed) }

    /// An empty set.
    init() {}

    /// The items of a saved attempt, nothing dirty. The saved primary comes back as the default
    /// primary, not a choice: the kind lock is not stored, so a relaunch starts without it.
    /// - Parameters:
    ///   - items: Every item with its sequence number.
    ///   - primary: The primary item's identifier, if any.
    init(restoring items: [(item: ActivityItem, sequence: Int64)], primary: String?) {
        for (item, number) in items.sorted(by: { $0.sequence < $1.sequence }) {
            if item.identifier == primary { self.primary = item } else { additional.append(item) }
            sequence[item.identifier] = number
        }
        nextSequence = (sequence.values.max() ?? 0) + 1
    }

    /// Forgets what changed: the last save wrote it.
    mutating func markSaved() {
        changed = []
        removed = []
    }

    /// Chooses `item` as the primary item, replacing the default or an earlier choice.
    /// - Throws: ``TrackingError/primaryKindLocked(existing:attempted:)`` when an item was chosen
    ///   before and had another kind; ``TrackingError/duplicateItemIdentifier(_:)`` when an item
    ///   of another kind already uses the identifier.
    mutating func setPrimary(_ item: ActivityItem) throws {
        try checkLock(item.kind)
        try checkKind(item)
        let isNew = self.item(item.identifier) == nil
        namedPrimary = nil  // the latest choice wins
        additional.removeAll { $0.identifier == item.identifier }  // promoted: keeps its place in the sequence
        if let current = primary, current.identifier != item.identifier { demote(current) }
        primary = item
        primaryIsChosen = true
        remember(item.identifier, isNew: isNew)
    }

    /// Names the item with `identifier` primary: at once if there is one, else when it is recorded.
    /// Until then the current primary stays.
    /// - Throws: As ``setPrimary(_:)`` for an existing item;
    ///   ``TrackingError/primaryItemMissing(_:lockedKind:)`` when there is no such item and an
    ///   item was chosen before, since its kind could only be checked later, at another call.
    mutating func namePrimary(_ identifier: String) throws {
        if let existing = item(identifier) {
            try setPrimary(existing)
        } else if primaryIsChosen, let current = primary {
            throw TrackingError.primaryItemMissing(identifier, lockedKind: current.kind)
        } else {
            namedPrimary = identifier
        }
    }

    /// Adds an additional item, replacing the earlier additional item of the same kind.
    /// - Throws: ``TrackingError/duplicateItemIdentifier(_:)`` when the primary item, or an
    ///   additional item of another kind, already uses the identifier.
    mutating func addAdditional(_ item: ActivityItem) throws {
        if primary?.identifier == item.identifier { throw TrackingError.duplicateItemIdentifier(item.identifier) }
        let index = additional.firstIndex(where: { $0.kind == item.kind })
        // The additional item of this kind set again under its identifier (as a game does on
        // every answer): identifiers are unique here, so it is the item `checkKind` would find
        // and pass. Any other identifier is checked before anything changes.
        let isNew = index.map { additional[$0].identifier != item.identifier } ?? true
        if isNew { try checkKind(item) }  // past it, an item with this identifier is the additional one of its kind
        if let index {
            if isNew { forget(additional[index].identifier) }
            additional[index] = item  // one per kind: the later item takes the earlier one's place
        } else {
            additional.append(item)
        }
        remember(item.identifier, isNew: isNew)
    }

    /// Records `item` where it belongs: as the primary item if it was named primary, has the
    /// primary's identifier, or is the first item (the default); otherwise as an additional item.
    /// - Throws: As ``setPrimary(_:)`` or ``addAdditional(_:)``.
    mutating func record(_ item: ActivityItem) throws {
        if item.identifier == namedPrimary {
            try setPrimary(item)
        } else if let current = primary, item.identifier == current.identifier {
            // The primary set again (a game's score on every answer): only its kind to check,
            // not a lookup of the identifier that finds the primary again.
            if current.kind != item.kind { try checkKind(item) }  // another kind: throws as before
            primary = item
            remember(item.identifier, isNew: false)
        } else if primary == nil, self.item(item.identifier) == nil {
            primary = item  // the default until a choice: not chosen, so not locked
            remember(item.identifier, isNew: true)
        } else {
            try addAdditional(item)
        }
    }

    /// Removes every item, primary included, and forgets the choice and its lock.
    mutating func removeAll() {
        for identifier in sequence.keys { forget(identifier) }
        primary = nil
        additional = []
        primaryIsChosen = false
        namedPrimary = nil
    }

    /// The item with `identifier`, primary or additional.
    func item(_ identifier: String) -> ActivityItem? {
        primary?.identifier == identifier ? primary : additional.first { $0.identifier == identifier }
    }

    /// Every item, primary first.
    var all: [ActivityItem] { (primary.map { [$0] } ?? []) + additional }

    /// Throws unless `kind` may be chosen: a chosen primary locks its kind (ClassKit).
    private func checkLock(_ kind: ItemKind) throws {
        if primaryIsChosen, let current = primary, current.kind != kind {
            throw TrackingError.primaryKindLocked(existing: current.kind, attempted: kind)
        }
    }

    /// Throws if another item already uses `item`'s identifier with another kind.
    private func checkKind(_ item: ActivityItem) throws {
        guard let existing = self.item(item.identifier), existing.kind != item.kind else { return }
        if existing.identifier == primary?.identifier { try checkLock(item.kind) }
        throw TrackingError.duplicateItemIdentifier(item.identifier)
    }

    /// Moves a replaced primary among the additional items. If its kind's place is taken, the
    /// item first recorded later keeps it, as when it is added.
    private mutating func demote(_ item: ActivityItem) {
        guard let index = additional.firstIndex(where: { $0.kind == item.kind }) else {
            additional.append(item)
            return
        }
        let other = additional[index]
        if (sequence[item.identifier] ?? 0) > (sequence[other.identifier] ?? 0) {
            forget(other.identifier)
            additional[index] = item
        } else {
            forget(item.identifier)
        }
    }

    /// Marks `identifier` changed, and gives it the next place in the sequence when the set did
    /// not hold it before (`isNew`, which the caller knows from the comparisons it made): an item
    /// set again hashes nothing.
    private mutating func remember(_ identifier: String, isNew: Bool) {
        if isNew {
            sequence[identifier] = nextSequence
            nextSequence += 1
        }
        if !changed.contains(identifier) { changed.append(identifier) }
        // Hashing the identifier is most of a removal; a run's sets of removed items are empty.
        if !removed.isEmpty { removed.remove(identifier) }
    }

    private mutating func forget(_ identifier: String) {
        sequence.removeValue(forKey: identifier)
        changed.removeAll { $0 == identifier }
        removed.insert(identifier)
    }
}
