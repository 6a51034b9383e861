import Foundation
import Testing

/// Whatever a game, a folder or a store holds, every command prints it
/// cleaned (`?` for each control, bidi or zero-width character), and JSON keeps it exactly.
@Suite struct HostileTextTests {
    @Test func catalogCleansTitlesSummariesKeywordsLevelsAndLoadErrors() throws {
        let games = try HostileGames()
        let cli = Edujam()
        defer {
            games.remove()
            cli.remove()
        }
        let result = try cli.run(["catalog", games.folder])
        expectNoRawControls(result, "catalog")
        #expect(result.status == 1, "the game with a syntax error is listed as broken")
        for text in ["org.hostile  Collection ", "HOSTILE  Title ", "    Summary ", "keywords: kw ", "LEVEL-1  Level "]
        {
            #expect(result.output.contains(text + HostileGames.cleaned), "\(text)")
        }
        #expect(result.output.contains("syntax?2J  BROKEN (/") && result.output.contains("/games?[31m/syntax?2J): "))
        #expect(result.output.contains("unfinished string near '\"red?[31m??'"))
    }

    @Test func catalogJSONKeepsTheExactTextEscaped() throws {
        let games = try HostileGames()
        let cli = Edujam()
        defer {
            games.remove()
            cli.remove()
        }
        let result = try cli.run(["catalog", games.folder, "--json"])
        expectNoRawControls(result, "catalog --json")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let game = try #require((document["games"] as? [[String: Any]])?.first { $0["title"] != nil })
        #expect(game["title"] as? String == "Title " + HostileGames.raw, "lossless: NUL, CR and U+202E included")
        #expect(result.output.contains(#"\u009b2J"#) && result.output.contains(#"\u202eevil \u200bzw"#))
    }

    @Test func checkCleansFolderNamesAndTheOffendingToken() throws {
        let games = try HostileGames()
        let cli = Edujam()
        defer {
            games.remove()
            cli.remove()
        }
        let result = try cli.run(["check", games.folder, "--fuzz-runs", "2", "--no-luacheck"])
        expectNoRawControls(result, "check")
        #expect(result.output.contains("games?[31m/syntax?2J/game.lua:1"))
        #expect(result.output.contains("unfinished string near '\"red?[31m??'"))
        #expect(result.output.contains("games?[31m/evil?]52;c;aGk=??/game.lua"))
    }

    @Test func testCleansTranscriptFailuresAndWhatTheGameSaid() throws {
        let games = try HostileGames()
        let cli = Edujam()
        defer {
            games.remove()
            cli.remove()
        }
        let result = try cli.run(["test", games.folder, "--fuzz-runs", "2"])
        expectNoRawControls(result, "test")
        #expect(result.status == 1)
        #expect(result.output.contains("FAIL  evil?]52;c;aGk=??  hostile.play: hostile case"))
        #expect(result.output.contains("expected 'never said'"))
        #expect(result.output.contains("| Say " + HostileGames.cleaned + "\n"))
        #expect(result.output.contains("| Ask " + HostileGames.cleaned))
        #expect(result.output.contains("Boom ?[31mred ?]52;c;aGk=?"))
    }

    @Test func playCleansTheMenuSayAskAndTheErrorWithItsExcerpt() throws {
        let games = try HostileGames()
        let cli = Edujam()
        defer {
            games.remove()
            cli.remove()
        }
        // names: RosterCommandTests
        let result = try cli.run(["play", games.game, "--student", "ana"], input: "1\nhello\n")
        expectNoRawControls(result, "play")
        #expect(result.status == 1)
        #expect(result.output.contains("  1) Level " + HostileGames.cleaned + "\n"))
        #expect(result.output.contains("Say " + HostileGames.cleaned + "\n"))
        #expect(result.output.contains("Ask " + HostileGames.cleaned))
        #expect(result.error.contains("/game.lua:13: Boom ?[31mred ?]52;c;aGk=? ?2J ?"))
        #expect(result.error.contains("  13 |     error(\"Boom \" .. H) -- ?[2J ? ? ?\n"))
        #expect(result.error.contains("games?[31m/evil?]52;c;aGk=??/game.lua:13: in function"))
    }

    @Test func playDriverWritesEscapedJSON() throws {
        let games = try HostileGames()
        let cli = Edujam()
        defer {
            games.remove()
            cli.remove()
        }
        let result = try cli.run(["play", games.game, "--level", "LEVEL-1", "--driver", "jsonl"], input: "hello\n")
        expectNoRawControls(result, "play --driver jsonl")
        let events = try result.output.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(events.first { $0["event"] as? String == "item" }?["identifier"] as? String == "score\u{9B}\u{202E}")
    }

    @Test func reportCleansStudentsAndItemIds() throws {
        let games = try HostileGames()
        let cli = Edujam()
        defer {
            games.remove()
            cli.remove()
        }
        let student = "ana\u{1B}[1m\u{07}\u{202E}"
        // Such a name is refused at the door, unless a store from before the check has it on a roster.
        _ = try cli.run(["class", "create", "C1", "--games", games.folder])
        _ = try cli.run(["class", "add", "C1", "ana", "--games", games.folder])
        try OldStore.execute(cli.store, "UPDATE class_students SET student = ?", [student])
        _ = try cli.run(["play", games.game, "--level", "LEVEL-1", "--student", student], input: "hello\n")
        let text = try cli.run(["report", "--games", games.folder])
        expectNoRawControls(text, "report")
        #expect(text.output.contains("ana?[1m??  HOSTILE/"), "\(text.output)")
        #expect(text.output.contains("not finished"), "an error run shows no result: \(text.output)")
        let json = try cli.run(["report", "--games", games.folder, "--json"])
        expectNoRawControls(json, "report --json")
        let runs = try #require(
            (try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])?["runs"]
                as? [[String: Any]])
        #expect(runs.first?["student"] as? String == student)
        #expect(runs.first?["primaryItem"] as? String == "score\u{9B}\u{202E}")
    }
}
