import Foundation
import Testing

/// A game that reads its own files (`io.lines`, `dofile`, `loadfile("../data.lua")` from a
/// subfolder), logs with `io.write` and `debug.traceback` and makes objects of a class with
/// `__gc` (`Fixtures/files`) verifies: its published package holds every file it reads, so
/// the replay reads the same bytes.
@Suite struct GameFilesVerifyTests {
    @Test func aGameReadingItsFilesVerifies() throws {
        let cli = Edujam()
        defer { cli.remove() }
        let games = ["--games", "Tests/CLITests/Fixtures/files"]
        let published = try cli.run(["catalog", "--publish"] + games)
        #expect(published.status == 0, "\(published.error)")
        for answer in ["4", "5"] {
            let play = try cli.run(
                ["play", "FILES-JAM", "--student", "ana", "--seed", "2"] + games, input: answer + "\n")
            #expect(play.status == 0, "\(play.error)")
            #expect(play.output.contains("lines: 2\n"), "\(play.output)")
            #expect(play.output.contains("game.lua:17 9"), "\(play.output)")
            #expect(play.output.contains("finalized ") && play.output.contains(" 3000 double 42"), "\(play.output)")
        }
        let verify = try cli.run(["verify", "--student", "ana"] + games)
        #expect(verify.status == 0, "\(verify.output)\(verify.error)")
        #expect(verify.output.hasSuffix("verify: 2 verified\n"), "\(verify.output)")
    }
}
