import Testing
import TrackingTestSupport

@testable import Tracking

/// Stored text is capped in characters (grapheme clusters) AND in UTF-8 bytes: neither bounds the other.
@Suite struct TextLimitTests {
    /// One letter carrying 2,000 combining acute accents: one character, 4,001 bytes.
    static let stackedMarks = "a" + String(repeating: "\u{301}", count: 2000)
    /// 200 thumbs with a skin tone: 200 characters (under 256), 1,600 bytes (over 1,024).
    static let toned = String(repeating: "👍🏽", count: 200)

    static func overBytes(_ field: String, _ count: Int, _ limit: Int) -> TrackingError {
        .tooLong(TextOverrun(field: field, count: count, limit: limit, unit: .bytes))
    }

    @Test func contextTitlesAreCappedInBytesAsWellAsCharacters() throws {
        let store = try makeStore()
        let root = store.mainContext
        #expect(Self.stackedMarks.count == 1)
        #expect(
            trackingError { try root.addChild(identifier: "A", title: Self.stackedMarks, type: .game) }
                == Self.overBytes("title", 4001, 1024))
        #expect(Self.toned.count == 200)
        #expect(
            trackingError { try root.addChild(identifier: "B", title: Self.toned, type: .game) }
                == Self.overBytes("title", 1600, 1024))
        let full = String(repeating: "👍", count: 256)  // 256 characters, 1,024 bytes: both caps exactly
        #expect(try root.addChild(identifier: "C", title: full, type: .game).title == full)
    }

    @Test func itemTitlesFollowTheSameRule() throws {
        let (_, run) = try startedActivity()
        #expect(
            trackingError { try run.setQuantity(id: "q", title: Self.stackedMarks, value: 1) }
                == Self.overBytes("title", 4001, 1024))
        #expect(
            trackingError { try run.setScore(id: "s", title: Self.toned, score: 1, maxScore: 2) }
                == Self.overBytes("title", 1600, 1024))
        #expect(run.item(withIdentifier: "q") == nil && run.item(withIdentifier: "s") == nil)
    }

    @Test func summariesAndKeywordsAreCappedAtSave() throws {
        let store = try makeStore()
        let game = try store.mainContext.addChild(identifier: "G", title: "G", type: .game)
        game.summary = String(repeating: "👍🏽", count: 2001)  // 2,001 characters, 16,008 bytes
        #expect(refusedReason { try store.save() } == Self.overBytes("summary", 16_008, 16_000))
        game.summary = "Sums."
        game.keywords = ["addition", "a" + String(repeating: "\u{301}", count: 200)]
        #expect(refusedReason { try store.save() } == Self.overBytes("keyword", 401, 256))
        game.keywords = [String(repeating: "k", count: 65)]
        #expect(
            refusedReason { try store.save() }
                == .tooLong(TextOverrun(field: "keyword", count: 65, limit: 64, unit: .characters)))
        game.keywords = (1...33).map { "k\($0)" }
        #expect(refusedReason { try store.save() } == .tooManyKeywords(count: 33))
        game.keywords = (1...32).map { "k\($0)" }
        try store.save()
    }

    @Test func theReasonReadsAsAFieldMessage() {
        #expect(Limits.title.overrun(Self.toned)?.description == "title is 1600 bytes; the most is 1024")
        #expect(
            Limits.title.overrun(String(repeating: "t", count: 257))?.reason == "is 257 characters; the most is 256")
        #expect(Limits.title.overrun("Math Jam") == nil)
    }
}
