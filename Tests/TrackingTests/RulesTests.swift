import Testing
import TrackingTestSupport

@testable import Tracking

/// Tracking owns the rules for identifiers, scores and progress; the runtime asks them and only
/// words the reason as Lua's "bad argument" (RuntimeTests/ActivityAPITests).
@Suite struct RulesTests {
    /// 200 characters but 400 bytes: within a 256-character cap, over the 256-byte one.
    static let accented = String(repeating: "é", count: 200)

    @Test func identifiersAreCappedInBytesForContextsAndItems() throws {
        #expect(
            IdentifierRule.violation(Self.accented, of: .context)?.description
                == "identifier is 400 bytes; the most is 256")
        let store = try makeStore()
        #expect(
            trackingError { try store.mainContext.addChild(identifier: Self.accented, title: "x", type: .game) }
                == .identifierRefused(what: "context identifier", reason: "is 400 bytes; the most is 256"))
        let (_, run) = try startedActivity()
        #expect(
            trackingError { try run.setQuantity(id: Self.accented, title: "Q", value: 1) }
                == .identifierRefused(what: "item identifier", reason: "is 400 bytes; the most is 255"))
    }

    /// Identifiers are opaque, as in ClassKit: slashes, spaces and accents are taken; controls
    /// and blanks are not.
    @Test func identifiersAreOpaqueButForControls() throws {
        let store = try makeStore()
        let root = store.mainContext
        for id in ["unit/1", "Level 1", "Ünïcødé", "MATH\u{00A0}JAM", "100%"] {
            let child = try root.addChild(identifier: id, title: "x", type: .game)
            #expect(root.child(id) === child)
        }
        try store.save()
        let stored = try Set(storeSQL(store, "SELECT identifier FROM contexts").compactMap { $0 })
        #expect(
            stored.isSuperset(of: ["unit/1", "Level 1", "Ünïcødé", "MATH\u{00A0}JAM", "100%"]),
            "the store's checks agree")
        #expect(
            trackingError { try root.addChild(identifier: "MATH\u{1B}JAM", title: "x", type: .game) }
                == .identifierRefused(what: "context identifier", reason: "must not contain control characters"))
        #expect(trackingError { try root.addChild(identifier: " \u{3000}", title: "x", type: .game) } != nil)
        #expect(IdentifierRule.violation("LEVEL-1", of: .context) == nil)
        #expect(
            IdentifierRule.violation("", of: .item) == RuleViolation(field: "identifier", reason: "must not be empty"))
    }

    @Test func scoreReasonsNameTheValueAtFault() {
        #expect(
            ScoreRule.violation(score: 1, maxScore: 0)
                == RuleViolation(field: "maxScore", reason: "must be above 0, got 0"))
        #expect(
            ScoreRule.violation(score: -1, maxScore: 2)
                == RuleViolation(field: "score", reason: "must not be negative, got -1"))
        #expect(ScoreRule.violation(score: 2.5, maxScore: 2)?.description == "score 2.5 is above maxScore 2")
        #expect(ScoreRule.violation(score: 0, maxScore: 2) == nil)
        #expect(ScoreRule.violation(score: 2, maxScore: 2) == nil)
    }

    @Test func progressReasons() {
        #expect(ProgressRule.violation(1.5)?.description == "progress must be within 0..1, got 1.5")
        #expect(ProgressRule.violation(.nan) != nil)
        #expect(ProgressRule.violation(start: 0.5, end: 0.25)?.description == "range must not end before it starts")
        #expect(ProgressRule.violation(start: 0, end: 1) == nil)
    }
}
