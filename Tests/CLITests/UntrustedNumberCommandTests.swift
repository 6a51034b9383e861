import Foundation
import Testing

/// Numbers from bots, drivers and games (hostile input) reach no Swift trap and no infinite report.
@Suite struct UntrustedNumberCommandTests {
    private static let numbers = "Tests/CLITests/Fixtures/numbers"

    /// A game folder holding tiny-jam and the given bot files, in a fresh temporary folder.
    private func gameWithBots(_ bots: [String: String]) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bots-\(UUID().uuidString)/tiny-jam")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("tests"), withIntermediateDirectories: true)
        let game = Edujam.root.appendingPathComponent("Tests/PlaytestTests/Fixtures/games/tiny-jam/game.lua")
        try FileManager.default.copyItem(at: game, to: folder.appendingPathComponent("game.lua"))
        for (name, source) in bots {
            try source.write(to: folder.appendingPathComponent("tests/\(name)"), atomically: true, encoding: .utf8)
        }
        return folder.path
    }

    @Test(arguments: [
        (
            "math.maxinteger",
            "seeds: 9223372036854775807 is not a whole number from -9007199254740992 to 9007199254740992"
        ),
        ("1e300", "seeds: 1e+300 is not a whole number from"),
        ("0/0", "is not a whole number from"),
        ("{math.maxinteger - 1, math.maxinteger}", "seeds: 9223372036854775806 is not a whole number"),
        ("{math.mininteger, math.maxinteger}", "seeds: -9223372036854775808 is not a whole number"),
        ("{-1e300, 1e300}", "seeds: -1e+300 is not a whole number"),
    ])
    func aBotWithAnImpossibleSeedFailsAloneWithoutATrap(seeds: String, message: String) throws {
        let folder = try gameWithBots([
            "bad.bot.lua": "return { seeds = \(seeds), answer = function() return '1' end }",
            "good.bot.lua": "return { seeds = {1, 3}, answer = function() return '1' end }",
        ])
        let result = try Edujam().run(["test", folder, "--fuzz-runs", "0"])
        #expect(result.status == 1, "exit \(result.status): \(result.error)")  // a failed test, not SIGILL (132)
        #expect(result.output.contains("bad.bot.lua"))
        #expect(result.output.contains(message), "\(result.output)")
        #expect(result.output.contains("good.bot.lua (3 playthroughs)"), "the other bot still ran")
        #expect(result.output.hasSuffix("1 passed, 1 failed\n"), "\(result.output)")
    }

    @Test func aDriversHugeThinkingIsRefusedAndTheReportStillWorks() throws {
        let cli = Edujam()
        defer { cli.remove() }
        let answers =
            "{\"text\":\"1\",\"thinking\":1}\n{\"text\":\"2\",\"thinking\":1.7e308}\n{\"text\":\"3\",\"thinking\":1.7e308}\n"
        let games = ["--games", Self.numbers]
        let play = try cli.run(["play", "\(Self.numbers)/big-jam", "--driver", "jsonl"] + games, input: answers)
        #expect(
            play.error.contains(
                "stdin line 2: \"thinking\": a think time is a number of seconds from 0 to 86400 (one day), got 1.7e+308; input ends here"
            ),
            "\(play.error)")
        let json = try cli.run(["report", "--json"] + games)
        #expect(json.status == 0, "\(json.error)")
        let object = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
        let run = try #require((object?["runs"] as? [[String: Any]])?.first)
        #expect(run["durationSeconds"] as? Double == 1, "the refused think time did not count")
        let text = try cli.run(["report"] + games)
        #expect(text.status == 0 && text.output.contains("BIG-JAM"), "exit \(text.status): \(text.error)")
    }

    @Test func twoStudentsWithHugeQuantitiesKeepTheClassReportReadable() throws {
        let cli = Edujam()
        defer { cli.remove() }
        let games = ["--games", Self.numbers]
        #expect(try cli.run(["catalog", "--publish"] + games).status == 0)
        #expect(try cli.run(["class", "create", "5A"] + games).status == 0)
        #expect(try cli.run(["class", "add", "5A", "ana", "ben"] + games).status == 0)
        #expect(try cli.run(["assign", "--class", "5A", "--title", "Big", "BIG-JAM"] + games).status == 0)
        for student in ["ana", "ben"] {
            let play = try cli.run(["play", "BIG-JAM", "--student", student] + games, input: "1.797e308\nyes\n")
            #expect(play.status == 0, "\(play.error)")
        }
        let json = try cli.run(["report", "--class", "5A", "--json"] + games)
        #expect(json.status == 0, "\(json.error)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let summary = try #require(
            ((report["assignments"] as? [[String: Any]])?.first?["summary"] as? [[String: Any]])?.first)
        #expect(summary["averageQuantity"] as? Double == 1.797e308)
        let text = try cli.run(["report", "--class", "5A"] + games)
        #expect(text.status == 0 && text.output.contains("average 1.797e+308"), "\(text.output)\(text.error)")
    }
}
