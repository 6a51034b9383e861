import Foundation
import Testing
import Tracking

/// The completion time says its unit (minutes, as ClassKit's), and item
/// identifiers stop where ClassKit's do (``Limits/itemIdentifierBytes``), one short of context identifiers.
@Suite struct UnitsAndLimitsTests {
    @Test func suggestedCompletionTimeIsInMinutesThroughSaveReopenAndExport() throws {
        let path = SaveFixture.storePath()
        do {
            let store = try SaveFixture.open(path)
            let game = try store.mainContext.addChild(identifier: "math-jam", title: "Math Jam", type: .game)
            game.suggestedCompletionMinutes = 5...10  // ClassKit: context.suggestedCompletionTime = NSRange(5...10)
            try store.save()
        }
        let store = try SaveFixture.open(path)
        let game = try #require(try store.context(at: ["math-jam"]))
        #expect(game.suggestedCompletionMinutes == 5...10)
        let export = try JSONDecoder().decode(StoreExport.self, from: try store.exportJSON())
        #expect(export.formatVersion == 2, "the key changed meaning, so the format says so")
        let record = try #require(export.contexts.first { $0.identifierPath.last == "math-jam" })
        #expect(record.suggestedCompletionTime == [5, 10], "the Catalog API's key, in its unit: minutes")
    }

    @Test func negativeCompletionMinutesAreRefusedAtSaveNamingTheField() throws {
        let store = try SaveFixture.open(SaveFixture.storePath())
        let game = try store.mainContext.addChild(identifier: "math-jam", title: "Math Jam", type: .game)
        game.suggestedCompletionMinutes = -5...10
        let error = #expect(throws: (any Error).self) { try store.save() }
        #expect(String(describing: error).contains("suggestedCompletionMinutes"))
    }

    @Test func itemIdentifiersStopAt255BytesAsClassKitsDo() throws {
        let store = try SaveFixture.open(SaveFixture.storePath())
        let game = try store.mainContext.addChild(identifier: "math-jam", title: "Math Jam", type: .game)
        let activity = try game.createNewActivity(student: "ana")
        try activity.start()
        let longest = String(repeating: "x", count: 255)
        let tooLong = String(repeating: "x", count: 256)
        try activity.setQuantity(id: longest, title: "Hints", value: 1)
        #expect(
            throws: TrackingError.identifierRefused(what: "item identifier", reason: "is 256 bytes; the most is 255")
        ) {
            try activity.setScore(id: tooLong, title: "Score", score: 1, maxScore: 2)
        }
        #expect(
            throws: TrackingError.identifierRefused(what: "item identifier", reason: "is 256 bytes; the most is 255")
        ) {
            try activity.setPrimaryItem(withIdentifier: tooLong)
        }
        #expect(activity.item(withIdentifier: tooLong) == nil)
        #expect(IdentifierRule.violation(tooLong, of: .item)?.description == "identifier is 256 bytes; the most is 255")
    }

    @Test func contextIdentifiersStillTake256BytesAsClassKitsDo() throws {
        let store = try SaveFixture.open(SaveFixture.storePath())
        let longest = String(repeating: "x", count: 256)
        let game = try store.mainContext.addChild(identifier: longest, title: "Math Jam", type: .game)
        try store.save()
        #expect(game.identifier.utf8.count == 256)
        #expect(IdentifierRule.violation(longest, of: .context) == nil)
        #expect(
            IdentifierRule.violation(longest + "x", of: .context)?.description
                == "identifier is 257 bytes; the most is 256")
    }
}
