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

/// `--jobs N` of `fuzz`, `test` and `check`, through the built binary: the same output, in
/// the same order, for any N (but the times it prints), and a clear error for a bad N.
@Suite struct JobsCommandTests {
    private static let manyBugs = "Tests/PlaytestTests/Fixtures/games/many-bugs-jam"

    /// The output with every time (`in 0.52 s (577 runs/s)`, `(0.01 s)`) taken out.
    private func withoutTimes(_ text: String) -> String {
        text.replacingOccurrences(of: #" in \d+\.\d+ s \(\d+ runs/s\)"#, with: "", options: .regularExpression)
            .replacingOccurrences(of: #"\(\d+\.\d+ s\)"#, with: "", options: .regularExpression)
    }

    private func run(_ arguments: [String], jobs: Int) throws -> Edujam.Result {
        var result = try Edujam().run(arguments + ["--jobs", String(jobs)])
        result.output = withoutTimes(result.output)
        return result
    }

    @Test func fuzzFindsTheSameForAnyNumberOfJobs() throws {
        let command = ["fuzz", Self.manyBugs, "--runs", "300", "--seed", "1"]
        let one = try run(command, jobs: 1)
        #expect(one.status == 1, "\(one.output)\(one.error)")
        #expect(one.output.components(separatedBy: "paste into a .play file").count - 1 >= 4, "\(one.output)")
        for jobs in [2, 4] {
            let many = try run(command, jobs: jobs)
            #expect(many.status == one.status && many.output == one.output, "--jobs \(jobs)")
        }
    }

    @Test func testReportsTheSameInTheSameOrder() throws {
        let games = ["many-bugs-jam", "tiny-jam", "broken-jam"].map { "Tests/PlaytestTests/Fixtures/games/" + $0 }
        let command = ["test"] + games + ["--fuzz-runs", "30"]
        let one = try run(command, jobs: 1)
        #expect(one.status == 1 && one.output.contains("FAIL  many-bugs-jam  first.play: a hint breaks it"))
        #expect(one.output.contains("FAIL  many-bugs-jam  second.play: wrong expectation"), "\(one.output)")
        let four = try run(command, jobs: 4)
        #expect(four.status == one.status && four.output == one.output)
    }

    @Test func checkFindsTheSameInTheSameOrder() throws {
        let command = ["check", Self.manyBugs, "Tests/PlaytestTests/Fixtures/games/tiny-jam", "--no-luacheck"]
        let one = try run(command + ["--fuzz-runs", "200"], jobs: 1)
        #expect(one.status == 1 && one.output.components(separatedBy: "with random input (seed").count - 1 >= 4)
        let four = try run(command + ["--fuzz-runs", "200"], jobs: 4)
        #expect(four.status == one.status && four.output == one.output && four.error == one.error)
    }

    @Test(arguments: ["0", "-1", "many", "100000"])
    func aBadJobsCountIsAUsageError(jobs: String) throws {
        for command in [["fuzz", Self.manyBugs], ["test", Self.manyBugs], ["check", Self.manyBugs]] {
            let result = try Edujam().run(command + ["--jobs", jobs])
            #expect(result.status == 64, "\(command[0]) --jobs \(jobs): exit \(result.status)")
            #expect(result.error.contains("--jobs needs"), "\(result.error)")
            #expect(result.output.isEmpty)
        }
    }
}
