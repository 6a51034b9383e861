import Foundation
import Testing
import TrackingTestSupport

@testable import Tracking

@Suite struct ContextTests {
    @Test func mainContextIsTheRoot() throws {
        let store = try makeStore()
        #expect(store.mainContext.identifier == rootID)
        #expect(store.mainContext.type == .app)
        #expect(store.mainContext.identifierPath == [rootID])
        #expect(store.mainContext.parent == nil)
    }

    @Test func childHasPathAndDefaults() throws {
        let store = try makeStore()
        let game = try store.mainContext.addChild(identifier: "MATH-JAM", title: "Math Jam", type: .game)
        let level = try game.addChild(identifier: "LEVEL-1", title: "Level 1", type: .level)
        #expect(level.identifierPath == [rootID, "MATH-JAM", "LEVEL-1"])
        #expect(level.parent === game)
        #expect(level.isAssignable)
        #expect(level.displayOrder == 0)
        #expect(level.progressReportingCapabilities == [.duration])
        #expect(level.suggestedAge == nil)
    }

    @Test func identifiersAreUniqueAmongSiblingsOnly() throws {
        let store = try makeStore()
        let a = try store.mainContext.addChild(identifier: "A", title: "A", type: .game)
        let b = try store.mainContext.addChild(identifier: "B", title: "B", type: .game)
        _ = try a.addChild(identifier: "L1", title: "L1", type: .level)
        _ = try b.addChild(identifier: "L1", title: "L1", type: .level)
        #expect(
            trackingError { try a.addChild(identifier: "L1", title: "again", type: .level) }
                == .duplicateIdentifier("L1"))
    }

    @Test func identifierAndTitleLimits() throws {
        let store = try makeStore()
        let root = store.mainContext
        _ = try root.addChild(
            identifier: String(repeating: "i", count: 256), title: String(repeating: "t", count: 256), type: .game)
        #expect(
            trackingError { try root.addChild(identifier: String(repeating: "i", count: 257), title: "x", type: .game) }
                == .identifierRefused(what: "context identifier", reason: "is 257 bytes; the most is 256"))
        #expect(
            trackingError { try root.addChild(identifier: "x", title: String(repeating: "t", count: 257), type: .game) }
                == .tooLong(TextOverrun(field: "title", count: 257, limit: 256, unit: .characters)))
        #expect(
            trackingError { try root.addChild(identifier: " ", title: "x", type: .game) }
                == .invalidIdentifier("context identifier"))
        #expect(trackingError { try root.addChild(identifier: "y", title: " \n\t", type: .game) } == .blankTitle)
    }

    @Test func propertyLimitsAreCheckedAtSave() throws {
        let store = try makeStore()
        let game = try store.mainContext.addChild(identifier: "G", title: "G", type: .game)
        game.summary = String(repeating: "s", count: 4000)
        try store.save()
        game.summary = String(repeating: "s", count: 4001)
        #expect(
            refusedReason { try store.save() }
                == .tooLong(TextOverrun(field: "summary", count: 4001, limit: 4000, unit: .characters)))
        game.summary = nil
        game.title = "   "
        #expect(refusedReason { try store.save() } == .blankTitle)
        game.title = "G"
        game.suggestedAge = -1...3
        #expect(refusedReason { try store.save() } == .invalidRange(field: "suggestedAge"))
        game.suggestedAge = 6...9
        try store.save()
    }

    @Test func depthIsAtMostEightIncludingTheRoot() throws {
        let store = try makeStore()
        var context = store.mainContext
        for level in 2...8 {
            context = try context.addChild(identifier: "L\(level)", title: "Level \(level)", type: .level)
        }
        #expect(context.depth == 8)
        #expect(
            trackingError { try context.addChild(identifier: "L9", title: "too deep", type: .level) }
                == .depthExceeded(depth: 9))
    }

    @Test func appTypeIsReserved() throws {
        let store = try makeStore()
        #expect(
            trackingError { try store.mainContext.addChild(identifier: "X", title: "X", type: .app) } == .reservedType)
    }

    @Test func topicIsInheritedByDescendantsThatSetNone() throws {
        let store = try makeStore()
        let game = try store.mainContext.addChild(identifier: "G", title: "G", type: .game)
        let level = try game.addChild(identifier: "L", title: "L", type: .level)
        #expect(level.effectiveTopic == nil)
        store.mainContext.topic = .science
        #expect(level.effectiveTopic == .science)
        game.topic = .math
        #expect(level.effectiveTopic == .math)
        level.topic = .artsAndMusic
        #expect(level.effectiveTopic == .artsAndMusic)
        #expect(level.topic == .artsAndMusic && game.topic == .math)
    }

    @Test func unknownTopicThrowsInsteadOfBeingIgnored() throws {
        let store = try makeStore()
        let game = try store.mainContext.addChild(identifier: "G", title: "G", type: .game)
        try game.setTopic(named: "worldLanguage")
        #expect(game.topic == .worldLanguage)
        #expect(trackingError { try game.setTopic(named: "astrology") } == .unknownTopic("astrology"))
        #expect(game.topic == .worldLanguage)
        try game.setTopic(named: "")
        #expect(game.topic == nil)
        #expect(Topic.allCases.count == 8)
        #expect(ContextType.allCases.count == 18)
        #expect(ContextType(name: "custom") == .custom && ContextType.custom.rawValue == 17)
    }

    @Test func capabilitiesReplaceAndAlwaysKeepDuration() throws {
        let store = try makeStore()
        let game = try store.mainContext.addChild(identifier: "G", title: "G", type: .game)
        game.addProgressReportingCapabilities([.init(kind: .score), .init(kind: .binary)])
        #expect(Set(game.progressReportingCapabilities.map(\.kind)) == [.duration, .score, .binary])
        game.progressReportingCapabilities = [.init(kind: .percent, details: "pages read")]
        #expect(game.progressReportingCapabilities == [.duration, .init(kind: .percent, details: "pages read")])
        game.addProgressReportingCapabilities([.init(kind: .duration, details: "ignored")])  // nothing left: no change
        #expect(Set(game.progressReportingCapabilities.map(\.kind)) == [.duration, .percent])
        game.resetProgressReportingCapabilities()
        #expect(game.progressReportingCapabilities == [.duration])
    }

    @Test func oneActiveContextAtATime() throws {
        let store = try makeStore()
        let a = try store.mainContext.addChild(identifier: "A", title: "A", type: .game)
        let b = try store.mainContext.addChild(identifier: "B", title: "B", type: .game)
        try a.becomeActive()
        #expect(store.activeContext === a && a.isActive)
        try b.becomeActive()
        #expect(store.activeContext === b && !a.isActive)
        a.resignActive()  // not active: nothing happens
        #expect(store.activeContext === b)
        b.resignActive()
        #expect(store.activeContext == nil)
    }
}
