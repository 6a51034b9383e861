import CSQLite
import Foundation
import Testing

/// `edujam replay` through the binary: a played attempt shown again as the student saw it, and
/// written as a transcript that `edujam test` passes.
@Suite struct ReplayCommandTests {
    /// A games folder of its own (the collection and Math Jam, without its tests), so a test
    /// can add a transcript to the game.
    private func games() throws -> URL {
        let folder = try Edujam.scratchFolder("replay-games")
        let game = folder.appendingPathComponent("math-jam")
        try FileManager.default.createDirectory(
            at: game.appendingPathComponent("tests"), withIntermediateDirectories: true)
        let source = Edujam.root.appendingPathComponent("games")
        try FileManager.default.copyItem(
            at: source.appendingPathComponent("collection.lua"), to: folder.appendingPathComponent("collection.lua"))
        try FileManager.default.copyItem(
            at: source.appendingPathComponent("math-jam/game.lua"), to: game.appendingPathComponent("game.lua"))
        return folder
    }

    /// The UUID of the one attempt in the store file.
    private func attemptUUID(_ cli: Edujam) throws -> String {
        var db: OpaquePointer?
        defer { sqlite3_close_v2(db) }
        var statement: OpaquePointer?
        defer { sqlite3_finalize(statement) }
        guard sqlite3_open(cli.store, &db) == SQLITE_OK,
            sqlite3_prepare_v2(db, "SELECT uuid FROM activities", -1, &statement, nil) == SQLITE_OK,
            sqlite3_step(statement) == SQLITE_ROW, let text = sqlite3_column_text(statement, 0)
        else { throw POSIXError(.ENOENT) }
        return String(cString: text)
    }

    private func session(_ arguments: [String], cli: Edujam) throws -> TerminalSession {
        try TerminalSession(arguments, environment: ["EDUJAM_STORE": cli.store, "NO_COLOR": "1", "TERM": "xterm"])
    }

    /// Runs `body` with a fresh store and games folder, removed after.
    private func withGames(_ body: (Edujam, URL) throws -> Void) throws {
        let cli = Edujam()
        defer { cli.remove() }
        let folder = try games()
        defer { try? FileManager.default.removeItem(at: folder) }
        try body(cli, folder)
    }

    @Test func aReplayShowsTheSameScreensAsThePlay() throws {
        try withGames { cli, folder in
            let play = try session(["play", "MATH-JAM/LEVEL-1", "--seed", "42", "--games", folder.path], cli: cli)
            for (index, answer) in ["5", "9", "oops", "9", "8", "0", "9", "9", "7", "7", "8"].enumerated() {
                #expect(play.expect(" = ?"), "question \(index): \(play.output)")
                if index == 6 { Thread.sleep(forTimeInterval: 3.2) }  // too slow for the speed bonus
                play.type(answer + "\n")
            }
            #expect(play.waitForExit() == 0)

            let uuid = try attemptUUID(cli)
            let replay = try session(["replay", String(uuid.prefix(8)), "--games", folder.path], cli: cli)
            #expect(replay.waitForExit() == 0)
            #expect(replay.output == play.output)
            #expect(play.output.contains("Correct! Great job! (+10, speed bonus +5)"))
            #expect(play.output.contains("Correct! Brilliant! (+10)\n"), "the slow answer: \(play.output)")
        }
    }

    @Test func aReplayedTranscriptPassesTheGamesTests() throws {
        try withGames { cli, folder in
            let answers = "5\n9\n9\n6\n9\n9\n"  // then the student leaves
            let play = try cli.run(
                ["play", "MATH-JAM/LEVEL-1", "--seed", "42", "--games", folder.path], input: answers)
            #expect(play.status == 0, "\(play.error)")

            let file = folder.appendingPathComponent("math-jam/tests/attempt.play").path
            let replay = try cli.run(["replay", try attemptUUID(cli), "--transcript", file, "--games", folder.path])
            #expect(replay.status == 0, "\(replay.error)")
            let transcript = try String(contentsOfFile: file, encoding: .utf8)
            #expect(transcript.contains("seed: 42\nlevel: LEVEL-1\n"), "\(transcript)")
            #expect(transcript.contains("report: outcome = quit"), "\(transcript)")
            #expect(!transcript.contains("student:"), "the game never saw who played")

            let test = try cli.run(["test", folder.appendingPathComponent("math-jam").path, "--fuzz-runs", "0"])
            #expect(test.status == 0, "\(test.output)\(test.error)\n\(transcript)")
            #expect(test.output.contains("1 passed, 0 failed"), "\(test.output)")
        }
    }

    /// A record the student changed while the attempt ran can hold escape sequences and a line
    /// break in a reply: the transcript writes them as `\u{HEX}`, so the file is plain text a
    /// teacher can `cat`, and `edujam test` types the reply back exactly.
    @Test func aReplyWithEscapesIsWrittenAsPlainText() throws {
        try withGames { cli, folder in
            let echo = folder.appendingPathComponent("echo")
            try FileManager.default.createDirectory(
                at: echo.appendingPathComponent("tests"), withIntermediateDirectories: true)
            try Data(Self.echoGame.utf8).write(to: echo.appendingPathComponent("game.lua"))
            let play = try cli.run(["play", "ECHO", "--games", folder.path], input: "hello\n")
            #expect(play.status == 0, "\(play.error)")
            // The reply becomes an OSC 52 clipboard write, a clear-screen, a carriage return and a line break.
            let hostile = #"\u001b]52;c;aGk=\u0007\u001b[2J\r\nhello"#
            try OldStore.execute(
                cli.store,
                "UPDATE attempt_inputs SET record = replace(record, ?1, ?2), "
                    + "bytes = length(CAST(replace(record, ?1, ?2) AS BLOB))", [#""hello""#, "\"\(hostile)\""])
            let file = echo.appendingPathComponent("tests/attempt.play").path
            let replay = try cli.run(["replay", try attemptUUID(cli), "--transcript", file, "--games", folder.path])
            #expect(replay.status == 0, "\(replay.error)")
            let transcript = try String(contentsOfFile: file, encoding: .utf8)
            #expect(rawControls(transcript) == [], "\(transcript)")
            #expect(!transcript.contains("\r"), "\(transcript)")
            #expect(transcript.contains(#"> \u{1B}]52;c;aGk=\u{7}\u{1B}[2J\u{D}\u{A}hello"#), "\(transcript)")
            #expect(transcript.contains("You typed 23 bytes"), "the game read the reply as typed: \(transcript)")
            let test = try cli.run(["test", echo.path, "--fuzz-runs", "0"])
            #expect(test.status == 0, "\(test.output)\(test.error)\n\(transcript)")
            #expect(test.output.contains("1 passed, 0 failed"), "\(test.output)")
        }
    }

    /// A game that says how many bytes the student typed.
    private static let echoGame = """
        return { id = "ECHO", title = "Echo", play = function()
          activity.start()
          local answer = ask("Say something")
          say("You typed " .. #(answer or "") .. " bytes")
          activity.score("done", 1, 1)
          activity.finish()
        end }

        """

    @Test func storeCopyCarriesTheRecord() throws {
        try withGames { cli, folder in
            // A game cache of its own: this machine's may hold the version from a store of its own.
            let data = ["XDG_DATA_HOME": folder.appendingPathComponent("data").path]
            let play = try cli.run(
                ["play", "MATH-JAM/LEVEL-1", "--seed", "42", "--games", folder.path], input: "5\n9\n", environment: data
            )
            #expect(play.status == 0, "\(play.error)")
            let uuid = try attemptUUID(cli)
            let copy = Edujam()
            defer { copy.remove() }
            #expect(try cli.run(["store", "copy", cli.store, copy.store]).status == 0)
            let original = try cli.run(["replay", uuid, "--fast", "--games", folder.path])
            let copied = try copy.run(["replay", uuid, "--fast", "--games", folder.path])
            #expect(copied.status == 0, "\(copied.error)")
            #expect(copied.output == original.output && original.output.contains("2 + 3 = ? 5\n"))
        }
    }

    /// The game the attempt ran, or no replay: a changed local copy is not replayed in its place.
    @Test func anAttemptOfAVersionNoOneHasIsNotReplayedWithOtherCode() throws {
        try withGames { cli, folder in
            // A game cache of its own: this machine's may hold the version from a store of its own.
            let data = ["XDG_DATA_HOME": folder.appendingPathComponent("data").path]
            let play = try cli.run(
                ["play", "MATH-JAM/LEVEL-1", "--seed", "42", "--games", folder.path], input: "5\n9\n", environment: data
            )
            #expect(play.status == 0, "\(play.error)")
            let uuid = String(try attemptUUID(cli).prefix(8))
            #expect(try cli.run(["replay", uuid, "--fast", "--games", folder.path], environment: data).status == 0)

            let game = folder.appendingPathComponent("math-jam/game.lua")
            try (String(contentsOf: game, encoding: .utf8) + "\n-- changed\n").write(
                to: game, atomically: true, encoding: .utf8)
            let changed = try cli.run(["replay", uuid, "--fast", "--games", folder.path], environment: data)
            #expect(changed.status == 1, "\(changed)")
            #expect(changed.output.isEmpty, "nothing of another version is shown: \(changed.output)")
            #expect(
                changed.error.contains("the attempt is not replayable: it ran version ")
                    && changed.error.contains("which the store does not have, and the game in "), "\(changed.error)")

            let nowhere = try cli.run(
                ["replay", uuid, "--fast", "--games", Edujam.root.appendingPathComponent("docs").path],
                environment: data)
            #expect(
                nowhere.status == 1 && nowhere.error.contains("and no games folder has MATH-JAM/LEVEL-1"), "\(nowhere)")
        }
    }

    @Test func anAttemptNoOneCanNameIsAClearError() throws {
        try withGames { cli, folder in
            let replay = try cli.run(["replay", "7f0c", "--games", folder.path])
            #expect(replay.status == 1)
            #expect(replay.error == "edujam replay: no attempt you can read has a UUID starting with '7f0c'\n")
        }
    }
}
