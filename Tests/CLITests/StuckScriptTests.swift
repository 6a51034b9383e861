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

    /// What the last resort says of a game that did not stop; in a game's own process, it
    /// ends only that process.
    static let didNotStop =
        "chain/game.lua: time limit exceeded (5.0 seconds per call), and the script did not stop within 2.0 seconds more"

    @Test func aCallChainAtTheTopOfOneGameCostsTheCatalogOnlyThatGame() throws {
        let cli = Edujam()
        defer { cli.remove() }
        let result = try cli.run(["catalog", Self.games])
        #expect(result.status == 1, "one broken game fails the listing, the last resort does not end it: \(result.error)")
        #expect(result.output.contains("FINE  Fine"), "\(result.output)")
        #expect(result.output.contains("COLLECTOR  Stuck collector"))
        #expect(result.output.contains("chain  BROKEN"), "\(result.output)")
        #expect(result.output.contains(Self.didNotStop), "\(result.output)")
    }

    @Test func aCallChainInOneGameDoesNotStopPlayingAnother() throws {
        let cli = Edujam()
        defer { cli.remove() }
        // The chain's source mentions FINE, so finding FINE runs it, in a process of its own.
        let result = try cli.run(["play", "FINE", "--games", Self.games, "--student", "ana"])
        #expect(result.status == 0, "\(result.error)")
    }

    @Test func aCallChainInOneGameIsOneErrorOfCheck() throws {
        let cli = Edujam()
        defer { cli.remove() }
        let result = try cli.run(["check", Self.games, "--fuzz-runs", "0", "--no-luacheck"])
        #expect(result.status == 1, "\(result.error)")
        #expect(result.output.contains("stuck/chain/game.lua: error: "), "\(result.output)")
        #expect(result.output.contains(Self.didNotStop), "\(result.output)")
        #expect(result.output.contains("checked 4 games"), "every other game is checked: \(result.output)")
    }

    @Test func aCallChainInOneGameIsOneFailedTest() throws {
        let cli = Edujam()
        defer { cli.remove() }
        let result = try cli.run(["test", Self.games, "--fuzz-runs", "0"])
        #expect(result.status == 1, "\(result.error)")
        #expect(result.output.contains("FAIL  chain  game.lua"), "\(result.output)")
        #expect(result.output.contains(Self.didNotStop), "\(result.output)")
        #expect(result.output.contains("FAIL  sorter"), "the games after it still run: \(result.output)")
    }

    /// The time limit is wall-clock time from the call's start: a busy machine gives the script
    /// less of the processor, not the student a longer wait. Other processes keep every core
    /// busy while the collector game runs, with the games beside it that stop only at their own
    /// limits (the sort, the chain): playing one game runs none of them, so the command still
    /// ends within the limit and the grace, plus slack for starting on a loaded machine.
    @Test func theLastResortKeepsItsTimeOnABusyMachine() throws {
        let load = try (0..<max(2, ProcessInfo.processInfo.activeProcessorCount)).map { _ in
            try Process.run(URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", "while :; do :; done"])
        }
        defer { load.forEach { $0.terminate() } }
        let cli = Edujam()
        defer { cli.remove() }
        let start = ContinuousClock.now
        let result = try cli.run(["play", Self.games + "/collector", "--student", "ana"])
        let elapsed = ContinuousClock.now - start
        #expect(result.status == 124, "\(result.error)")
        #expect(elapsed < .seconds(10), "5 s of time limit and 2 s of grace: \(elapsed)")
    }
}

