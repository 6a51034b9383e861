import Foundation
import Testing

/// A seed replays a whole run in any process: `pairs` order over string keys, the addresses
/// `tostring` and `%p` show (Lua 5.4 seeds its string hash from the time and from addresses;
/// EduJam from the run's seed, docs/sandbox.md).
@Suite struct SeedReplayTests {
    static let game = "Tests/CLITests/Fixtures/replay"

    @Test func theSameSeedPrintsTheSameRunInFreshProcesses() throws {
        let cli = Edujam()
        defer { cli.remove() }
        var outputs: Set<String> = []
        for _ in 0..<4 {
            let result = try cli.run(["play", Self.game, "--seed", "7"])
            #expect(result.status == 0, "\(result.error)")
            // The clock line reads the real clock (play is a student's run): everything else must match.
            outputs.insert(
                result.output.split(separator: "\n").filter { !$0.hasPrefix("Started:") }.joined(separator: "\n"))
        }
        #expect(outputs.count == 1, "\(outputs)")
        #expect(
            outputs.first?.contains("Order: Kenya France Egypt Chile Ghana Italy Cuba Peru Norway Nepal Japan Spain")
                == true)
        #expect(outputs.first?.contains("Board: table: 0x5563cbe1e040 0x5563cbe1e080") == true)
        let other = try cli.run(["play", Self.game, "--seed", "0"])
        #expect(!other.output.contains("Order: Kenya France Egypt"), "another seed, another order")
    }

    @Test func aTranscriptOfPairsOrderPassesEveryTime() throws {
        for run in 1...20 {
            let result = try Edujam().run(["test", Self.game, "--jobs", "1"])
            #expect(result.status == 0, "run \(run): \(result.output)\(result.error)")
            guard result.status == 0 else { return }
        }
    }
}
