import Foundation
import Testing

/// `check` and `fuzz` reach the end of multiple-choice games, and `check`'s fuzz is bounded in time.
@Suite struct FuzzCommandTests {
    private static let fixtures = "Tests/PlaytestTests/Fixtures/games"

    @Test func checkFindsTheBugOnAQuizsLastScreen() throws {
        let result = try Edujam().run(["check", "\(Self.fixtures)/choice-jam", "--no-luacheck"])
        #expect(result.status == 1, "\(result.output)\(result.error)")
        #expect(result.output.contains("choice-jam/game.lua:32"), "\(result.output)")
        #expect(
            result.output.contains("with random input (seed") && result.output.contains("above maxScore"),
            "\(result.output)")
    }

    @Test func fuzzSaysHowManyRunsReachedFinish() throws {
        let result = try Edujam().run(["fuzz", "\(Self.fixtures)/choice-jam", "--runs", "100", "--seed", "1"])
        #expect(result.status == 1)  // the last-screen bug
        let line = try #require(
            result.output.split(separator: "\n").first { $0.hasSuffix("reached activity.finish()") })
        let finished = try #require(Int(line.prefix { $0 != " " }))
        #expect(line.contains(" of 100 runs (") && finished >= 60, "\(line)")
    }

    @Test func checksFuzzStopsAtItsTimeBudgetAndSaysSo() throws {
        let started = ContinuousClock.now
        let result = try Edujam().run(["check", "\(Self.fixtures)/slow-jam", "--no-luacheck", "--fuzz-seconds", "2"])
        let elapsed = ContinuousClock.now - started
        #expect(elapsed < .seconds(8), "took \(elapsed)")
        #expect(
            result.status == 1 && result.output.contains("the 40th answer breaks the game"),
            "\(result.output)\(result.error)")
        #expect(result.error.contains("note: slow-jam: the 2 s random-input budget ran out after "), "\(result.error)")
        #expect(result.error.contains(" of 300 runs"), "\(result.error)")
    }

    @Test(arguments: [
        (["check", "\(fixtures)/tiny-jam", "--fuzz-seconds", "0"], "--fuzz-seconds needs 1 to 86400"),
        (
            ["fuzz", "\(fixtures)/tiny-jam", "--runs", "2", "--seed", "9007199254740992"],
            "--seed: the runs' seeds S...S+N-1 must lie within -9007199254740992...9007199254740992"
        ),
    ])
    func outOfRangeOptionsAreUsageErrors(command: [String], message: String) throws {
        let result = try Edujam().run(command)
        #expect(result.status == 64 && result.error.contains(message), "exit \(result.status): \(result.error)")
    }
}
