import Foundation
import Testing
import TrackingTestSupport

@testable import Tracking

@Suite struct ItemTests {
    @Test func firstItemBecomesPrimaryOthersAreAdditional() throws {
        let (_, run) = try startedActivity()
        try run.setScore(id: "score", title: "Score", score: 3, maxScore: 5)
        try run.setQuantity(id: "hints", title: "Hints", value: 2)
        try run.setBinary(id: "passed", title: "Passed", value: true, valueType: .passFail)
        #expect(run.primaryItem?.identifier == "score")
        #expect(run.additionalItems.map(\.identifier) == ["hints", "passed"])
        try run.setScore(id: "score", title: "Score", score: 4, maxScore: 5)  // same id updates the primary
        #expect(run.primaryItem?.value == .score(4, maxScore: 5))
    }

    @Test func primaryCanBeDesignatedExplicitly() throws {
        let (_, run) = try startedActivity()
        try run.addAdditionalItem(ActivityItem(identifier: "hints", title: "Hints", value: .quantity(1)))
        #expect(run.primaryItem == nil)
        try run.setPrimaryItem(ActivityItem(identifier: "ok", title: "Solved", value: .binary(true, .correctIncorrect)))
        #expect(run.primaryItem?.identifier == "ok")
    }

    @Test func primaryKindIsLockedBetweenChoices() throws {
        let (_, run) = try startedActivity()
        try run.setScore(id: "score", title: "Score", score: 1, maxScore: 2)  // the default: not locked
        try run.setPrimaryItem(ActivityItem(identifier: "q", title: "Q", value: .quantity(1)))
        #expect(run.primaryItem?.identifier == "q")
        #expect(
            trackingError {
                try run.setPrimaryItem(ActivityItem(identifier: "s2", title: "S", value: .score(1, maxScore: 2)))
            }
                == .primaryKindLocked(existing: .quantity, attempted: .score))
        #expect(
            trackingError { try run.setPrimaryItem(withIdentifier: "score") }
                == .primaryKindLocked(existing: .quantity, attempted: .score))
        #expect(
            trackingError { try run.setScore(id: "q", title: "Q", score: 1, maxScore: 2) }
                == .primaryKindLocked(existing: .quantity, attempted: .score))
        #expect(
            trackingError { try run.setPrimaryItem(withIdentifier: "later") }
                == .primaryItemMissing("later", lockedKind: .quantity))
        // same kind: fine
        try run.setPrimaryItem(ActivityItem(identifier: "final", title: "Final", value: .quantity(2)))
        #expect(run.primaryItem?.identifier == "final")
        #expect(run.additionalItems.map(\.identifier) == ["score", "q"])
    }

    /// ClassKit has no implicit primary: the first item is only a default, and an explicit
    /// choice replaces it whatever its kind. The default stays, as an additional item.
    @Test func choiceReplacesTheDefaultWhateverItsKind() throws {
        let (store, run) = try startedActivity()
        try run.setQuantity(id: "streak", title: "Streak", value: 3)
        try run.setScore(id: "correct", title: "Correct", score: 7, maxScore: 10)
        #expect(run.primaryItem?.identifier == "streak")
        try run.setPrimaryItem(withIdentifier: "correct")
        #expect(run.primaryItem?.identifier == "correct")
        #expect(run.additionalItems.map(\.identifier) == ["streak"])
        try store.save()
        let record = try #require(try store.runs().first)
        #expect(record.primaryItem == "correct" && record.items.map(\.identifier) == ["streak", "correct"])
    }

    @Test func itemNamedBeforeItIsSetBecomesPrimaryWhenSet() throws {
        let (_, run) = try startedActivity()
        try run.setQuantity(id: "streak", title: "Streak", value: 3)
        try run.setPrimaryItem(withIdentifier: "correct")
        #expect(run.primaryItem?.identifier == "streak", "the default stays until the named item is set")
        try run.setBinary(id: "passed", title: "Passed", value: true, valueType: .passFail)
        try run.setScore(id: "correct", title: "Correct", score: 7, maxScore: 10)
        #expect(run.primaryItem?.identifier == "correct")
        #expect(run.additionalItems.map(\.identifier) == ["passed", "streak"])
        try run.setQuantity(id: "streak", title: "Streak", value: 4)  // still an ordinary item
        #expect(run.primaryItem?.identifier == "correct" && run.item(withIdentifier: "streak")?.value == .quantity(4))
    }

    @Test func defaultPrimaryKeepsItsKind() throws {
        let (_, run) = try startedActivity()
        try run.setQuantity(id: "x", title: "X", value: 1)
        #expect(
            trackingError { try run.setScore(id: "x", title: "X", score: 1, maxScore: 2) }
                == .duplicateItemIdentifier("x"))
        #expect(run.primaryItem?.value == .quantity(1))
    }

    /// A replaced primary joins the additional items; if its kind's place is taken, the item
    /// first set later keeps it, as when items are added.
    @Test func replacedPrimaryFollowsOnePerKind() throws {
        let (store, run) = try startedActivity()
        try run.setQuantity(id: "a", title: "A", value: 1)
        try run.setQuantity(id: "b", title: "B", value: 2)
        try run.setScore(id: "c", title: "C", score: 1, maxScore: 2)
        try run.setPrimaryItem(withIdentifier: "c")
        #expect(run.primaryItem?.identifier == "c" && run.additionalItems.map(\.identifier) == ["b"])
        try store.save()
        #expect(try store.runs().first?.items.map(\.identifier) == ["b", "c"])
    }

    @Test func additionalItemsKeepOnePerKind() throws {
        let (store, run) = try startedActivity()
        try run.setScore(id: "score", title: "Score", score: 1, maxScore: 2)
        try run.setQuantity(id: "hints", title: "Hints", value: 1)
        try run.setBinary(id: "b", title: "B", value: false, valueType: .yesNo)
        try run.setQuantity(id: "errors", title: "Errors", value: 4)  // replaces "hints"
        #expect(run.additionalItems.map(\.identifier) == ["errors", "b"])
        try store.save()
        try run.setQuantity(id: "retries", title: "Retries", value: 2)  // replaces an already saved one
        try store.save()
        let record = try #require(try store.runs().first)
        #expect(record.items.map(\.identifier) == ["score", "b", "retries"])
    }

    /// An item replaced by another of its kind is deleted at the next save, unless it comes back
    /// first: recording it again takes it off the deletions (which a run with none skips).
    @Test func replacedItemRecordedAgainIsSavedNotDeleted() throws {
        let (store, run) = try startedActivity()
        try run.setScore(id: "score", title: "Score", score: 1, maxScore: 2)
        try run.setQuantity(id: "hints", title: "Hints", value: 1)
        try store.save()
        try run.setQuantity(id: "errors", title: "Errors", value: 4)  // replaces "hints": to delete
        try run.setQuantity(id: "hints", title: "Hints", value: 3)  // back: replaces "errors"
        try store.save()
        let record = try #require(try store.runs().first)
        #expect(record.items.map(\.identifier) == ["score", "hints"])
        #expect(record.items.last?.value == .number(3))
    }

    /// An item set again under its identifier with its kind (a game's score and count on every
    /// answer) takes its new value and title in place, primary or additional, and is saved.
    @Test func itemSetAgainKeepsItsPlace() throws {
        let (store, run) = try startedActivity()
        try run.setQuantity(id: "score", title: "Score", value: 0)
        try run.setScore(id: "correct", title: "Correct", score: 0, maxScore: 1)
        try run.setBinary(id: "passed", title: "Passed", value: false, valueType: .passFail)
        try store.save()
        try run.setQuantity(id: "score", title: "Score", value: 10)
        try run.setScore(id: "correct", title: "Correct answers", score: 1, maxScore: 1)
        try run.setScore(id: "correct", title: "Correct answers", score: 2, maxScore: 2)
        #expect(run.primaryItem?.value == .quantity(10))
        #expect(run.additionalItems.map(\.identifier) == ["correct", "passed"])
        #expect(run.item(withIdentifier: "correct")?.value == .score(2, maxScore: 2))
        #expect(
            trackingError { try run.setBinary(id: "correct", title: "C", value: true, valueType: .yesNo) }
                == .duplicateItemIdentifier("correct"))
        #expect(
            trackingError { try run.setScore(id: "score", title: "S", score: 1, maxScore: 2) }
                == .duplicateItemIdentifier("score"))
        try store.save()
        let record = try #require(try store.runs().first)
        #expect(record.items.map(\.identifier) == ["score", "correct", "passed"])
        #expect(record.items.map(\.title) == ["Score", "Correct answers", "Passed"])
        #expect(record.items.first?.value == .number(10))
    }

    @Test func identifiersAreUniqueWithinAnActivity() throws {
        let (_, run) = try startedActivity()
        try run.setScore(id: "x", title: "X", score: 1, maxScore: 2)
        #expect(
            trackingError { try run.addAdditionalItem(ActivityItem(identifier: "x", title: "X", value: .quantity(1))) }
                == .duplicateItemIdentifier("x"))
        try run.setQuantity(id: "y", title: "Y", value: 1)
        #expect(
            trackingError { try run.setBinary(id: "y", title: "Y", value: true, valueType: .trueFalse) }
                == .duplicateItemIdentifier("y"))
    }

    @Test func scoresAndNumbersAreValidated() throws {
        let (_, run) = try startedActivity()
        #expect(
            trackingError { try run.setScore(id: "s", title: "S", score: 1, maxScore: 0) }
                == .invalidScore(score: 1, maxScore: 0))
        #expect(
            trackingError { try run.setScore(id: "s", title: "S", score: 3, maxScore: 2) }
                == .invalidScore(score: 3, maxScore: 2))
        #expect(
            trackingError { try run.setScore(id: "s", title: "S", score: -1, maxScore: 2) }
                == .invalidScore(score: -1, maxScore: 2))
        #expect(
            trackingError { try run.setScore(id: "s", title: "S", score: .nan, maxScore: 2) }
                == .nonFinite(field: "score"))
        #expect(
            trackingError { try run.setQuantity(id: "q", title: "Q", value: .infinity) }
                == .nonFinite(field: "quantity"))
        #expect(
            trackingError { try run.setQuantity(id: String(repeating: "q", count: 256), title: "Q", value: 1) }
                == .identifierRefused(what: "item identifier", reason: "is 256 bytes; the most is 255"))
        #expect(trackingError { try run.setQuantity(id: "q", title: "", value: 1) } == .blankTitle)
        #expect(
            trackingError { try run.setQuantity(id: "q", title: String(repeating: "t", count: 257), value: 1) }
                == .tooLong(TextOverrun(field: "title", count: 257, limit: 256, unit: .characters)))
        #expect(run.primaryItem == nil)
        try run.setScore(id: "s", title: "S", score: 0, maxScore: 2)
        try run.setScore(id: "s", title: "S", score: 2, maxScore: 2)
    }

    @Test func removeAllItemsClearsPrimaryAndKind() throws {
        let (store, run) = try startedActivity()
        try run.setScore(id: "s", title: "S", score: 1, maxScore: 2)
        try run.setQuantity(id: "q", title: "Q", value: 1)
        try store.save()
        try run.removeAllItems()
        try run.setQuantity(id: "q2", title: "Q2", value: 3)  // a new primary of another kind is allowed
        try store.save()
        let record = try #require(try store.runs().first)
        #expect(record.primaryItem == "q2" && record.items.map(\.identifier) == ["q2"])
    }
}
