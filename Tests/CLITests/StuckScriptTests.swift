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
}
