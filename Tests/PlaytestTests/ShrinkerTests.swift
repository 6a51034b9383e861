import Runtime
import Testing

@testable import Playtest

@Suite struct ShrinkerTests {
    private func replies(_ texts: [String]) -> [Reply] { texts.map { Reply($0, thinking: 3) } }

    @Test func removesEverythingThatDoesNotMatter() {
        let input = replies(["1", "abc", "", "2", "🙂", "crash", "4", "5"])
        let shrunk = Shrinker.shrink(input) { $0.contains { $0.text.contains("crash") } }
        #expect(shrunk.map(\.text) == ["crash"])
        #expect(shrunk[0].thinking == 1)  // thinking goes back to the default when it does not matter
    }

    @Test func keepsOrderThatMatters() {
        // Fails only when "a" comes before "b", with anything between.
        let fails = { (r: [Reply]) -> Bool in
            guard let a = r.firstIndex(where: { $0.text == "a" }), let b = r.lastIndex(where: { $0.text == "b" }) else {
                return false
            }
            return a < b
        }
        let shrunk = Shrinker.shrink(replies(["x", "a", "y", "z", "b", "w"]), fails: fails)
        #expect(shrunk.map(\.text) == ["a", "b"])
    }

    @Test func simplifiesLongLines() {
        let long = String(repeating: "9", count: 5000)
        let shrunk = Shrinker.shrink(replies(["hello", long])) { $0.contains { $0.text.count > 9 } }
        #expect(shrunk.count == 1 && shrunk[0].text.count == 10)
    }

    @Test func keepsThinkingWhenItMatters() {
        let shrunk = Shrinker.shrink(replies(["a", "b"])) { $0.contains { $0.thinking >= 3 } }
        #expect(shrunk.count == 1 && shrunk[0].thinking == 3 && shrunk[0].text == "")
    }

    @Test func respectsTheBudget() {
        var calls = 0
        _ = Shrinker.shrink(replies((0..<200).map(String.init)), budget: 50) { _ in
            calls += 1
            return true
        }
        #expect(calls <= 50)
    }
}
