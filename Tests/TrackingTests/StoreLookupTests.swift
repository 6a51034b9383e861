import Foundation
import Testing
import TrackingTestSupport

@testable import Tracking

@Suite struct StoreLookupTests {
    private func tree(_ store: TrackingStore) throws -> (Context, Context) {
        let game = try store.mainContext.addChild(identifier: "MATH-JAM", title: "Math Jam", type: .game)
        let level = try game.addChild(identifier: "LEVEL-1", title: "Level 1", type: .level)
        return (game, level)
    }

    @Test func lookUpWithOrWithoutRoot() throws {
        let store = try makeStore()
        let (_, level) = try tree(store)
        #expect(try store.context(at: ["MATH-JAM", "LEVEL-1"]) === level)
        #expect(try store.context(at: [rootID, "MATH-JAM", "LEVEL-1"]) === level)
        #expect(try store.context(at: ["MATH-JAM", "NOPE"]) == nil)
        #expect(try store.context(at: []) === store.mainContext)
        #expect(try store.context(at: [rootID]) === store.mainContext)
    }

    @Test func factoryIsAskedForEachMissingContext() throws {
        let store = try makeStore()
        let (game, _) = try tree(store)
        var asked: [(String, [String])] = []
        let found = try store.descendant(at: [rootID, "MATH-JAM", "LEVEL-2", "QUIZ"]) {
            identifier, parent, parentPath in
            asked.append((identifier, parentPath))
            #expect(parent.identifierPath == parentPath)
            return ContextDraft(title: "Made \(identifier)", type: .quiz, topic: .math)
        }
        #expect(asked.map(\.0) == ["LEVEL-2", "QUIZ"])
        #expect(asked.map(\.1) == [[rootID, "MATH-JAM"], [rootID, "MATH-JAM", "LEVEL-2"]])
        #expect(found?.identifierPath == [rootID, "MATH-JAM", "LEVEL-2", "QUIZ"])
        #expect(found?.title == "Made QUIZ" && found?.topic == .math)
        #expect(game.child("LEVEL-2") != nil)
        #expect(try store.runs().isEmpty)  // created contexts were saved automatically
    }

    @Test func factoryReturningNilLeavesThePathIncomplete() throws {
        let store = try makeStore()
        _ = try tree(store)
        let found = try store.descendant(at: ["MATH-JAM", "X", "Y"]) { identifier, _, _ in
            identifier == "X" ? ContextDraft(title: "X", type: .level) : nil
        }
        #expect(found == nil)
        #expect(try store.context(at: ["MATH-JAM", "X"]) != nil)
        let chain = try store.contextChain(matchingIdentifierPath: ["MATH-JAM", "X", "Y"])
        #expect(chain.map(\.identifier) == [rootID, "MATH-JAM", "X"])
        #expect(try store.contextChain(matchingIdentifierPath: []).isEmpty)
    }

    @Test(.enabled(if: TestEngine.isSQLite, "SQLite's own: opens a store file or reads its connection"))
    func removalCascadesToDescendantsAndTheirRuns() throws {
        let path = temporaryStorePath()
        do {
            let store = try TrackingStore(path: path, rootIdentifier: rootID, rootTitle: "EduJam")
            let (game, level) = try tree(store)
            let other = try store.mainContext.addChild(identifier: "OTHER", title: "Other", type: .game)
            let run = try level.createNewActivity(student: "ana")
            try run.start()
            _ = try other.createNewActivity(student: "ana")
            try store.save()
            #expect(try store.runs().count == 2)
            try store.remove(game)
            #expect(try store.context(at: ["MATH-JAM"]) == nil)
            #expect(try store.context(at: ["MATH-JAM", "LEVEL-1"]) == nil)
            #expect(trackingError { try level.createNewActivity(student: "ana") } == .contextRemoved)
            try store.save()
            #expect(try store.runs().map(\.identifierPath) == [[rootID, "OTHER"]])
            #expect(trackingError { try store.remove(store.mainContext) } == .cannotRemoveRoot)
        }
        let reopened = try TrackingStore(path: path, rootIdentifier: rootID, rootTitle: "EduJam")
        #expect(try reopened.context(at: ["MATH-JAM"]) == nil)
        #expect(try reopened.context(at: ["OTHER"]) != nil)
    }

    @Test func queriesByTopicTypeParentTitleKeyword() throws {
        let store = try makeStore()
        let (game, level) = try tree(store)
        game.topic = .math
        level.keywords = ["Fractions", "Grade 5"]
        let reading = try store.mainContext.addChild(identifier: "READ", title: "Reading Room", type: .book)
        reading.topic = .literacyAndWriting
        #expect(store.contexts(matching: .init(topic: .math)).map(\.identifier) == ["MATH-JAM", "LEVEL-1"])
        #expect(store.contexts(matching: .init(type: .book)).map(\.identifier) == ["READ"])
        #expect(store.contexts(matching: .init(parentPath: ["MATH-JAM"])).map(\.identifier) == ["LEVEL-1"])
        #expect(store.contexts(matching: .init(parentPath: [rootID])).map(\.identifier) == ["MATH-JAM", "READ"])
        #expect(store.contexts(matching: .init(title: "Level 1")).map(\.identifier) == ["LEVEL-1"])
        #expect(store.contexts(matching: .init(titleContains: "room")).map(\.identifier) == ["READ"])
        #expect(store.contexts(matching: .init(keyword: "fractions")).map(\.identifier) == ["LEVEL-1"])
        #expect(store.contexts(matching: .init(topic: .math, keyword: "Grade 5")).map(\.identifier) == ["LEVEL-1"])
    }

    /// A catalog search: every word in the context's or an ancestor's identifier, title, summary or
    /// keywords, ignoring case; the main context's own text matches nothing.
    @Test func queriesByWordsLookAtAncestorsButNotTheRoot() throws {
        let store = try makeStore()
        let (game, level) = try tree(store)
        game.summary = "Sums and Differences"
        level.keywords = ["Fractions"]
        #expect(store.contexts(matching: .init(words: ["sums"])).map(\.identifier) == ["MATH-JAM", "LEVEL-1"])
        #expect(store.contexts(matching: .init(words: ["sums", "FRACTIONS"])).map(\.identifier) == ["LEVEL-1"])
        #expect(store.contexts(matching: .init(words: ["level-1", "jam"])).map(\.identifier) == ["LEVEL-1"])
        #expect(store.contexts(matching: .init(words: ["edujam"])).isEmpty)
        #expect(store.contexts(matching: .init(words: ["sums", "reading"])).isEmpty)
    }
}
