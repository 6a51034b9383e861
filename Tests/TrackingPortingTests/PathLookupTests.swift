import Testing
import Tracking

/// ClassKit ports unchanged: `contexts(matchingIdentifierPath:)` as Apple documents it.
@Suite struct PathLookupTests {
    @Test func contextsMatchingAPathAreThoseAlongThePathNotTheMainContext() throws {
        let store = try SaveFixture.open(SaveFixture.storePath())
        let level = try SaveFixture.level(store)
        let found = try store.contexts(matchingIdentifierPath: ["GAME", "LEVEL-1"])
        #expect(found.map(\.identifier) == ["GAME", "LEVEL-1"])
        #expect(found.last === level)
        // A deep link carries the bundle id first; the answer is the same.
        let linked = try store.contexts(matchingIdentifierPath: [SaveFixture.root, "GAME", "LEVEL-1"])
        #expect(linked.map(\.identifier) == ["GAME", "LEVEL-1"])
        #expect(try store.contexts(matchingIdentifierPath: []).isEmpty)
    }

    @Test func aMissingContextEndsTheListWithoutAFactory() throws {
        let store = try SaveFixture.open(SaveFixture.storePath())
        _ = try SaveFixture.level(store)
        let found = try store.contexts(matchingIdentifierPath: ["GAME", "NOPE", "DEEPER"])
        #expect(found.map(\.identifier) == ["GAME"])
    }
}

@Suite struct ContextChainTests {
    @Test func theChainStartsAtTheMainContext() throws {
        let store = try SaveFixture.open(SaveFixture.storePath())
        _ = try SaveFixture.level(store)
        let chain = try store.contextChain(matchingIdentifierPath: ["GAME", "LEVEL-1"])
        #expect(chain.map(\.identifier) == [SaveFixture.root, "GAME", "LEVEL-1"])
        #expect(chain.first === store.mainContext)
        #expect(try store.contextChain(matchingIdentifierPath: []).isEmpty)
    }
}
