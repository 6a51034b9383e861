import Foundation
import Testing
import Tracking

/// A ClassKit port whose identifiers hold a slash, a space or an accent moves over: identifiers
/// are opaque, as ClassKit's are, and come back unchanged through a save, a relaunch, a path
/// lookup and the JSON export.
@Suite struct OpaqueIdentifierPortingTests {
    static let path = ["unit/1", "Level 1", "Ünïcødé"]

    @Test func aPathOfOpaqueIdentifiersSurvivesSaveRelaunchAndExport() throws {
        let file = SaveFixture.storePath()
        do {
            let store = try SaveFixture.open(file)
            // ClassKit: mainAppContext.descendant(matchingIdentifierPath:) with the data store's delegate.
            let chain = try store.contextChain(matchingIdentifierPath: Self.path) { identifier, _, _ in
                ContextDraft(title: "Part \(identifier)", type: .level)
            }
            #expect(chain.dropFirst().map(\.identifier) == Self.path)
            let attempt = try #require(chain.last).createNewActivity(student: "ana")
            try attempt.start()
            try attempt.setScore(id: "a/b c", title: "Half", score: 1, maxScore: 2)
            try store.save()
        }
        let store = try SaveFixture.open(file)
        let leaf = try #require(try store.mainContext.descendant(matchingIdentifierPath: Self.path))
        #expect(leaf.identifier == "Ünïcødé")
        #expect(leaf.identifierPath.dropFirst().map { $0 } == Self.path)
        let export = try JSONDecoder().decode(StoreExport.self, from: try store.exportJSON())
        #expect(export.contexts.contains { Array($0.identifierPath.dropFirst()) == Self.path })
        #expect(IdentifierPathText.text(Self.path) == "unit%2F1/Level 1/Ünïcødé")
    }
}
