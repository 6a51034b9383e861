import Foundation
import Testing

/// `edujam play` with piped input, checked through the stored report, as a
/// script driving the real binary would.
@Suite struct PlayCommandTests {
    /// Answers every question wrong, then reads the right answers from the feedback.
    private func mathAnswers(seed: Int, cli: Edujam) throws -> [String] {
        let wrong = try cli.run(
            ["play", "games/math-jam", "--level", "LEVEL-2", "--seed", "\(seed)", "--student", "probe"],
            input: String(repeating: "-1\n", count: 10))
        return wrong.output.split(separator: "\n").compactMap { line in
            line.hasPrefix("Not quite: ")
                ? line.split(separator: "=").last.map { $0.trimmingCharacters(in: .whitespaces) } : nil
        }
    }

    /// `--record` cuts the output into segments at each input, as transcripts do: the recorded
    /// case replays green with `edujam test`.
    @Test func aRecordedSessionReplaysAsATranscript() throws {
        let cli = Edujam()
        defer { cli.remove() }
        let folder = try Edujam.scratchFolder("record")
        defer { try? FileManager.default.removeItem(at: folder) }
        let game = folder.appendingPathComponent("math-jam")
        try FileManager.default.createDirectory(
            at: game.appendingPathComponent("tests"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Edujam.root.appendingPathComponent("games/math-jam/game.lua"),
            to: game.appendingPathComponent("game.lua"))
        let file = game.appendingPathComponent("tests/recorded.play").path
        let answers = try mathAnswers(seed: 42, cli: cli)
        let played = try cli.run(
            ["play", game.path, "--level", "LEVEL-2", "--seed", "42", "--student", "ana", "--record", file],
            input: answers.prefix(3).joined(separator: "\n") + "\n")
        #expect(played.status == 0, "\(played.error)")
        let lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").map(String.init)
        let inputs = lines.filter { $0.hasPrefix("> ") }.map { $0.dropFirst(2).split(separator: " ").first ?? "" }
        #expect(inputs == answers.prefix(3).map { Substring($0) })
        // The question that reads the first answer is in the segment before it.
        let first = try #require(lines.firstIndex { $0.hasPrefix("> ") })
        #expect(lines[first - 1].hasSuffix("= ?"))
        let replayed = try cli.run(["test", game.path, "--fuzz-runs", "0"])
        #expect(replayed.status == 0, "\(replayed.output)\(replayed.error)")
    }

    @Test func mathJamPerfectRunIsFinishedAndStored() throws {
        let cli = Edujam()
        defer { cli.remove() }
        let answers = try mathAnswers(seed: 42, cli: cli)
        #expect(answers.count == 10)
        let result = try cli.run(
            ["play", "games/math-jam", "--level", "LEVEL-2", "--seed", "42", "--student", "ana"],
            input: answers.joined(separator: "\n") + "\n")
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("Correct!"))
        let run = try #require(try cli.runs().first { $0["student"] as? String == "ana" })
        #expect(run["outcome"] as? String == "finished")
        #expect(run["identifierPath"] as? [String] == ["org.edujam.games", "MATH-JAM", "LEVEL-2"])
        #expect(run["primaryItem"] as? String == "score")
        #expect(run["progress"] as? Double == 1)
        #expect((run["durationSeconds"] as? Double ?? -1) >= 0)
        #expect(run.item("score")?["kind"] as? String == "quantity")
        #expect((run.item("score")?["value"] as? Double ?? 0) >= 100)
        #expect(run.item("correct")?["score"] as? Double == 10)
        #expect(run.item("correct")?["maxScore"] as? Double == 10)
        #expect(run.item("passed")?["value"] as? Bool == true)
        #expect(run.item("passed")?["valueType"] as? String == "passFail")
    }

    @Test func mathJamQuitRunKeepsWhatWasReported() throws {
        let cli = Edujam()
        defer { cli.remove() }
        let answers = try mathAnswers(seed: 7, cli: cli)
        let result = try cli.run(
            ["play", "games/math-jam", "--level", "LEVEL-2", "--seed", "7", "--student", "bo"],
            input: answers.prefix(3).joined(separator: "\n") + "\n")
        #expect(result.status == 0)
        #expect(result.output.contains("Goodbye"))
        let run = try #require(try cli.runs().first { $0["student"] as? String == "bo" })
        #expect(run["outcome"] as? String == "quit")
        #expect(run.item("correct") == nil, "results only at the end: a round left half-way has none")
        #expect((run["progress"] as? Double ?? 0) >= 0.3)
        #expect(run.item("passed") == nil)
    }

    @Test func wordJamPerfectRunAfterLearningTheWords() throws {
        let cli = Edujam()
        defer { cli.remove() }
        let probe = try cli.run(
            ["play", "games/word-jam", "--level", "LEVEL-1", "--seed", "5", "--student", "probe"],
            input: String(repeating: "zzz\n", count: 16))
        let words = probe.output.split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: "The word was ") else { return nil }
            return String(line[range.upperBound...].dropLast()).lowercased()
        }
        #expect(words.count == 8)
        let result = try cli.run(
            ["play", "games/word-jam", "--level", "LEVEL-1", "--seed", "5", "--student", "cy"],
            input: words.joined(separator: "\n") + "\n")
        #expect(result.status == 0)
        let run = try #require(try cli.runs().first { $0["student"] as? String == "cy" })
        #expect(run["outcome"] as? String == "finished")
        #expect(run["primaryItem"] as? String == "score")
        #expect(run.item("score")?["value"] as? Double == 80)
        #expect(run["progress"] as? Double == 1)
    }

    @Test func failingScriptIsKindToTheStudentAndPreciseForTheAuthor() throws {
        let cli = Edujam()
        defer { cli.remove() }
        let result = try cli.run(["play", "Tests/CLITests/Fixtures/broken/crash", "--student", "dee"], input: "hi\n")
        #expect(result.status == 1)
        #expect(result.output.contains("Sorry, this game ran into a problem"))
        #expect(result.error.contains("crash/game.lua:9: attempt to index a nil value (local 't')"))
        #expect(result.error.contains("stack traceback:"))
        let runs = try cli.run(["report", "--json", "--games", "Tests/CLITests/Fixtures/broken"])
        #expect(runs.output.contains("\"outcome\" : \"error\""))
        #expect(runs.output.contains("\"value\" : 5"))
    }

    @Test func menuWhenNoLevelIsGiven() throws {
        let cli = Edujam()
        defer { cli.remove() }
        let result = try cli.run(["play", "games/math-jam", "--seed", "1"], input: "3\n")
        #expect(result.output.contains("Choose a level:"))
        #expect(result.output.contains("3) Times Tables"))
        let run = try #require(try cli.runs().first)
        #expect(run["identifierPath"] as? [String] == ["org.edujam.games", "MATH-JAM", "LEVEL-3"])
    }

    @Test func identifierPathLaunchesLikeADeepLink() throws {
        let cli = Edujam()
        defer { cli.remove() }
        _ = try cli.run(["play", "MATH-JAM/LEVEL-3", "--seed", "1"], input: "")
        let run = try #require(try cli.runs().first)
        #expect(run["identifierPath"] as? [String] == ["org.edujam.games", "MATH-JAM", "LEVEL-3"])
    }

    @Test(arguments: [
        (["play"], "play takes one game folder or identifier path"),
        (["play", "games/math-jam", "--lvl", "2"], "unknown option '--lvl'; did you mean '--level'?"),
        (["play", "games/math-jam", "--seed", "abc"], "--seed needs a whole number, got 'abc'"),
        (["play", "NOPE-JAM"], "'NOPE-JAM' is neither a game folder nor an identifier path of a game in games\n"),
        // Ids are exact, as ClassKit's: one that differs only in case is suggested, not taken.
        (
            ["play", "math-jam/LEVEL-2"],
            "'math-jam/LEVEL-2' is neither a game folder nor an identifier path of a game in games; "
                + "did you mean 'MATH-JAM/LEVEL-2'?"
        ),
        (["play", "Word-Jam"], "games; did you mean 'WORD-JAM'?"),
        (["plya"], "unknown command 'plya'; did you mean 'play'?"),
    ])
    func usageErrorsExit64(_ arguments: [String], _ message: String) throws {
        let cli = Edujam()
        defer { cli.remove() }
        let result = try cli.run(arguments)
        #expect(result.status == 64)
        #expect(result.error.contains(message), "\(result.error)")
    }

    @Test func unknownLevelNamesTheLevels() throws {
        let cli = Edujam()
        defer { cli.remove() }
        for arguments in [["games/math-jam", "--level", "LEVEL-9"], ["MATH-JAM/LEVEL-9"]] {
            let result = try cli.run(["play"] + arguments)
            #expect(result.status == 64, "a usage error")
            #expect(
                result.error.contains(
                    "no level 'LEVEL-9' in this game; did you mean 'LEVEL-1'? (levels: LEVEL-1, LEVEL-2, LEVEL-3)"))
            #expect(result.error.contains("usage: edujam play"))
            #expect(try cli.runs().isEmpty, "no attempt is saved")
        }
    }

    @Test func terminalEscapesNeverReachTheStudent() throws {
        let cli = Edujam()
        defer { cli.remove() }
        let result = try cli.run(["play", "games/math-jam", "--level", "LEVEL-1", "--seed", "1"], input: "\u{1B}[2J\n")
        #expect(!result.output.contains("\u{1B}"))
    }
}
