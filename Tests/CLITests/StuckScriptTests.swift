import Foundation
import Testing

/// Scripts that run long in C, where no hook fires, cannot hang edujam: a sort is
/// stopped at the time limit like Lua code, and a collector step that nothing can
/// interrupt ends the process a grace period later, with a report and the attempt saved.
@Suite struct StuckScriptTests {
    static let games = "Tests/CLITests/Fixtures/stuck"

    @Test func aCollectorStepThatCannotStopEndsTheProcess() throws {
        let cli = Edujam()
        defer { cli.remove() }
        let start = ContinuousClock.now
        let result = try cli.run(["play", Self.games + "/collector", "--student", "ana"])
        let elapsed = ContinuousClock.now - start
        #expect(result.status == 124)
        #expect(
            result.error.contains(
                "stuck/collector/game.lua: time limit exceeded (5.0 seconds per call), "
                    + "and the script did not stop within 2.0 seconds more; the process was ended"), "\(result.error)")
        #expect(elapsed < .seconds(30), "the time limit is 5 s and the grace 2 s: \(elapsed)")
        let runs = try cli.run(["report", "--json", "--games", Self.games])
        #expect(
            runs.output.contains("\"outcome\" : \"limit\""),
            "the attempt is saved as stopped by a limit: \(runs.output)")
    }

    @Test func aSortAtTheTopOfOneGameDoesNotHangTheCatalog() throws {
        let cli = Edujam()
        defer { cli.remove() }
        let start = ContinuousClock.now
        let result = try cli.run(["catalog", Self.games])
        #expect(ContinuousClock.now - start < .seconds(30))
        #expect(result.status == 1, "a broken game fails the listing's status")
        #expect(result.output.contains("FINE  Fine"))
        #expect(result.output.contains("COLLECTOR  Stuck collector"))
        #expect(
            result.output.contains("sorter/game.lua:6: time limit exceeded (5.0 seconds per call)"), "\(result.output)")
    }

    @Test func aSortAtTheTopOfOneGameDoesNotHangPlayingAnother() throws {
        let cli = Edujam()
        defer { cli.remove() }
        let start = ContinuousClock.now
        let result = try cli.run(["play", "FINE", "--games", Self.games, "--student", "ana"])
        #expect(ContinuousClock.now - start < .seconds(30))
        #expect(result.status == 0, "\(result.error)")
    }

    /// What the chain game gets: the ordinary time limit error, at its line.
    static let chainStopped = "stuck/chain/game.lua:4: time limit exceeded (5.0 seconds per call)"
    /// What the last resort says of the weak-table game, which nothing in its process can stop.
    static let weakDidNotStop =
        "stuck/weak/game.lua: time limit exceeded (5.0 seconds per call), and the script did not stop within 2.0 seconds more"

    @Test func aCallChainGetsTheOrdinaryTimeLimit() throws {
        let cli = Edujam()
        defer { cli.remove() }
        let start = ContinuousClock.now
        let result = try cli.run(["play", Self.games + "/chain", "--student", "ana"])
        let elapsed = ContinuousClock.now - start
        #expect(result.status == 1, "not the last resort's 124: \(result.error)")
        #expect(result.error.contains(Self.chainStopped), "\(result.error)")
        #expect(elapsed < .seconds(7), "stopped in its time limit, not after the grace: \(elapsed)")
    }

    @Test func aGameThatCannotBeStoppedCostsTheCatalogOnlyItself() throws {
        let cli = Edujam()
        defer { cli.remove() }
        let result = try cli.run(["catalog", Self.games])
        #expect(result.status == 1, "broken games fail the listing; the last resort does not end it: \(result.error)")
        #expect(result.output.contains("FINE  Fine"), "\(result.output)")
        #expect(result.output.contains("COLLECTOR  Stuck collector"))
        #expect(result.output.contains("chain  BROKEN"), "\(result.output)")
        #expect(result.output.contains(Self.chainStopped), "\(result.output)")
        #expect(result.output.contains("weak  BROKEN"), "\(result.output)")
        #expect(result.output.contains(Self.weakDidNotStop), "\(result.output)")
    }

    @Test func aGameThatCannotBeStoppedDoesNotStopPlayingAnother() throws {
        let cli = Edujam()
        defer { cli.remove() }
        // The weak game's source mentions FINE, so finding FINE runs it, in a process of its own.
        let result = try cli.run(["play", "FINE", "--games", Self.games, "--student", "ana"])
        #expect(result.status == 0, "\(result.error)")
    }

    @Test func aGameThatCannotBeStoppedIsOneErrorOfCheck() throws {
        let cli = Edujam()
        defer { cli.remove() }
        let result = try cli.run(["check", Self.games, "--fuzz-runs", "0", "--no-luacheck"])
        #expect(result.status == 1, "\(result.error)")
        #expect(result.output.contains("stuck/weak/game.lua: error: "), "\(result.output)")
        #expect(result.output.contains(Self.weakDidNotStop), "\(result.output)")
        #expect(result.output.contains("checked 5 games"), "every other game is checked: \(result.output)")
    }

    @Test func aGameThatCannotBeStoppedIsOneFailedTest() throws {
        let cli = Edujam()
        defer { cli.remove() }
        let result = try cli.run(["test", Self.games, "--fuzz-runs", "0"])
        #expect(result.status == 1, "\(result.error)")
        #expect(result.output.contains("FAIL  weak  game.lua"), "\(result.output)")
        #expect(result.output.contains(Self.weakDidNotStop), "\(result.output)")
        #expect(result.output.contains("FAIL  chain"), "\(result.output)")
        #expect(result.output.contains("FAIL  sorter"), "the games after it still run: \(result.output)")
    }

    /// The time limit is wall-clock time from the call's start: a busy machine gives the script
    /// less of the processor, not the student a longer wait. Other processes keep every core
    /// busy while the collector game runs, with games beside it that stop only at their own
    /// limits (the sort, the chain, the weak table): playing one game runs none of them, so the
    /// command still ends within the limit and the grace, plus slack for a loaded machine.
    @Test func theLastResortKeepsItsTimeOnABusyMachine() throws {
        // SIGKILL: a process started from a test's thread inherits its blocked signals (SIGTERM too).
        let load = try (0..<max(2, ProcessInfo.processInfo.activeProcessorCount)).map { _ in
            try Process.run(URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", "while :; do :; done"])
        }
        defer { for process in load { kill(process.processIdentifier, SIGKILL) } }
        let cli = Edujam()
        defer { cli.remove() }
        let start = ContinuousClock.now
        let result = try cli.run(["play", Self.games + "/collector", "--student", "ana"])
        let elapsed = ContinuousClock.now - start
        #expect(result.status == 124, "\(result.error)")
        #expect(
            result.error.contains("stuck/collector/game.lua: time limit exceeded"), "its own report: \(result.error)")
        #expect(elapsed < .seconds(10), "5 s of time limit and 2 s of grace: \(elapsed)")
    }
}
