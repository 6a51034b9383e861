import Foundation
import Testing
import Tracking

/// ClassKit code ports line by line. Each test is a ClassKit snippet (in the
/// comments, as in Apple's documentation) with its EduJam port below it, through the public API.
@Suite struct ClassKitSpellingTests {
    /// `CLSDataStore.shared.delegate = self` in the app delegate; then asking for a leaf declares
    /// it and its ancestors, through the delegate, and saves them.
    @Test func contextsAreSetUpThroughTheDelegate() throws {
        let path = SaveFixture.storePath()
        let provider = ContextProvider()
        do {
            let store = try SaveFixture.open(path)
            store.delegate = provider  // CLSDataStore.shared.delegate = self
            // let context = try await CLSDataStore.shared.mainAppContext.descendant(matchingIdentifierPath: ["math-jam", "level-1"])
            let context = try #require(
                try store.mainAppContext.descendant(matchingIdentifierPath: ["math-jam", "level-1"]))
            #expect(context.identifierPath == [SaveFixture.root, "math-jam", "level-1"])
            #expect(context.type == .level && context.parent?.type == .game && context.effectiveTopic == .math)
            // A delegate that returns nil leaves the path incomplete.
            #expect(try store.mainAppContext.descendant(matchingIdentifierPath: ["math-jam", "unknown-level"]) == nil)
            withExtendedLifetime(provider) {}  // the store holds its delegate weakly, as ClassKit does
        }
        let reopened = try SaveFixture.open(path)  // no delegate: the contexts were saved by the look-up
        #expect(try reopened.mainAppContext.descendant(matchingIdentifierPath: ["math-jam", "level-1"]) != nil)
        #expect(try reopened.mainAppContext.descendant(matchingIdentifierPath: ["math-jam", "level-2"]) == nil)
    }

    /// `contexts(matchingIdentifierPath:completion:)` and `descendant(matchingIdentifierPath:completion:)`.
    @Test func pathLookupsTakeCompletionHandlers() throws {
        let store = try SaveFixture.open(SaveFixture.storePath())
        let provider = ContextProvider()
        store.delegate = provider
        var found: [Context] = []
        // CLSDataStore.shared.contexts(matchingIdentifierPath: [SaveFixture.root, "math-jam", "level-1"]) { contexts, error in … }
        store.contexts(matchingIdentifierPath: [SaveFixture.root, "math-jam", "level-1"]) { contexts, error in
            #expect(error == nil)
            found = contexts
        }
        #expect(found.map(\.identifier).suffix(2) == ["math-jam", "level-1"])
        var level: Context?
        // CLSDataStore.shared.mainAppContext.descendant(matchingIdentifierPath: ["math-jam", "level-1"]) { context, error in … }
        store.mainAppContext.descendant(matchingIdentifierPath: ["math-jam", "level-1"]) { context, error in
            #expect(error == nil)
            level = context
        }
        #expect(level === found.last)
        var matches: [Context] = []
        store.contexts(matching: ContextQuery(identifier: "level-1")) { contexts, _ in matches = contexts }
        #expect(matches.map(\.identifierPath) == [[SaveFixture.root, "math-jam", "level-1"]])
        withExtendedLifetime(provider) {}
    }

    /// `let child = CLSContext(type:identifier:title:)`, `parent.addChildContext(child)`, `setType(_:)`.
    @Test func childContextsAreAddedAndRetyped() throws {
        let store = try SaveFixture.open(SaveFixture.storePath())
        let game = try store.mainAppContext.addChildContext(type: .game, identifier: "math-jam", title: "Math Jam")
        let quiz = try game.addChildContext(type: .quiz, identifier: "quiz-1", title: "Quiz 1")
        quiz.setType(.exercise)
        try store.save()
        #expect(try store.context(at: ["math-jam", "quiz-1"])?.type == .exercise)
        #expect(quiz.parent === game)
    }

    /// Start an activity, add progress (`addProgressRange(fromStart:toEnd:)`, `progress =`).
    @Test func progressIsAddedWithClassKitsSpelling() throws {
        let store = try SaveFixture.open(SaveFixture.storePath())
        let game = try store.mainAppContext.addChildContext(type: .game, identifier: "math-jam", title: "Math Jam")
        try game.becomeActive()  // context.becomeActive()
        let activity = try game.createNewActivity(student: "ana")  // let activity = context.createNewActivity()
        try activity.start()  // activity.start()
        try activity.addProgressRange(fromStart: 0, toEnd: 0.5)  // activity.addProgressRange(fromStart: 0, toEnd: 0.5)
        #expect(activity.progress == 0.5)
        activity.progress = 0.75  // activity.progress = 0.75
        #expect(activity.progress == 0.75)
        activity.progress = 1.5  // refused, and ignored as ClassKit ignores it
        #expect(activity.progress == 0.75)
        try activity.stop()  // activity.stop()
        activity.progress = 1  // not started: ignored, as in ClassKit
        #expect(activity.progress == 0.75)
        #expect(throws: TrackingError.notStarted) { try activity.addProgressRange(fromStart: 0, toEnd: 1) }
    }

    /// `primaryActivityItem =`, `addAdditionalActivityItem(_:)`, `additionalActivityItems`,
    /// `removeAllActivityItems()`, and the three item initializers; then save with a completion.
    @Test func itemsAreRecordedWithClassKitsSpelling() throws {
        let store = try SaveFixture.open(SaveFixture.storePath())
        let game = try store.mainAppContext.addChildContext(type: .game, identifier: "math-jam", title: "Math Jam")
        let activity = try game.createNewActivity(student: "ana")
        try activity.start()
        // let score = CLSScoreItem(identifier: "score", title: "Score", score: 3, maxScore: 5)
        let score = ActivityItem(identifier: "score", title: "Score", score: 3, maxScore: 5)
        activity.primaryActivityItem = score
        // let hints = CLSQuantityItem(identifier: "hints", title: "Hints"); hints.quantity = 2
        let hints = ActivityItem(identifier: "hints", title: "Hints", quantity: 2)
        try activity.addAdditionalActivityItem(hints)
        // let passed = CLSBinaryItem(identifier: "passed", title: "Passed", type: .passFail); passed.value = true
        let passed = ActivityItem(identifier: "passed", title: "Passed", type: .passFail, value: true)
        try activity.addAdditionalActivityItem(passed)
        #expect(activity.primaryActivityItem == score)
        #expect(activity.additionalActivityItems == [hints, passed])
        activity.primaryActivityItem = ActivityItem(identifier: "time", title: "Time", quantity: 40)
        #expect(activity.primaryActivityItem == score, "the primary's kind is locked once chosen, as in ClassKit")
        try activity.stop()
        var saveError: (any Error)? = TrackingError.notStarted
        store.save { error in saveError = error }  // CLSDataStore.shared.save { error in … }
        #expect(saveError == nil)
        let run = try #require(try store.runs(student: "ana").first)
        #expect(run.primaryItem == "score" && run.items.map(\.identifier) == ["score", "hints", "passed"])
        try activity.start()
        try activity.removeAllActivityItems()
        #expect(activity.primaryActivityItem == nil && activity.additionalActivityItems.isEmpty)
    }

    /// `save(completion:)` hands a failed save's error to the completion, and nothing is lost.
    @Test func saveCompletionReceivesTheError() throws {
        let path = SaveFixture.storePath()
        let store = try SaveFixture.open(path)
        let game = try store.mainAppContext.addChildContext(type: .game, identifier: "math-jam", title: "Math Jam")
        try store.save()
        game.title = "   "
        var saveError: (any Error)?
        store.save { error in saveError = error }
        #expect(saveError != nil)
        game.title = "Math Jam 2"
        store.save { error in saveError = error }
        #expect(saveError == nil)
        #expect(try SaveFixture.open(path).context(at: ["math-jam"])?.title == "Math Jam 2")
    }
}
